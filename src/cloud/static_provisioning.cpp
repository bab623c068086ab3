#include "cloud/static_provisioning.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <simgrid/s4u/Engine.hpp>

#include "core/error.hpp"
#include "core/results.hpp"
#include "core/rng.hpp"
#include "core/units.hpp"
#include "platform/messaging.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::cloud {

StaticProvisioning::Params StaticProvisioning::Params::read(const PropReader& props,
                                                            const ActorSite& site) {
  Params p;
  UserSpec user = UserSpec::read(props, site, "task_time", "workload:");
  p.name = user.name;
  p.task_times = std::move(user.tasks);
  p.provider_host = props.text("provider", "provider");
  p.type = find_instance_type(props.text("instance_type"), props, "instance_type",
                              site.run.paths().platform);
  p.instances = props.integer("instances", std::nullopt, 1, p.type.max_count);
  p.random_order =
      props.choice("task_order", {"given", "random"}, std::string("given")) == "random";
  return p;
}

std::string StaticProvisioning::policy(const Params& p) {
  return fmt::format("static:{}x{}", p.instances, p.type.name);
}

StaticProvisioning::StaticProvisioning(Params params, Run& run)
    : params_(std::move(params)), user_(run, params_.name) {}

void StaticProvisioning::operator()() {
  start_s_ = sg4::Engine::get_clock();
  Inbox<StaticProvisioningMessage> inbox("static@" + params_.name);
  pool_.emplace(user_, params_.provider_host,
                PoolAddress::to<StaticProvisioningMessage>(inbox.mailbox()));
  const long n = static_cast<long>(params_.task_times.size());
  std::vector<long> order(static_cast<size_t>(n));
  for (long i = 0; i < n; ++i) order[static_cast<size_t>(i)] = i;
  if (params_.random_order) {
    Rng rng = user_.rng("order:");
    std::shuffle(order.begin(), order.end(), rng);
  }
  queue_.assign(order.begin(), order.end());

  UserRecord u;
  u.model = "static";
  u.policy = policy(params_);
  u.tasks_total = n;
  u.start_s = start_s_;
  InstancePool::open_record(u);
  user_.open(u);

  // All rented up front; an empty bag rents nothing.
  if (n > 0)
    for (long i = 0; i < params_.instances; ++i) pool_->request(params_.type);
  auto& live = pool_->live();
  while (!((job_done() || stopped_) && live.empty())) {
    auto msg = inbox.receive();
    std::visit([this](const auto& m) { on(m); }, *msg);
    dispatch();
  }

  auto& rec = user_.record();
  rec.tasks_done = finished_;
  if (job_done()) rec.finish_s = last_finish_s_;
  pool_->close_record(rec);
}

void StaticProvisioning::dispatch() {
  const auto& free = pool_->with_idle_slot();
  for (auto it = free.begin(); it != free.end() && !queue_.empty() && !stopped_;) {
    Instance& inst = **it++;  // run() takes it out of the index once its last slot is busy
    for (size_t k = 0; k < inst.slots.size() && !queue_.empty(); ++k) {
      if (!inst.slots[k].idle()) continue;
      const long task = queue_.front();
      queue_.pop_front();
      const double flops = params_.task_times[static_cast<size_t>(task)] * params_.type.speed;
      const size_t record = user_.started(task, flops_to_mi(flops), inst.name, start_s_);
      pool_->run(inst, k, task, flops, record);
    }
  }
  if (!queue_.empty() && !stopped_) return;
  // Nothing left to hand out: an idle instance has no more use (its started ATU is paid).
  // Every idle one is in the pool's index of instances with an idle slot (by name, as live()).
  std::vector<Instance*> idle;
  for (Instance* inst : free)
    if (inst->idle()) idle.push_back(inst);
  for (Instance* inst : idle) pool_->stop(*inst);
}

void StaticProvisioning::on(const InstanceReady& m) { pool_->on(m); }

void StaticProvisioning::on(const InstanceRefused& m) {
  spdlog::warn("{}: instance {} refused: {}", params_.name, m.instance, m.reason);
  pool_->on(m);
  ++refused_;
  // The static choice rents once: with every instance refused and none left, nothing will run.
  if (pool_->active() == 0 && !job_done() && !stopped_) {
    stopped_ = true;
    user_.stop(user_status::kResourcesFailed,
               fmt::format("{} of {} instances refused: {}", refused_, params_.instances,
                           m.reason));
  }
}

void StaticProvisioning::on(const InstanceStopped& m) {
  for (long task : pool_->on(m)) queue_.push_front(task);
  if (pool_->active() == 0 && !queue_.empty() && !stopped_) {
    stopped_ = true;
    user_.stop(user_status::kResourcesFailed, "every instance stopped with tasks left");
  }
}

void StaticProvisioning::on(const TaskDone& m) {
  auto done = pool_->on(m);
  if (!done) return;  // stale: the task was lost
  user_.ended(done->record, done->end_s);
  ++finished_;
  last_finish_s_ = done->end_s;
}

void StaticProvisioning::on(const AtuEnding& m) { pool_->on(m); }

}  // namespace botsim::cloud
