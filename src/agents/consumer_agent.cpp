#include "agents/consumer_agent.hpp"

#include <spdlog/spdlog.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <stdexcept>

#include "agents/bot.hpp"
#include "agents/catalog.hpp"
#include "agents/records.hpp"
#include "core/error.hpp"
#include "core/results.hpp"
#include "core/units.hpp"
#include "core/workload.hpp"
#include "platform/user_role.hpp"
#include "policy/reader_props.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::agents {

namespace {

// The BoT, given once: `tasks` drawn from Table 4's `distribution` (the run's stream
// "bot:DIST:N", the same for every heuristic: Section 5.1(c)), `sizes` or a `workload` file.
std::vector<Task> read_tasks(const PropReader& props, ConsumerAgent::Params& p,
                             const ActorSite& site) {
  int given = props.has("sizes") + props.has("workload") + props.has("tasks");
  if (given != 1)
    props.fail("tasks",
               "give the BoT once: 'tasks' (with 'distribution'), 'sizes' "
               "(MI, comma-separated) or 'workload' (a file of sizes)");
  std::vector<double> sizes;
  if (props.has("sizes")) {
    p.name = user_name(props, site);
    for (const auto& s : props.list("sizes")) {
      try {
        sizes.push_back(parse_task_size(s));
      } catch (const std::invalid_argument& e) {
        props.fail("sizes", e.what());
      }
    }
  } else {
    UserSpec spec = UserSpec::read(props, site, [&](long long n) {
      std::vector<double> drawn;
      try {
        auto d = parse_distribution(props.text("distribution", "uniform"));
        p.distribution = to_string(d);
        for (const Task& t : make_bot(static_cast<std::size_t>(n), d, site.run.seed()))
          drawn.push_back(t.size_mi);
      } catch (const std::invalid_argument& e) {
        props.fail("distribution", e.what());
      }
      return drawn;
    });
    p.name = spec.name;
    sizes = std::move(spec.tasks);
  }
  const char* key = props.has("sizes") ? "sizes" : "workload";
  if (sizes.empty()) props.fail(key, "the BoT is empty");
  std::vector<Task> tasks;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (!(sizes[i] > 0)) props.fail(key, "task sizes must be positive (MI)");
    tasks.push_back(Task{static_cast<int>(i), sizes[i]});
  }
  return tasks;
}

// `TYPE@TIME,...`: a resource of TYPE whose CNP starts TIME after the BoT's scheduling began.
std::vector<LateResource> read_late_resources(const PropReader& props, const Catalog& types) {
  std::vector<LateResource> late;
  if (!props.has("late_resources")) return late;
  for (const auto& item : props.list("late_resources")) {
    auto at = item.find('@');
    if (at == std::string::npos)
      props.fail("late_resources", quote_text(item) + " is not TYPE@TIME");
    LateResource r{item.substr(0, at), 0};
    if (!types.has_type(r.type))
      props.fail("late_resources", "no resource agent of instance type " + quote_text(r.type));
    try {
      r.after_s = parse_duration(item.substr(at + 1));
    } catch (const std::invalid_argument& e) {
      props.fail("late_resources", quote_text(item) + ": " + e.what());
    }
    if (!(r.after_s >= 0)) props.fail("late_resources", quote_text(item) + ": negative time");
    late.push_back(std::move(r));
  }
  return late;
}

// The rules botsim adds (docs/gutierrez2012.md, "Rules botsim adds"): `rules` gives every
// switch's default, botsim (on) or paper (off: as printed); each switch's own prop overrides it.
// `replace_failed` keeps its values true / false.
AgentRules read_rules(const PropReader& props) {
  const bool paper = props.choice("rules", {"botsim", "paper"}, std::string("botsim")) == "paper";
  AgentRules r = paper ? AgentRules::paper() : AgentRules{};
  auto on_off = [&](const char* key, bool on) {
    return props.choice(key, {"on", "off"}, std::string(on ? "on" : "off")) == "on";
  };
  r.same_instant_wait = on_off("same_instant_wait", r.same_instant_wait);
  r.least_overrun = on_off("least_overrun", r.least_overrun);
  r.replace_failed = props.choice("replace_failed", {"true", "false"},
                                  std::string(r.replace_failed ? "true" : "false")) == "true";
  return r;
}

template <class F>
auto parsed(const PropReader& props, const std::string& key, F parse) {
  try {
    return parse();
  } catch (const std::invalid_argument& e) {
    props.fail(key, e.what());
  }
}

