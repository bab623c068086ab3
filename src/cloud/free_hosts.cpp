#include "cloud/free_hosts.hpp"

#include <iterator>

namespace botsim::cloud {

void FreeHosts::give_back(std::string host) {
  sorted_.insert(std::make_move_iterator(initial_.begin()),
                 std::make_move_iterator(initial_.end()));
  initial_.clear();
  sorted_.insert(std::move(host));
}

std::string FreeHosts::take() {
  if (!initial_.empty()) {
    std::string host = std::move(initial_.front());
    initial_.pop_front();
    return host;
  }
  return std::move(sorted_.extract(sorted_.begin()).value());
}

}  // namespace botsim::cloud
