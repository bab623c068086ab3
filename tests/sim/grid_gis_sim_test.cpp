// Resource discovery through the GISes (section 3.1) in whole simulations: a No-Opt user
// deals its tasks in turn to every resource its GIS lists, so the hosts in tasks.csv are the
// local and global lists.
#include <gtest/gtest.h>

#include <map>

#include "support/sim_support.hpp"

using namespace botsim;

namespace {

// R1 in A; R2 in A and B; R3 in B; R4 in C. Users live in A.
std::string platform(const std::string& tmp) {
  std::string hosts, routes;
  const std::map<std::string, std::string> vo{{"R1", "A"}, {"R2", "A,B"}, {"R3", "B"}, {"R4", "C"}};
  for (const auto& [name, v] : vo) {
    hosts += R"(<host id=")" + name + R"(" speed="1000Mf"><prop id="vo" value=")" + v +
             R"("/><prop id="min_bid" value="1"/><prop id="max_bid" value="100"/></host>)";
    routes += R"(<route src=")" + name + R"(" dst="hub"><link_ctn id="l"/></route>)";
  }
  for (const char* h : {"gis-A", "gis-B", "gis-C", "users"}) {
    hosts += std::string(R"(<host id=")") + h + R"(" speed="1Gf"/>)";
    routes += std::string(R"(<route src=")") + h + R"(" dst="hub"><link_ctn id="l"/></route>)";
  }
  return test::write_file(
      tmp, "platform.xml",
      test::platform_xml(R"(<zone id="z" routing="Floyd">)" + hosts + R"(<router id="hub"/>
      <link id="l" bandwidth="1GBps" latency="1ms"/>)" +
                         routes + "</zone>"));
}

std::string gis(const std::string& vo, const char* peers) {
  std::string p = peers ? std::string(R"(<prop id="peers" value=")") + peers + R"("/>)" : "";
  return R"(<actor host="gis-)" + vo +
         R"(" function="GridInformationService"><prop id="vo" value=")" + vo + R"("/>)" + p +
         "</actor>";
}

std::string deployment(const std::string& tmp, const std::string& gises, int tasks) {
  std::string actors = gises;
  for (const char* r : {"R1", "R2", "R3", "R4"})
    actors += std::string(R"(<actor host=")") + r + R"(" function="Auctioneer"/>)";
  actors += R"(<actor host="users" function="Broker"><prop id="name" value="U"/>
    <prop id="vo" value="A"/><prop id="policy" value="no-opt"/><prop id="bid" value="10"/>
    <prop id="start" value="1s"/><prop id="deadline" value="1h"/><prop id="fund" value="100"/>
    <prop id="tasks" value=")" +
            std::to_string(tasks) + R"("/><prop id="task_length" value="1000"/></actor>)";
  return test::write_file(tmp, "deployment.xml", test::platform_xml(actors));
}

std::map<std::string, int> tasks_per_host(const Results& r) {
  std::map<std::string, int> n;
  for (const auto& t : r.tasks()) ++n[t.host];
  return n;
}

}  // namespace

// Every GIS knows every other (the default). Local: R1, R2. Global: R3 (from B; R2 is omitted
// there because it is also in A) and R4 (from C). Eight tasks dealt in turn: two each, and R2
// is not listed twice.
TEST(GisSim, ThreeDomainsFullMesh) {
  std::string tmp = test::temp_dir();
  const auto& r = test::run(
      platform(tmp), deployment(tmp, gis("A", nullptr) + gis("B", nullptr) + gis("C", nullptr), 8));
  std::map<std::string, int> expected{{"R1", 2}, {"R2", 2}, {"R3", 2}, {"R4", 2}};
  EXPECT_EQ(tasks_per_host(r), expected);
  EXPECT_EQ(r.users().at(0).tasks_done, 8);
}

// A knows B, B knows C: global discovery is a traversal, so A's users still reach C's R4.
TEST(GisSim, ChainReachesEveryDomain) {
  std::string tmp = test::temp_dir();
  const auto& r =
      test::run(platform(tmp), deployment(tmp, gis("A", "B") + gis("B", "C") + gis("C", ""), 8));
  std::map<std::string, int> expected{{"R1", 2}, {"R2", 2}, {"R3", 2}, {"R4", 2}};
  EXPECT_EQ(tasks_per_host(r), expected);
}

// A knows B only and B knows nobody: C's R4 is out of reach. Six tasks over R1, R2, R3.
TEST(GisSim, UnreachableDomainIsNotListed) {
  std::string tmp = test::temp_dir();
  const auto& r =
      test::run(platform(tmp), deployment(tmp, gis("A", "B") + gis("B", "") + gis("C", ""), 6));
  std::map<std::string, int> expected{{"R1", 2}, {"R2", 2}, {"R3", 2}};
  EXPECT_EQ(tasks_per_host(r), expected);
}
