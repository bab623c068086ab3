#pragma once
// A cloud provider's idle hosts of one instance type, the next to rent first (docs/cloud.md):
// in platform order until a host comes back, by name from then on, as a list sorted again at
// each return would be, without the sort and the front erase per request.
#include <cstddef>
#include <deque>
#include <set>
#include <string>

namespace botsim::cloud {

class FreeHosts {
 public:
  /// Adds an idle host at the end, before any host came back (the platform's order).
  void add_initial(std::string host) { initial_.push_back(std::move(host)); }
  /// A host is idle again: from now on every idle host is taken by name.
  void give_back(std::string host);
  /// Removes and returns the next host to rent; there must be one.
  std::string take();
  const std::string& front() const {
    return initial_.empty() ? *sorted_.begin() : initial_.front();
  }
  bool empty() const { return initial_.empty() && sorted_.empty(); }
  std::size_t size() const { return initial_.size() + sorted_.size(); }

 private:
  std::deque<std::string> initial_;  // platform order; empty once a host came back
  std::multiset<std::string> sorted_;
};

}  // namespace botsim::cloud
