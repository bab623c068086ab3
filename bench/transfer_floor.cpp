// The auction model's second floor: bare SimGrid doing the same executions AND the same
// message transfers as a botsim run, replayed from that run's outputs.
//
//   bench_transfer_floor PLATFORM.xml TASKS.csv TRANSFERS.csv [--cfg=NAME:VALUE ...]
//
// TASKS.csv is the run's tasks.csv (user,task,length_mi,host,submit_s,start_s,end_s): every task
// that started is executed again on its host, started at its start_s (one actor per host starts
// them as they fall due and waits for them all at the end; all at the same priority, so they
// end at other times than in botsim, where the bids weight the shares). TRANSFERS.csv is the
// run's transfers.csv (`botsim run --transfers`): every message is put again at its instant,
// by one actor per botsim sender on the sender's host, as a detached put of the same size to a
// mailbox of the same name, whose receiver (on the receiving host, set as the mailbox's
// permanent receiver) takes and frees it: the transfers botsim's typed messages make, with no
// protocol, no auction, no accounts and no results files. It prints the number of sends
// SimGrid signalled, which bench/run.sh checks against botsim's. Links only SimGrid
// (and the allocator botsim links, bench/CMakeLists.txt).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <simgrid/s4u.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "csv_rows.hpp"

namespace sg4 = simgrid::s4u;

namespace {

struct Start {
  double at_s;
  double flops;
};
struct Put {
  double at_s;
  sg4::Mailbox* to;
  uint64_t bytes;
};

long g_executed = 0;
long g_received = 0;
long g_sends = 0;

void host_runner(std::vector<Start> starts) {
  std::vector<sg4::ExecPtr> running;
  running.reserve(starts.size());
  for (const auto& s : starts) {
    // Instants are written to a microsecond: closer than that is now.
    if (s.at_s > sg4::Engine::get_clock() + 1e-6) sg4::this_actor::sleep_until(s.at_s);
    running.push_back(sg4::this_actor::exec_init(s.flops));
    running.back()->start();
  }
  for (auto& e : running) {
    e->wait();
    ++g_executed;
  }
}

void sender(std::vector<Put> puts) {
  for (const auto& p : puts) {
    if (p.at_s > sg4::Engine::get_clock() + 1e-6) sg4::this_actor::sleep_until(p.at_s);
    p.to->put_init(new char(0), p.bytes)->detach([](void* d) { delete static_cast<char*>(d); });
  }
}

void receiver(sg4::Mailbox* inbox, long expected) {
  inbox->set_receiver(sg4::Actor::self());
  for (long k = 0; k < expected; ++k) {
    delete inbox->get<char>();
    ++g_received;
  }
}

int fail(const std::string& what) {
  std::cerr << "bench_transfer_floor: " << what << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args{argv[0], const_cast<char*>("--log=xbt_cfg.thres:warning")};
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  int n = static_cast<int>(args.size());
  args.push_back(nullptr);
  sg4::Engine e(&n, args.data());
  if (n != 4) {
    std::cerr << "usage: " << argv[0]
              << " PLATFORM.xml TASKS.csv TRANSFERS.csv [--cfg=NAME:VALUE ...]\n";
    return 2;
  }
  e.load_platform(args[1]);
  auto host = [&e](const std::string& name) { return e.host_by_name_or_null(name); };

  std::map<std::string, std::vector<Start>> starts;  // by host
  long rows = 0;
  {
    std::ifstream in(args[2]);
    if (!in) return fail(std::string(args[2]) + ": cannot read");
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
      auto f = split_csv(line);
      if (f.size() < 6 || f[5].empty()) continue;  // never started
      if (!host(f[3])) return fail(std::string(args[2]) + ": unknown host " + f[3]);
      starts[f[3]].push_back({std::stod(f[5]), std::stod(f[2]) * 1e6});
      ++rows;
    }
  }
  std::map<long, std::pair<std::string, std::vector<Put>>> senders;  // by botsim's pid
  std::map<std::string, std::pair<std::string, long>> receivers;    // mailbox -> host, puts
  long transfers = 0;
  {
    std::ifstream in(args[3]);
    if (!in) return fail(std::string(args[3]) + ": cannot read");
    std::string line;
    std::getline(in, line);  // time_s,from_actor,from_host,to_mailbox,to_host,bytes
    while (std::getline(in, line)) {
      auto f = split_csv(line);
      if (f.size() != 6) return fail(std::string(args[3]) + ": bad row " + line);
      if (!host(f[2]) || !host(f[4])) return fail(std::string(args[3]) + ": unknown host in " + line);
      auto& s = senders[std::stol(f[1])];
      s.first = f[2];
      s.second.push_back({std::stod(f[0]), sg4::Mailbox::by_name(f[3]), std::stoull(f[5])});
      auto& r = receivers[f[3]];
      r.first = f[4];
      ++r.second;
      ++transfers;
    }
  }
  sg4::Comm::on_send_cb([](const sg4::Comm&) { ++g_sends; });
  for (auto& [name, r] : receivers)
    sg4::Actor::create("receiver", host(r.first), receiver, sg4::Mailbox::by_name(name), r.second);
  for (auto& [pid, s] : senders) sg4::Actor::create("sender", host(s.first), sender, s.second);
  for (auto& [h, list] : starts) {
    std::stable_sort(list.begin(), list.end(),
                     [](const Start& a, const Start& b) { return a.at_s < b.at_s; });
    sg4::Actor::create("runner", host(h), host_runner, list);
  }
  e.run();
  std::printf("transfer floor: %ld executions, %ld sends (SimGrid's send signal), %ld received, "
              "%zu senders, %zu receivers, simulated end %.1f s\n",
              g_executed, g_sends, g_received, senders.size(), receivers.size(),
              sg4::Engine::get_clock());
  return g_executed == rows && g_sends == transfers && g_received == transfers ? 0 : 1;
}
