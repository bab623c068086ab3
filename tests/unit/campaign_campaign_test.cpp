// A Campaign before it runs anything (campaign/campaign.hpp): its --reps default, its seeds,
// its working directory and what identifies it (the plug-ins' contents too), the scenario
// files it writes, its plan.
#include "campaign/campaign.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <vector>

#include "campaign/workspace.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;
using namespace botsim::campaign;
namespace t = botsim::test;

namespace {

ExperimentOptions options(const fs::path& out) {
  ExperimentOptions o;
  o.name = "demo";
  o.seed = 7;
  o.out_dir = out.string();
  return o;
}

}  // namespace

TEST(Campaign, RepsAreThePapersUnlessGivenAndSeedsCountFromTheFirst) {
  const fs::path dir = t::fresh_test_dir("campaign-");
  ExperimentOptions o = options(dir / "out");
  Campaign paper(o);
  EXPECT_EQ(paper.reps(200), 200);
  EXPECT_EQ(paper.seed(0), 7u);
  EXPECT_EQ(paper.seed(3), 10u);
  o.reps = 2;
  o.reps_given = true;
  o.out_dir = (dir / "out2").string();
  EXPECT_EQ(Campaign(o).reps(200), 2);
}

TEST(Campaign, WorksInOutDotWorkNamedByTheExperimentItsRepsAndSeed) {
  const fs::path dir = t::fresh_test_dir("campaign-");
  ExperimentOptions o = options(dir / "out");
  const WorkspaceOptions w = experiment_workspace(o);
  EXPECT_EQ(w.out_dir, o.out_dir);
  EXPECT_EQ(w.id_name, "experiment.json");
  EXPECT_EQ(w.id.at("experiment"), "demo");
  EXPECT_TRUE(w.id.at("reps").is_null());  // not given: the experiment picks its paper's count
  EXPECT_EQ(w.id.at("seed"), 7u);
  o.reps = 4;
  o.reps_given = true;
  EXPECT_EQ(experiment_workspace(o).id.at("reps"), 4);

  Campaign c(options(dir / "out"));
  EXPECT_EQ(c.result(), dir / "out.work" / "result");
  EXPECT_EQ(c.scratch(), dir / "out.work" / "scratch");
  EXPECT_TRUE(fs::is_directory(c.result()));
  EXPECT_TRUE(fs::is_regular_file(dir / "out.work" / "experiment.json"));
  EXPECT_FALSE(fs::exists(dir / "out"));  // OUT only once the campaign commits
}

TEST(Campaign, WritesScenarioFilesAndKeepsItsRunsInOrder) {
  const fs::path dir = t::fresh_test_dir("campaign-");
  Campaign c(options(dir / "out"));
  const std::string dep = c.write_scenario(c.result() / "deployments" / "a.xml", "<platform/>\n");
  EXPECT_EQ(dep, (c.result() / "deployments" / "a.xml").string());
  EXPECT_EQ(t::read_text(dep), "<platform/>\n");
  EXPECT_THROW(c.write_scenario(fs::path(dep) / "under-a-file.xml", "x"), std::exception);

  EXPECT_EQ(c.add(RunRequest{"p.xml", dep, c.seed(0), (c.scratch() / "r0").string()}), 0u);
  EXPECT_EQ(c.add(RunRequest{"p.xml", dep, c.seed(1), (c.scratch() / "r1").string()}), 1u);
  ASSERT_EQ(c.runs().size(), 2u);
  EXPECT_EQ(c.runs()[1].seed, 8u);
  EXPECT_EQ(c.dir(1), (c.scratch() / "r1").string());
  EXPECT_EQ(c.seeds(), "seeds 7-8 (2 runs)");
  // A run of a named part: the page then says each part's seeds.
  EXPECT_EQ(c.add(RunRequest{"p.xml", dep, c.seed(0), (c.scratch() / "r2").string()}, "fig. 2"),
            2u);
  EXPECT_EQ(c.seeds(),
            "seeds 7-8 (3 runs): other runs, seeds 7-8 (2 runs); fig. 2, seed 7 (1 run)");
}