// The registry's entries of the heuristic's ordering and mapping and of the allocation
// mechanism, and the policy objects of those that are not the paper's (the scheduler indexes
// Table 1 and Table 2 itself).
void build_policies(const PropReader& props, BotRequest& b, const std::string& am) {
  using policy::DecisionPoint;
  const Heuristic& h = b.heuristic;
  if (h.kind == HeuristicKind::Fig5) {
    const std::string order =
        h.ordering == TaskOrdering::Registered ? h.registered_ordering : to_string(h.ordering);
    const std::string mapping =
        h.mapping == MappingPolicy::Registered ? h.registered : to_string(h.mapping);
    b.ordering_entry = policy::find_policy_any_case(DecisionPoint::AgentsOrdering, order);
    b.mapping_entry = policy::find_policy_any_case(DecisionPoint::AgentsMapping, mapping);
  }
  if (h.ordering == TaskOrdering::Registered)
    b.ordering_policy = policy::build_policy(
        *b.ordering_entry, props,
        [&](const policy::Props& pp) { return b.ordering_entry->ordering(pp); }, "heuristic");
  if (h.mapping == MappingPolicy::Registered)
    b.mapping_policy = policy::build_policy(
        *b.mapping_entry, props,
        [&](const policy::Props& pp) { return b.mapping_entry->mapping(pp); }, "heuristic");
  auto& a = b.allocation;
  a.registered = a.mechanism == AllocationMechanism::Registered ? am : to_string(a.mechanism);
  b.allocation_entry = policy::find_policy_any_case(DecisionPoint::AgentsAllocation, a.registered);
  if (b.allocation_entry) a.registered = b.allocation_entry->name;
  if (a.mechanism == AllocationMechanism::Registered) {
    const policy::AllocationSetup setup = allocation_setup(a);
    a.policy = policy::build_policy(
        *b.allocation_entry, props,
        [&](const policy::Props& pp) { return b.allocation_entry->allocation(pp, setup); },
        "allocation");
    // A first check that its allocation is one slot or more (initial_slots() throws if not).
    try {
      (void)initial_slots(a);
    } catch (const std::exception& e) {
      props.fail("allocation", describe(*b.allocation_entry) + ": " + e.what());
    }
  }
}

}  // namespace

ConsumerAgent::Params ConsumerAgent::Params::read(const PropReader& props, const ActorSite& site) {
  Params p;
  p.bot = std::make_shared<BotRequest>();
  auto& b = *p.bot;
  std::string h = props.text("heuristic", "LtoS,MaxET");
  b.heuristic = parsed(props, "heuristic", [&] { return parse_heuristic(h); });
  std::string am = props.text("allocation", "i-elastic");
  b.allocation.mechanism =
      parsed(props, "allocation", [&] { return parse_allocation_mechanism(am); });
  // No allocation longer than the horizon (876,600 hours).
  b.allocation.fixed_hours = static_cast<long>(
      props.integer("fixed_hours", 10, 1, static_cast<long long>(kHorizonS / kSlotSeconds)));
  b.allocation.threshold_s = props.duration("threshold", 60.0, 0, kSlotSeconds - 1e-9);
  build_policies(props, b, am);
  b.contractors = static_cast<std::size_t>(props.integer("contractors", 3, 1));
  const Catalog& types = catalog(site.run);
  b.resource_types = props.has("resources") ? props.list("resources") : types.types;
  for (const auto& t : b.resource_types)
    if (!types.has_type(t))
      props.fail("resources",
                 "no resource agent of instance type " + quote_text(t) + " in the platform");
  if (b.resource_types.empty()) props.fail("resources", "the platform has no resource agent");
  b.late_resources = read_late_resources(props, types);
  b.rules = read_rules(props);
  b.handout_latency_seen = props.choice("handout_latency", {"seen", "zero"}, "seen") == "seen";
  b.submit_s = props.duration("submit_at", 1.0);
  if (props.has("budget")) b.budget = props.money("budget");
  if (props.has("deadline")) b.deadline_s = props.duration("deadline", std::nullopt, 1e-9);
  b.tasks = read_tasks(props, p, site);
  b.user = p.name;
  props.reject_unknown();
  return p;
}

ConsumerAgent::ConsumerAgent(Params params, Run& run)
    : params_(std::move(params)), run_(run), user_(run, params_.name) {}

