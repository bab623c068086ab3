// Bare-S4U floor for the agents' static bag: a master-worker doing the same executions.
//
//   bench_agents_floor PLATFORM.xml TASKS WORKERS [SEED] [--cfg=NAME:VALUE ...]
//   bench_agents_floor PLATFORM.xml BAG_FILE WORKERS [--cfg=NAME:VALUE ...]
//
// PLATFORM is the one bench/run.sh writes for the agents-bag cases: hosts ra-0 .. ra-(W-1) at
// 400 MI/s (400Mf) and a host "ca-0". TASKS tasks of 400, 800, ..., 4000 MI (uniform over the
// ten sizes, Table 4 of Gutierrez-Garcia & Sim 2012: 1 to 10 s each) run on WORKERS workers.
// Or the tasks of BAG_FILE (one size in MI a line, bench/gen_static_bag.py's bag.txt), in file
// order: the same executions as botsim's run of that bag.
// One master actor on ca-0 sends each worker a task, and the next one each time a worker
// reports one done: two messages per task (botsim's static bag has several: hand-out through
// the SPA to the RA and the output back). Every mailbox has a permanent receiver
// (docs/simgrid.md). No allocation, billing, contract net or results files.
// Links only SimGrid (and the allocator botsim links, bench/CMakeLists.txt).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <simgrid/s4u.hpp>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace {

struct Job {
  double flops = 0;  // < 0: stop
};

// The next task's flops: drawn (TASKS) or the bag's next line (BAG_FILE).
struct Tasks {
  std::mt19937_64 rng;
  std::vector<double> bag;  // MI, in file order; empty: draw
  long next = 0;
  double operator()() {
    if (!bag.empty()) return bag[static_cast<size_t>(next++)] * 1e6;
    std::uniform_int_distribution<int> size(1, 10);  // x 400 MI
    return size(rng) * 400e6;
  }
};
struct Done {
  int worker = 0;
};

void worker(int id, sg4::Mailbox* master) {
  auto* inbox = sg4::Mailbox::by_name("w" + std::to_string(id));
  inbox->set_receiver(sg4::Actor::self());
  for (;;) {
    auto job = inbox->get_unique<Job>();
    if (job->flops < 0) return;
    sg4::this_actor::execute(job->flops);
    master->put(new Done{id}, 0);
  }
}

void master(long tasks, int workers, Tasks* next_task) {
  auto* inbox = sg4::Mailbox::by_name("master");
  inbox->set_receiver(sg4::Actor::self());
  std::vector<sg4::Mailbox*> to(static_cast<size_t>(workers));
  for (int w = 0; w < workers; ++w) to[w] = sg4::Mailbox::by_name("w" + std::to_string(w));
  long sent = 0, done = 0;
  for (int w = 0; w < workers && sent < tasks; ++w, ++sent)
    to[w]->put_init(new Job{(*next_task)()}, 0)->detach();
  while (done < tasks) {
    auto d = inbox->get_unique<Done>();
    ++done;
    if (sent < tasks) {
      to[d->worker]->put_init(new Job{(*next_task)()}, 0)->detach();
      ++sent;
    }
  }
  for (int w = 0; w < workers; ++w) to[w]->put_init(new Job{-1}, 0)->detach();
  std::printf("%ld tasks done at %.6f s\n", done, sg4::Engine::get_clock());
}

}  // namespace

int main(int argc, char** argv) {
  sg4::Engine e(&argc, argv);
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s PLATFORM.xml TASKS WORKERS [SEED] [--cfg=...]\n", argv[0]);
    return 2;
  }
  e.load_platform(argv[1]);
  Tasks next_task;
  long tasks = std::atol(argv[2]);
  if (std::ifstream bag(argv[2]); bag) {
    for (double mi; bag >> mi;) next_task.bag.push_back(mi);
    tasks = static_cast<long>(next_task.bag.size());
  }
  const int workers = std::atoi(argv[3]);
  next_task.rng.seed(argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1);
  auto* master_box = sg4::Mailbox::by_name("master");
  for (int w = 0; w < workers; ++w)
    sg4::Actor::create("worker", e.host_by_name("ra-" + std::to_string(w)), worker, w, master_box);
  sg4::Actor::create("master", e.host_by_name("ca-0"), master, tasks, workers, &next_task);
  e.run();
  return 0;
}