// A command's identity holds its plug-ins' contents: the same file digests the same, an edited
// one differently, and only the files after `--plugin` count.
TEST(Workspace, PlugInDigestsFollowTheFilesContents) {
  const fs::path dir = t::fresh_test_dir("campaign-");
  const std::string a = (dir / "a.py").string(), b = (dir / "b.py").string();
  t::write_text(a, "x = 1\n");
  t::write_text(b, "x = 1\n");
  const auto one = plugin_digests({"--plugin", a, "--policy-timeout", "60"});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].size(), 16u);
  EXPECT_EQ(plugin_digests({"--plugin", b}), one);  // the contents, not the name
  EXPECT_EQ(plugin_digests({"--set", a}), std::vector<std::string>{});
  t::write_text(b, "x = 2\n");
  EXPECT_NE(plugin_digests({"--plugin", b}), one);
  EXPECT_EQ(plugin_digests({"--plugin", a, "--plugin", b}).size(), 2u);
  fs::remove_all(dir);
}

// The seeds an experiment's page names: one range when they have no gaps, with the number of
// runs (several runs share a seed: one per setting).
TEST(ExperimentRecord, SeedsAreARangeWithTheNumberOfRuns) {
  EXPECT_EQ(seeds_text({}), "none");
  EXPECT_EQ(seeds_text({5}), "seed 5 (1 run)");
  EXPECT_EQ(seeds_text({3, 1, 2, 4, 5, 6, 7, 8, 9, 10}), "seeds 1-10 (10 runs)");
  EXPECT_EQ(seeds_text({2, 1, 2, 1}), "seeds 1-2 (4 runs)");
  EXPECT_EQ(seeds_text({7, 1, 3}), "seeds 1, 3, 7 (3 runs)");
}

// An experiment of several parts names each part's seeds and runs after them all, in the order
// the parts were first added: part A's runs 1, 2 and 3 (3 runs, seeds 1-3), part B's 1, 2 and
// 1 (3 runs, seeds 1-2): 6 runs, seeds 1-3. A run of no part among them is one of "other runs";
// with no part named at all, the seeds of them all alone.
TEST(ExperimentRecord, SeedsPartByPartInTheOrderAdded) {
  EXPECT_EQ(seeds_by_part({1, 1, 2, 2, 3, 1}, {"A", "B", "A", "B", "A", "B"}),
            "seeds 1-3 (6 runs): A, seeds 1-3 (3 runs); B, seeds 1-2 (3 runs)");
  EXPECT_EQ(seeds_by_part({5, 7, 9}, {"B", "", "A"}),
            "seeds 5, 7, 9 (3 runs): B, seed 5 (1 run); other runs, seed 7 (1 run); A, seed 9 (1 "
            "run)");
  EXPECT_EQ(seeds_by_part({4, 5}, {"", ""}), "seeds 4-5 (2 runs)");
  EXPECT_EQ(seeds_by_part({4, 5}, {}), "seeds 4-5 (2 runs)");
}

// What the page's Scenario says an experiment ran: each scenario file once, in the order first
// used; one it wrote into OUT under its path in OUT, one of its scratch space as not kept.
TEST(ExperimentRecord, NamesEachScenarioFileOnceWhereItIs) {
  ExperimentOptions o = options("out");
  o.reps = 2;
  o.reps_given = true;
  o.command = "botsim experiment demo --reps 2 --seed 7 --out out";
  const fs::path result = "out.work/result", scratch = "out.work/scratch";
  const std::vector<RunRequest> runs{
      {"platforms/a.xml", "out.work/result/deployments/d1.xml", 7, "x"},
      {"platforms/a.xml", "out.work/scratch/gen.xml", 8, "y"},
      {"platforms/b.xml", "out.work/result/deployments/d1.xml", 7, "z"}};
  const auto j = experiment_record(o, runs, result, scratch, "2026-01-02 03:04:05 UTC");
  EXPECT_EQ(j.at("experiment"), "demo");
  EXPECT_EQ(j.at("date"), "2026-01-02 03:04:05 UTC");
  EXPECT_EQ(j.at("command"), o.command);
  EXPECT_EQ(j.at("seeds"), "seeds 7-8 (3 runs)");
  EXPECT_EQ(j.at("repetitions"), "--reps 2");
  EXPECT_EQ(j.at("platforms").dump(), R"(["platforms/a.xml","platforms/b.xml"])");
  EXPECT_EQ(j.at("deployments").dump(),
            R"x(["out/deployments/d1.xml","gen.xml (generated, not kept)"])x");
  EXPECT_EQ(experiment_record(o, runs, result, scratch, "", {"p", "q", "p"}).at("seeds"),
            "seeds 7-8 (3 runs): p, seed 7 (2 runs); q, seed 8 (1 run)");
}
