#pragma once
// The broker agent's task hand-out (Fig. 5): the BoT's tasks mapped onto its free resources by
// its heuristic, sent through the resources' SPAs, and their outputs taken back (tasks.csv).
#include <string>

#include "agents/broker_job.hpp"

namespace botsim::agents {

class TaskDispatch : BrokerRole {
 public:
  using BrokerRole::BrokerRole;

  void on(const TaskOutput& m);
  /// Once this instant's messages are in: ends the BoT, or hands out its next tasks.
  void progress(Job& j);
  /// The task running on resource `id` (gone at `now`, for `reason`) is lost: priced for the
  /// time it ran at `price` per slot, it goes back to be sent again.
  void lose_running(Job& j, int id, double now, const std::string& reason, double price);

 private:
  void hand_out(Job& j);
};

}  // namespace botsim::agents
