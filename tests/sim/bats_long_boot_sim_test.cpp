// BaTS with machines that boot for longer than an ATU (docs/bats2011.md, "Where a run ends"):
// the provider bills every ATU from the start request, so the master pays each as it ends,
// booting or not, and releases a booting machine whose next ATU the money cannot pay. Every
// run ends with the user within its summary.json budget (run_end.hpp, checked where the run
// ends: a broken one would make t::run throw).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cloud/records.hpp"
#include "support/files.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// `text` with its first `from` replaced by `to`.
std::string replace_first(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

}  // namespace

// The two-cluster example (examples/05) with cluster1's machines booting for 3e7 s (about a
// year), cluster2's at once. The fleet watched a machine's paid time from when it was ready:
// the ATUs of a long boot were caught up then, paid while the money lasted, and billed by the
// provider anyway; the execution's cluster1 machines, stopped while booting, had paid one ATU
// each and were billed 34: spent 100,902 of a budget of 100,575. Now each ATU is paid as it
// ends, from the request.
TEST(BatsLongBoot, TheTwoClusterExampleBootingForAYearKeepsItsBudget) {
  const std::string dir = t::temp_dir();
  const std::string platform = t::write_file(
      dir, "p.xml",
      replace_first(t::read_text(t::source_file("examples/05-bats-two-clusters.platform.xml")),
                    R"(<prop id="boot_time" value="0"/>)",
                    R"(<prop id="boot_time" value="3e7"/>)"));
  const Results& r = t::run(platform, t::source_file("examples/05-bats-two-clusters.xml"), 1,
                            /*exact_network=*/false);
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  ASSERT_TRUE(u.budget);
  EXPECT_DOUBLE_EQ(*u.budget, 100575);  // the sampling's $100,044 paid apart and Sched2's $531
  EXPECT_LE(u.spent, *u.budget);
  // The provider's bill, machine by machine, is what the user spent.
  double billed = 0;
  for (const auto& i : r.records<cloud::InstanceRecord>()) billed += i.cost;
  EXPECT_DOUBLE_EQ(billed, u.spent);
}

// One cluster, $1 per 100 s ATU, machines booting for 250 s; the standalone mode (implicit
// sampling, one machine, a sample of one task) with $2 for 4 tasks of 25 s. The machine is
// requested at 0 ($1), goes on into its second ATU at 100 ($2), and at 200, still booting, its
// third ATU cannot be paid: it is released, never ready, billed 2 ATUs. No money is left for
// another: the user stops out of budget, no task done, $2 spent.
TEST(BatsLongBoot, ABootingMachineWhoseNextAtuCannotBePaidIsReleased) {
  const std::string dir = t::temp_dir();
  const std::string platform = t::write_file(
      dir, "p.xml",
      t::platform_xml(R"(<zone id="w" routing="Full">)" + t::cloud_control_zone() + R"(
    <cluster id="c1" prefix="c1-" radical="0-1" suffix="" speed="1Gf" core="1" bw="10Gbps" lat="0" router_id="c1-r">
      <prop id="instance_type" value="c1"/><prop id="price" value="1"/>
      <prop id="atu" value="100s"/><prop id="boot_time" value="250"/>
    </cluster>
    <link id="bb" bandwidth="10Gbps" latency="0"/>
    <zoneRoute src="control" dst="c1" gw_src="gw" gw_dst="c1-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)"));
  const std::string deployment = t::write_file(
      dir, "d.xml", t::platform_xml(R"(<actor host="provider" function="CloudProvider"/>
  <actor host="client" function="BatsMaster">
    <prop id="name" value="U0"/><prop id="clusters" value="c1"/><prop id="initial_workers" value="1"/>
    <prop id="tasks" value="4"/><prop id="task_time" value="25"/><prop id="task_order" value="given"/>
    <prop id="sampling" value="implicit"/><prop id="sample_size" value="1"/><prop id="budget" value="2"/>
  </actor>)"));
  const Results& r = t::run(platform, deployment);
  ASSERT_EQ(r.users().size(), 1u);
  const UserRecord& u = r.users()[0];
  EXPECT_EQ(u.tasks_done, 0);
  EXPECT_DOUBLE_EQ(u.spent, 2);
  EXPECT_EQ(u.charged_units, 2);
  EXPECT_EQ(u.instances, 1);
  EXPECT_EQ(u.status(), "out_of_budget");
  std::vector<std::string> rows;
  for (const auto& i : r.records<cloud::InstanceRecord>()) rows.push_back(i.csv_row());
  EXPECT_EQ(rows, std::vector<std::string>{"U0,U0-i0001,c1,0,200,2,2"});
}
