// Bare-S4U reference for the grid benchmark: "bare SimGrid doing the same executions".
//
//   bench_baseline_grid PLATFORM.xml TASKS.csv [--cfg=NAME:VALUE ...]
//
// TASKS.csv is a botsim tasks.csv (user,task,length_mi,host,submit_s,start_s,end_s): every row
// that started is executed once more here, same length on the same host, submitted at the same
// time. The structure is the plainest one that keeps botsim's constraint of one running task
// per user per resource:
//   - one user actor per user (on a users-* host, round robin as bench/gen_grid_scenario.py
//     places brokers) sends each task to its resource's master and waits for as many replies;
//   - one master actor per resource, one mailbox each with a permanent receiver
//     (docs/simgrid.md), forwards each task to that user's worker on the resource, created on
//     first use;
//   - a worker executes its user's tasks one after the other and tells the user.
// That is three messages per task (as in botsim: SubmitTask, TaskFinished, TaskDone) and no
// scheduling logic at all: no auction, no bids, no accounts, no results files. All execs have
// the same priority, so simulated times differ from botsim's; the work and the events do not.
// Like `botsim run`, it uses SimGrid's default CPU update (Lazy) unless told otherwise.
// Links only SimGrid (and the allocator botsim links, bench/CMakeLists.txt).
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <simgrid/s4u.hpp>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "csv_rows.hpp"

namespace sg4 = simgrid::s4u;

namespace {

struct Task {
  int user;
  double flops;
  double submit_s;
  sg4::Mailbox* master;
};
struct TaskMsg {
  int user;
  double flops;
  sg4::Mailbox* reply_to;
};

long g_executed = 0;

template <class T>
void send(sg4::Mailbox* to, T* payload, uint64_t bytes) {
  to->put_init(payload, bytes)->detach([](void* p) { delete static_cast<T*>(p); });
}

void worker(sg4::Mailbox* inbox) {
  sg4::Actor::self()->daemonize();
  for (;;) {
    auto msg = inbox->get_unique<TaskMsg>();
    sg4::this_actor::execute(msg->flops);
    ++g_executed;
    send(msg->reply_to, new int(msg->user), 1024);
  }
}

void master(sg4::Mailbox* inbox) {
  sg4::Actor::self()->daemonize();
  inbox->set_receiver(sg4::Actor::self());
  std::unordered_map<int, sg4::Mailbox*> workers;
  sg4::Host* host = sg4::this_actor::get_host();
  for (;;) {
    TaskMsg* msg = inbox->get<TaskMsg>();
    auto it = workers.find(msg->user);
    if (it == workers.end()) {
      auto* mb = sg4::Mailbox::by_name(inbox->get_name() + "/" + std::to_string(msg->user));
      auto actor = sg4::Actor::create("worker", host, worker, mb);
      mb->set_receiver(actor);
      it = workers.emplace(msg->user, mb).first;
    }
    send(it->second, msg, 0);  // same host: a zero-byte hand-over
  }
}

void user(int id, std::vector<Task> tasks) {
  auto* inbox = sg4::Mailbox::by_name("user-" + std::to_string(id));
  inbox->set_receiver(sg4::Actor::self());
  std::stable_sort(tasks.begin(), tasks.end(),
                   [](const Task& a, const Task& b) { return a.submit_s < b.submit_s; });
  for (const auto& t : tasks) {
    if (t.submit_s > sg4::Engine::get_clock() + 1e-6) sg4::this_actor::sleep_until(t.submit_s);
    send(t.master, new TaskMsg{id, t.flops, inbox}, 1024);
  }
  for (size_t k = 0; k < tasks.size(); ++k) inbox->get_unique<int>();
}

}  // namespace

int main(int argc, char** argv) {
  // The user's own --cfg come after and win.
  std::vector<char*> args{argv[0], const_cast<char*>("--log=xbt_cfg.thres:warning")};
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  int n = static_cast<int>(args.size());
  args.push_back(nullptr);
  sg4::Engine e(&n, args.data());
  if (n != 3) {
    std::cerr << "usage: " << argv[0] << " PLATFORM.xml TASKS.csv [--cfg=NAME:VALUE ...]\n";
    return 2;
  }
  e.load_platform(args[1]);

  std::ifstream in(args[2]);
  if (!in) {
    std::cerr << args[2] << ": cannot read\n";
    return 2;
  }
  std::string line;
  std::getline(in, line);  // header
  std::map<std::string, int> user_ids;
  std::vector<std::vector<Task>> by_user;
  std::map<std::string, sg4::Mailbox*> masters;
  long rows = 0;
  while (std::getline(in, line)) {
    auto f = split_csv(line);
    if (f.size() < 6 || f[5].empty()) continue;  // never started: botsim did not execute it
    auto [uit, fresh] = user_ids.emplace(f[0], static_cast<int>(by_user.size()));
    if (fresh) by_user.emplace_back();
    auto mit = masters.find(f[3]);
    if (mit == masters.end()) {
      sg4::Host* h = e.host_by_name_or_null(f[3]);
      if (!h) {
        std::cerr << args[2] << ": unknown host " << f[3] << "\n";
        return 2;
      }
      mit = masters.emplace(f[3], sg4::Mailbox::by_name("master-" + f[3])).first;
      sg4::Actor::create("master", h, master, mit->second);
    }
    by_user[static_cast<size_t>(uit->second)].push_back(
        {uit->second, std::stod(f[2]) * 1e6, std::stod(f[4]), mit->second});
    ++rows;
  }

  std::vector<sg4::Host*> user_hosts;
  for (auto* h : e.get_all_hosts())
    if (h->get_name().rfind("users-", 0) == 0) user_hosts.push_back(h);
  std::sort(user_hosts.begin(), user_hosts.end(),
            [](const sg4::Host* a, const sg4::Host* b) { return a->get_name() < b->get_name(); });
  if (user_hosts.empty()) user_hosts = e.get_all_hosts();
  // Users in the order of their number (U0, U1, ...), so that U<k> goes to users-host k mod V.
  for (const auto& [name, id] : user_ids) {
    long k = id;
    if (name.size() > 1 && name[0] == 'U') k = std::strtol(name.c_str() + 1, nullptr, 10);
    sg4::Actor::create("user", user_hosts[static_cast<size_t>(k) % user_hosts.size()], user, id,
                       by_user[static_cast<size_t>(id)]);
  }
  e.run();
  std::printf("baseline: %zu users, %zu resources, %ld executions, simulated end %.1f s\n",
              by_user.size(), masters.size(), g_executed, sg4::Engine::get_clock());
  return g_executed == rows ? 0 : 1;
}
