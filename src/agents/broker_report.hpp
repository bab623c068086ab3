#pragma once
// The broker agent's ending and reporting for one BoT: it runs once composed, ends when its
// tasks are done, its deadline passed or nothing is left to run on, and its result tells the
// consumer what the other roles did and why it stopped. Its own data: whether the BoT runs or
// ends, its deadline, the failures told with the result. The other roles' numbers come in as a
// Tally (broker.hpp gathers it).
#include <optional>
#include <string>
#include <vector>

#include "agents/protocol.hpp"

namespace botsim::agents {

class BotReporting {
 public:
  explicit BotReporting(const BotRequest& bot) : bot_(bot) {}

  /// Every first resource CNP settled: the BoT runs (Section 2.2).
  void start_running() { running_ = true; }
  bool running() const { return running_; }
  /// The BoT ends: its resources are being given back, its result goes once they are.
  void begin_ending() { ending_ = true; }
  bool ending() const { return ending_; }
  /// The consumer's deadline passed: the BoT ends at its next step.
  void deadline_passed() { deadline_passed_ = true; }
  bool past_deadline() const { return deadline_passed_; }
  /// RA `ra`'s host failed: told with the result; returns why ("resource RA failed").
  std::string resource_failed(const std::string& ra);
  /// A replacement could not be had, for `reason`: told after the failure it follows.
  void replacement_lost(const std::string& reason) { resource_failures_.push_back(reason); }

  /// What the other roles did for the BoT, at its end.
  struct Tally {
    long instances = 0;  // resources composed (ResourceLedger)
    double spent = 0;
    long charged_units = 0;
    long renewals = 0;
    std::string budget_short;               // why a renewal was refused for money, if one was
    std::vector<std::string> cnp_failures;  // first and late CNPs (ResourceContracts)
    long failed_cnps = 0;                   // replacements' included
    bool finished = false;                  // every task done (TaskDispatch)
    long tasks_done = 0;
    double critical_busy_s = 0;
  };
  /// The BoT's result for its consumer: what was done and, for a BoT stopped with tasks
  /// undone, why (its user_status and the reasons, the most telling first).
  BotResult result(const Tally& t) const;

 private:
  const BotRequest& bot_;
  bool running_ = false, ending_ = false;
  bool deadline_passed_ = false;
  std::vector<std::string> resource_failures_;  // failed hosts and replacements not had
};

}  // namespace botsim::agents
