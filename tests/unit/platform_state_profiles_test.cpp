// The host state profiles of a platform file, found as SimGrid 3.32 finds them
// (platform/faults.hpp, read_host_state_profiles).
#include <gtest/gtest.h>

#include <filesystem>

#include "platform/faults.hpp"
#include "support/files.hpp"

using namespace botsim;

namespace {

std::string platform(const std::string& body) {
  return R"(<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
<zone id="w" routing="Full">
)" + body +
         R"(
</zone>
</platform>
)";
}

}  // namespace

TEST(StateProfiles, ReadsStateFilesRelativeToThePlatformAndConnectedTraces) {
  std::string dir = test::make_temp_dir("botsim-profiles");
  std::filesystem::create_directories(dir + "/sub");
  test::write_text(dir + "/sub/a.txt", "450 0\n");
  test::write_text(dir + "/sub/t.txt", "100 0\n200 1\n");
  test::write_text(dir + "/sub/p.xml", platform(R"(
  <host id="a" speed="1Gf" state_file="a.txt"/>
  <host id="b" speed="1Gf" state_file="missing.txt"/>
  <host id="c" speed="1Gf" state_file=""/>
  <host id="d" speed="1Gf"/>
  <host id="e" speed="1Gf"/>
  <host id="f" speed="1Gf" state_file="a.txt"/>
  <trace id="inline" periodicity="-1">
    300 0
  </trace>
  <trace id="looping" periodicity="1000">
    300 0
    400 1
  </trace>
  <trace id="file" file="t.txt" periodicity="-1"/>
  <trace_connect trace="inline" element="d"/>
  <trace_connect kind="HOST_AVAIL" trace="looping" element="e"/>
  <trace_connect kind="HOST_AVAIL" trace="file" element="f"/>
  <trace_connect kind="SPEED" trace="inline" element="a"/>)"));
  auto p = read_host_state_profiles(dir + "/sub/p.xml");
  ASSERT_EQ(p.size(), 5u);  // a, b, d, e, f: an empty state_file is none (SimGrid)
  EXPECT_EQ(off_for_good_from(p.at("a")), 450.0);  // a SPEED trace is no state profile
  EXPECT_FALSE(p.at("b").predictable);             // a file it cannot read
  EXPECT_EQ(off_for_good_from(p.at("d")), 300.0);  // kind HOST_AVAIL by default
  EXPECT_TRUE(p.at("e").loops);
  EXPECT_FALSE(off_for_good_from(p.at("e")));
  EXPECT_FALSE(off_for_good_from(p.at("f")));  // the connected trace wins over state_file
  ASSERT_EQ(p.at("f").events.size(), 2u);
  EXPECT_TRUE(has_host_state_profiles(dir + "/sub/p.xml"));
  std::filesystem::remove_all(dir);
}

TEST(StateProfiles, APlatformThatIsNoXmlHasNone) {
  std::string dir = test::make_temp_dir("botsim-profiles");
  test::write_text(dir + "/p.xml", "<platform");
  EXPECT_TRUE(read_host_state_profiles(dir + "/p.xml").empty());
  EXPECT_TRUE(read_host_state_profiles(dir + "/none.xml").empty());
  std::filesystem::remove_all(dir);
}
