#pragma once
// Test-only BrokerPort: the broker agent's roles without SimGrid. It keeps what they send (to
// providers, to consumers, to the directory) and the timers they set, in order; the clock is
// the test's, and its run knows one platform catalog of the test's making.
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "agents/broker_port.hpp"
#include "agents/catalog.hpp"

namespace botsim::agents::fakes {

class FakeBrokerPort : public BrokerPort {
 public:
  double clock = 0;
  std::vector<std::tuple<std::string, std::string, ProviderMessage>> sent;  // user, SPA, what
  std::vector<std::pair<double, BrokerMessage>> timers;                     // when, what
  std::vector<ConsumerReply> told;                                          // to the consumer
  std::vector<std::string> lookups;                                         // for whom

  explicit FakeBrokerPort(Catalog catalog = {}) {
    run_.set<Catalog>(std::make_shared<Catalog>(std::move(catalog)));
  }
  double now() const override { return clock; }
  Run& run() override { return run_; }
  const std::string& host() const override { return host_; }
  void to_provider(const std::string& user, const std::string& spa, ProviderMessage m) override {
    sent.emplace_back(user, spa, std::move(m));
  }
  void to_consumer(const ConsumerAddress&, const std::string&, ConsumerReply m) override {
    told.push_back(std::move(m));
  }
  void look_up_providers(const std::string& user) override { lookups.push_back(user); }
  void at(double at, BrokerMessage m) override { timers.emplace_back(at, std::move(m)); }
  BrokerAddress address() override { return {}; }

  /// The messages of type M sent to providers, in order, with their SPAs.
  template <class M>
  std::vector<std::pair<std::string, M>> sent_of() const {
    std::vector<std::pair<std::string, M>> out;
    for (const auto& [user, spa, what] : sent)
      if (const M* m = std::get_if<M>(&what)) out.emplace_back(spa, *m);
    return out;
  }

 private:
  Run run_{"platform.xml", "deployment.xml", 1};
  std::string host_ = "ba-0";
};

}  // namespace botsim::agents::fakes
