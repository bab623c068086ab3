// The shipped section-5 scenario (platforms/badg.xml + deployments/sulistio2005.xml), checked
// against the findings of Sulistio & Buyya 2005 (Figs 6, 7) that botsim reproduces.
// docs/sulistio2005.md lists the findings it does not reproduce, and why.
#include <gtest/gtest.h>

#include <map>

#include "support/sim_support.hpp"

using namespace botsim;

namespace {
std::map<std::string, UserRecord> run_section5() {
  const auto& r = test::run(test::source_file("platforms/badg.xml"),
                            test::source_file("deployments/sulistio2005.xml"), 1, false);
  std::map<std::string, UserRecord> users;
  for (const auto& u : r.users()) users[u.name] = u;
  return users;
}
double makespan(const UserRecord& u) { return *u.finish_s - u.start_s; }
}  // namespace

TEST(Sulistio2005Scenario, PaperFindings) {
  auto u = run_section5();
  ASSERT_EQ(u.size(), 10u);
  for (const auto& [name, rec] : u) {
    ASSERT_EQ(rec.tasks_done, 50) << name;
    ASSERT_TRUE(rec.finish_s.has_value()) << name;
  }
  // Fig. 6: the optimising users finish much sooner than every No-Opt user.
  for (const char* opt : {"U2", "U3", "U7", "U8"})
    for (const char* noopt : {"U0", "U1", "U4", "U5", "U6", "U9"})
      EXPECT_LT(makespan(u[opt]) * 1.3, makespan(u[noopt])) << opt << " vs " << noopt;
  // The global users and U8 meet the 10 h deadline; the No-Opt users do not.
  for (const char* name : {"U2", "U7", "U8"}) EXPECT_LE(makespan(u[name]), 36000.0) << name;
  for (const char* name : {"U0", "U1", "U4", "U5", "U6", "U9"})
    EXPECT_GT(makespan(u[name]), 36000.0) << name;
  // U8 (local, domain A) finishes much sooner than the global users U2 and U7...
  EXPECT_LT(makespan(u["U8"]) * 1.3, makespan(u["U2"]));
  EXPECT_LT(makespan(u["U8"]) * 1.3, makespan(u["U7"]));
  // ... and (Fig. 7) pays less than U2 and U7, and less than No-Opt users U4 and U5.
  for (const char* name : {"U2", "U7", "U4", "U5"}) EXPECT_LT(u["U8"].spent, u[name].spent) << name;
  // U3 (local, domain B) stays tied to the slow R4 and pays more than U8.
  EXPECT_GT(u["U3"].spent, u["U8"].spent);
  EXPECT_GT(makespan(u["U3"]), makespan(u["U8"]));
}
