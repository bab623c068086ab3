// SimGrid's tracing works on every shipped platform (docs/simgrid.md): a run with
// --cfg=tracing:yes --cfg=tracing/uncategorized:yes exits 0, writes a Paje trace that declares
// the platform's hosts and links, and gives the same results files as a run without tracing.
#include <gtest/gtest.h>

#include <filesystem>
#include <ostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

struct Shipped {
  std::string platform, deployment, host, link;  // a host and a link the trace must declare
};
// How ctest and GoogleTest name a case (not a dump of the struct's bytes).
[[maybe_unused]] void PrintTo(const Shipped& s, std::ostream* os) {
  *os << s.platform << " + " << s.deployment;
}

// One shipped deployment per shipped platform.
const std::vector<Shipped> kShipped{
    {"badg", "sulistio2005", "R4", "Adelaide"},
    {"badg-total", "sulistio2005", "R4", "Adelaide"},
    {"utility-cloud", "silva2008-normal", "paper-0", "backbone"},
    {"ec2-2012", "gutierrez2012-demo", "directory-0", "directory_link_0"},
    {"bats-S1-1", "bats-S1-1", "client", "backbone"},
    {"bats-S1-4", "bats-S1-4", "client", "backbone"},
    {"bats-S3-4", "bats-S3-4", "client", "backbone"},
    {"bats-S4-1", "bats-S4-1", "client", "backbone"},
    {"bats-S4-3", "bats-S4-3", "client", "backbone"},
};

class TracingCli : public ::testing::TestWithParam<Shipped> {};

}  // namespace

TEST(TracingCliPlatforms, EveryShippedPlatformIsTraced) {
  std::set<std::string> listed, shipped;
  for (const auto& s : kShipped) listed.insert(s.platform);
  for (const auto& e : fs::directory_iterator(t::source_path("platforms")))
    if (e.path().extension() == ".xml") shipped.insert(e.path().stem().string());
  EXPECT_EQ(listed, shipped);
}

TEST_P(TracingCli, RunsAndChangesNoResult) {
  const Shipped& s = GetParam();
  std::string dir = t::make_temp_dir();
  std::string p = t::source_path("platforms/" + s.platform + ".xml");
  std::string d = t::source_path("deployments/" + s.deployment + ".xml");
  auto traced = t::botsim({"run", p, d, "--quiet", "--out", dir + "/traced", "--cfg=tracing:yes",
                           "--cfg=tracing/uncategorized:yes",
                           "--cfg=tracing/filename:" + dir + "/run.trace"});
  ASSERT_EQ(traced.exit_code, 0) << traced.err;
  std::string trace = t::read_text(dir + "/run.trace");
  EXPECT_NE(trace.find("\"" + s.host + "\""), std::string::npos) << "no container for the host";
  EXPECT_NE(trace.find("\"" + s.link + "\""), std::string::npos) << "no container for the link";
  EXPECT_NE(trace.find("speed_used"), std::string::npos);

  auto plain = t::botsim({"run", p, d, "--quiet", "--out", dir + "/plain"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  for (const auto& e : fs::directory_iterator(dir + "/plain")) {
    std::string name = e.path().filename().string();
    EXPECT_EQ(t::read_text(dir + "/traced/" + name), t::read_text(e.path().string())) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(Shipped, TracingCli, ::testing::ValuesIn(kShipped), [](const auto& info) {
  // The deployment, and the platform where it is not the deployment's usual one.
  std::string name = info.param.deployment;
  if (info.param.platform == "badg-total") name += "_on_" + info.param.platform;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
});
