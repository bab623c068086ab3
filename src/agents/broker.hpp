#pragma once
// The broker agent's wiring (Gutierrez-Garcia & Sim 2012, Sections 2.2, 3, 4): it holds the
// BoTs it proposed for or serves and hands each message to the roles that own what it changes,
// passing on what one role tells the others (a settled CNP starts the BoT, an allocated
// resource joins the scheduler, a failed host loses its task and is replaced, an ended BoT
// gives its resources back and reports). The roles never call one another; calls go from here
// to them. No SimGrid: the actor (broker_agent.hpp) gives it a BrokerPort and the instants.
#include <map>
#include <string>
#include <vector>

#include "agents/broker_bots.hpp"
#include "agents/broker_job.hpp"

namespace botsim::agents {

class Broker {
 public:
  Broker(BrokerPort& port, BotContracts::Terms terms);

  /// One message from the broker's inbox.
  void on(const BrokerMessage& m);
  /// Once every message of the current instant is in: the BoTs they touched hand out their
  /// next tasks (or end), then the instant's allocation checks are made and the BoTs they
  /// touched go on (a resource freed at the check's instant has had its next task).
  void end_of_instant();
  /// The invariant where the broker's run ends: every BoT it took was reported, so none is
  /// left and no release is pending. Throws InternalError naming what is left.
  void check_end() const;

  /// The BoTs held, by user.
  const std::map<std::string, Job>& jobs() const { return jobs_; }

 private:
  struct ToRoles;
  Job* job(const std::string& user);
  void touch(const std::string& user);
  void progress_touched();
  void progress(Job& j);
  void settled(Job& j, const ResourceContracts::Settled& s);
  void end(Job& j);
  void report_if_done(Job& j);
  void check(const CheckAllocation& c);
  /// Whether the budget pays `slots` more of resource `renewed` and `extra` more on top of
  /// what the BoT's money is committed to (held resources, replacements awarded).
  bool affordable(const Job& j, std::optional<int> renewed, long slots, double extra) const;

  BrokerPort& port_;
  std::string host_;
  BotContracts bots_;
  std::map<std::string, Job> jobs_;
  // The BoTs to progress once this instant's messages are in, sorted, each once (a vector and
  // its spare, so that touching a BoT, once per output, allocates nothing).
  std::vector<std::string> touched_, progressing_;
  std::vector<CheckAllocation> checks_;  // this instant's allocation checks, made last
};

}  // namespace botsim::agents
