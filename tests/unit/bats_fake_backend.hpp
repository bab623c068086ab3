#pragma once
// Test-only FleetBackend: the instance pool of a BaTS master without SimGrid. Machines are
// named m01, m02, ... in request order (so by name as the pool's), become ready when the test
// says so, run one task at a time and tell what they were asked to do; the clock is the test's.
#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

#include "bats/fleet_backend.hpp"

namespace botsim::bats::test {

class FakeBackend : public FleetBackend {
 public:
  struct TaskRun {
    std::string machine;
    long task;
    bool replica;
  };
  struct Alarm {
    std::string machine;
    double at_s;
  };

  double clock = 0;
  std::vector<TaskRun> runs;
  std::vector<Alarm> alarms;
  std::vector<std::string> stops;

  std::map<std::string, Instance>& live() override { return live_; }
  Instance& request(const cloud::InstanceType& type) override {
    Instance inst;
    inst.name = fmt::format("m{:02d}", ++requested_);
    inst.type = &type;
    inst.billing_start_s = clock;
    inst.slots.resize(static_cast<size_t>(type.cores));
    std::string name = inst.name;
    return live_.emplace(name, std::move(inst)).first->second;
  }
  std::vector<long> stop(Instance& inst) override {
    inst.stopping = true;
    stops.push_back(inst.name);
    std::vector<long> lost;
    for (auto& s : inst.slots)
      if (!s.idle()) {
        lost.push_back(s.task);
        s.task = -1;
      }
    inst.busy = 0;
    return lost;
  }
  void run(Instance& inst, long task, bool replica) override {
    inst.slots[0].task = task;
    inst.slots[0].start_s = clock;
    inst.busy = 1;
    runs.push_back({inst.name, task, replica});
  }
  void alarm_at(const Instance& inst, double at_s) override { alarms.push_back({inst.name, at_s}); }
  double now() const override { return clock; }

  /// The provider delivered `name` (InstanceReady).
  Instance& deliver(const std::string& name) {
    Instance& inst = live_.at(name);
    inst.ready = true;
    return inst;
  }
  /// `name`'s task ended (TaskDone): its slot is free again; returns the task.
  long finish(const std::string& name) {
    Instance& inst = live_.at(name);
    long task = inst.slots[0].task;
    inst.slots[0].task = -1;
    inst.busy = 0;
    return task;
  }
  /// The task `name` runs, or -1.
  long task_of(const std::string& name) const { return live_.at(name).slots[0].task; }
  /// `name` is gone (InstanceStopped, InstanceRefused): the pool forgets it.
  void forget(const std::string& name) { live_.erase(name); }

 private:
  std::map<std::string, Instance> live_;
  long requested_ = 0;
};

/// Instance types for the tests: `price` per ATU of `atu_s`, at most `max_count` machines.
inline cloud::InstanceType fake_type(const std::string& name, double price, int max_count,
                                     double atu_s = 100) {
  cloud::InstanceType t;
  t.name = name;
  t.speed = 1e9;
  t.price = price;
  t.atu_s = atu_s;
  t.max_count = max_count;
  return t;
}

}  // namespace botsim::bats::test
