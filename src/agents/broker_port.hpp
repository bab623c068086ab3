#pragma once
// What the broker agent's roles do through the simulation (Gutierrez-Garcia & Sim 2012,
// Section 2.2): messages to service providers, consumers and the Cloud directory, timers back
// to the broker, the clock and the run. The actor is one (BrokerAgent); the unit tests fake
// one, so that each role runs without SimGrid.
#include <string>
#include <variant>

#include "agents/protocol.hpp"
#include "platform/run.hpp"

namespace botsim::agents {

/// What a broker tells a consumer: a proposal or refusal for its BoT, then the BoT's result.
using ConsumerReply = std::variant<Propose, Refuse, BotResult>;

class BrokerPort {
 public:
  virtual ~BrokerPort() = default;
  virtual double now() const = 0;
  virtual Run& run() = 0;
  /// The broker's host: its name in the directory and in its messages.
  virtual const std::string& host() const = 0;
  /// A message to the SPA on host `spa`, counted for `user`.
  virtual void to_provider(const std::string& user, const std::string& spa, ProviderMessage m) = 0;
  /// A message to the consumer at `to`, counted for `user`.
  virtual void to_consumer(const ConsumerAddress& to, const std::string& user, ConsumerReply m) = 0;
  /// Asks the directory for the SPAs on `user`'s behalf (a Listing comes back).
  virtual void look_up_providers(const std::string& user) = 0;
  /// A timer: `m` comes back to the broker at `at`.
  virtual void at(double at, BrokerMessage m) = 0;
  /// Where the SPAs answer the broker.
  virtual BrokerAddress address() = 0;
};

}  // namespace botsim::agents
