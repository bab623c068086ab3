#pragma once
// The broker agent's roles together, as its actor holds them: each role reaches the others
// through this (they call one another: an allocation settles a CNP, an ending releases).
#include "agents/broker_bots.hpp"
#include "agents/broker_contracts.hpp"
#include "agents/broker_dispatch.hpp"
#include "agents/broker_job.hpp"
#include "agents/broker_ledger.hpp"
#include "agents/broker_report.hpp"

namespace botsim::agents {

struct BrokerRoles {
  BrokerRoles(Run& run, std::string host, BotContracts::Terms terms)
      : ctx(run, std::move(host)), bots(*this, terms) {}
  BrokerRoles(const BrokerRoles&) = delete;  // the roles refer to it
  BrokerRoles& operator=(const BrokerRoles&) = delete;

  BrokerContext ctx;
  BotContracts bots;                   // CNP contractor for consumers' BoTs
  ResourceContracts contracts{*this};  // CNP manager for resources
  ResourceLedger ledger{*this};        // allocation and billing
  TaskDispatch dispatch{*this};        // task hand-out
  BotReporting report{*this};          // ending and reporting
};

}  // namespace botsim::agents