std::string ConsumerAgent::policy(const BotRequest& bot) {
  return policy_name(heuristic_name(bot.heuristic),
                     bot.allocation.mechanism == AllocationMechanism::Registered
                         ? bot.allocation.registered
                         : to_string(bot.allocation.mechanism)) +
         rules_label(bot.rules);
}

void ConsumerAgent::operator()() {
  const auto& bot = *params_.bot;
  const auto& user = params_.name;
  sg4::this_actor::sleep_until(bot.submit_s);  // the request rate's schedule
  Inbox<ConsumerMessage> inbox(consumer_inbox(user));
  UserRecord u;
  u.model = kModel;
  u.policy = policy(bot);
  u.tasks_total = static_cast<long>(bot.tasks.size());
  u.start_s = sg4::Engine::get_clock();
  u.instances = 0;
  u.charged_units = 0;
  u.spent_on_lost_work = 0.0;  // its broker prices lost attempts
  u.budget = bot.budget;
  u.deadline_s = bot.deadline_s;
  user_.open(std::move(u));
  send_for<DirectoryMessage>(run_.messages(), user, sg4::Mailbox::by_name(directory_inbox()),
                             Lookup{Role::Broker, user, inbox.reply_to<Listing>()}, 0);
  // The directory's answer is the only message a consumer can get before its call for proposals.
  auto first = inbox.receive();
  if (!std::holds_alternative<Listing>(*first))
    throw std::logic_error(user + ": a message came before the directory's listing");
  const Listing& listing = std::get<Listing>(*first);
  if (listing.names.size() < bot.contractors) {
    refused("the directory lists " + std::to_string(listing.names.size()) +
            " brokers, fewer "
            "than the " +
            std::to_string(bot.contractors) + " contractors asked for");
    return;
  }
  Rng rng = run_.rng("consumer:" + user);
  auto contractors = choose_contractors(listing.names, bot.contractors, rng);
  auto reply = inbox.reply_to<Propose, Refuse, BotResult>();
  for (const auto& ba : contractors)
    send_for<BrokerMessage>(run_.messages(), user, sg4::Mailbox::by_name(broker_inbox(ba)),
                            CallForBot{params_.bot, reply}, 0);
  std::vector<Proposal> replies;
  while (replies.size() < contractors.size()) {
    auto msg = inbox.receive();
    if (const auto* p = std::get_if<Propose>(msg.get()))
      replies.push_back(Proposal{p->contractor, p->price});
    else if (const auto* r = std::get_if<Refuse>(msg.get()))
      replies.push_back(Proposal{r->contractor, std::nullopt});
  }
  CnpOutcome out = select_winner(replies);  // the cheapest broker (Section 2.2)
  for (const auto& ba : out.rejected)
    send_for<BrokerMessage>(run_.messages(), user, sg4::Mailbox::by_name(broker_inbox(ba)),
                            Reject{user, 0}, 0);
  if (!out.awarded) return refused(failure_reason(out));
  send_for<BrokerMessage>(run_.messages(), user, sg4::Mailbox::by_name(broker_inbox(out.winner)),
                          Accept{user, 0}, 0);
  set_broker(user_.record(), out.winner);
  for (;;) {
    auto msg = inbox.receive();
    if (const auto* r = std::get_if<BotResult>(msg.get())) return finished(*r);
  }
}

void ConsumerAgent::refused(const std::string& reason) {
  spdlog::warn("{}: BoT refused: {}", params_.name, reason);
  auto& u = user_.record();
  set_refused(u, true);
  set_reason(u, reason);
  u.messages = user_.messages();
}

void ConsumerAgent::finished(const BotResult& r) {
  if (!r.executed) return refused(r.reason);
  auto& u = user_.record();
  const double now = sg4::Engine::get_clock();
  u.tasks_done = r.tasks_done;
  if (r.tasks_done == u.tasks_total) u.finish_s = now;
  u.spent = r.spent;
  u.instances = r.instances;
  u.charged_units = r.charged_units;
  u.messages = user_.messages();
  set_refused(u, false);
  set_renewals(u, r.renewals);
  set_failed_cnps(u, r.failed_cnps);
  if (!r.reason.empty()) set_reason(u, r.reason);
  if (!r.stopped_as.empty()) user_.stop(r.stopped_as.c_str(), r.reason);
  // Section 5.2(c): time beyond task execution: the makespan minus the busy time of the
  // resource whose output came last (CNPs, allocation, message latencies, hand-out reactions).
  set_scheduling_overhead_s(u, (now - u.start_s) - r.critical_busy_s);
}

}  // namespace botsim::agents
