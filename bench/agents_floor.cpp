// Bare-S4U floor for the agents' static bag: a master-worker doing the same executions.
//
//   bench_agents_floor PLATFORM.xml TASKS WORKERS [SEED] [--cfg=NAME:VALUE ...]
//
// PLATFORM is the one bench/run.sh writes for the agents-bag cases: hosts ra-0 .. ra-(W-1) at
// 400 MI/s (400Mf) and a host "ca-0". TASKS tasks of 400, 800, ..., 4000 MI (uniform over the
// ten sizes, Table 4 of Gutierrez-Garcia & Sim 2012: 1 to 10 s each) run on WORKERS workers.
// One master actor on ca-0 sends each worker a task, and the next one each time a worker
// reports one done: two messages per task (botsim's static bag has several: hand-out through
// the SPA to the RA and the output back). Every mailbox has a permanent receiver
// (SIMGRID-NOTES.md). No allocation, billing, contract net or results files.
// Links only SimGrid.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <simgrid/s4u.hpp>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

namespace {

struct Job {
  double flops = 0;  // < 0: stop
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

void master(long tasks, int workers, unsigned seed) {
  auto* inbox = sg4::Mailbox::by_name("master");
  inbox->set_receiver(sg4::Actor::self());
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> size(1, 10);  // x 400 MI
  std::vector<sg4::Mailbox*> to(static_cast<size_t>(workers));
  for (int w = 0; w < workers; ++w) to[w] = sg4::Mailbox::by_name("w" + std::to_string(w));
  long sent = 0, done = 0;
  for (int w = 0; w < workers && sent < tasks; ++w, ++sent)
    to[w]->put_init(new Job{size(rng) * 400e6}, 0)->detach();
  while (done < tasks) {
    auto d = inbox->get_unique<Done>();
    ++done;
    if (sent < tasks) {
      to[d->worker]->put_init(new Job{size(rng) * 400e6}, 0)->detach();
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
  const long tasks = std::atol(argv[2]);
  const int workers = std::atoi(argv[3]);
  const unsigned seed = argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1;
  auto* master_box = sg4::Mailbox::by_name("master");
  for (int w = 0; w < workers; ++w)
    sg4::Actor::create("worker", e.host_by_name("ra-" + std::to_string(w)), worker, w, master_box);
  sg4::Actor::create("master", e.host_by_name("ca-0"), master, tasks, workers, seed);
  e.run();
  return 0;
}
