#pragma once
// One BoT a broker agent serves (Gutierrez-Garcia & Sim 2012, Section 2.2): its request, its
// consumer, its random stream, and one part per role of the broker, each owning its data: the
// resource CNPs (broker_contracts.hpp), the resources held and their money
// (broker_ledger.hpp), the tasks handed out (broker_dispatch.hpp) and the ending
// (broker_report.hpp). No role calls another: the broker (broker.hpp) passes what one tells
// to the others.
#include <memory>
#include <optional>

#include "agents/broker_contracts.hpp"
#include "agents/broker_dispatch.hpp"
#include "agents/broker_ledger.hpp"
#include "agents/broker_port.hpp"
#include "agents/broker_report.hpp"
#include "core/rng.hpp"

namespace botsim::agents {

struct Job {
  Job(std::shared_ptr<const BotRequest> request, ConsumerAddress to, Rng stream, BrokerPort& port)
      : bot(std::move(request)),
        consumer(std::move(to)),
        rng(std::move(stream)),
        contracts(*bot, port),
        ledger(*bot, port),
        report(*bot) {}

  std::shared_ptr<const BotRequest> bot;
  ConsumerAddress consumer;
  /// The BoT's stream: the CNPs' contractors and R's choices draw from it as they come.
  Rng rng;
  ResourceContracts contracts;
  ResourceLedger ledger;
  std::optional<TaskDispatch> dispatch;  // from the consumer's acceptance on
  BotReporting report;
};

}  // namespace botsim::agents
