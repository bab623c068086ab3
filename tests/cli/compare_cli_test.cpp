// `botsim compare DIR...`: several runs side by side (lab 5 dug makespans out of six
// summary.json files one by one): the run table's columns after each run's directory, on the
// terminal and as a page; what is not a run is refused, and a page botsim did not write is
// never replaced.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/cli_support.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

// Example 1 (one user, three tasks of 60 s from 30 s: the last ends at 240 s, G$0.30) and
// example 2 (U0 ends at 420 s paying G$0.60, U1 at 300 s paying G$1.20), worked out in lab 1.
class CompareCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = t::make_temp_dir();
    for (const auto& [name, deployment] :
         {std::pair{"one", "examples/01-one-resource.xml"},
          std::pair{"two", "examples/02-proportional-share.xml"}}) {
      auto r = t::botsim({"run", "examples/01-one-resource.platform.xml", deployment, "--out",
                          dir_ + "/" + name, "--quiet"});
      ASSERT_EQ(r.exit_code, 0) << r.err;
    }
  }
  std::string dir_;
};

}  // namespace

TEST_F(CompareCli, RunsSideBySide) {
  auto r = t::botsim({"compare", "one", "two", "--out", "page.html"}, dir_);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // A header, the units, one row per user of each run in turn.
  const std::vector<std::string> starts{"run  user", "  ", "one  U0", "two  U0", "two  U1"};
  std::vector<std::string> lines;
  for (size_t at = 0, end; (end = r.out.find('\n', at)) != std::string::npos; at = end + 1)
    lines.push_back(r.out.substr(at, end - at));
  ASSERT_EQ(lines.size(), 6u) << r.out;  // and "compare: page.html"
  for (size_t k = 0; k < starts.size(); ++k)
    EXPECT_EQ(lines[k].rfind(starts[k], 0), 0u) << lines[k];
  EXPECT_NE(lines[2].find("  210.0  "), std::string::npos) << lines[2];  // makespan 240 - 30
  EXPECT_NE(lines[2].find("  0.30  "), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("  420.0  "), std::string::npos) << lines[3];
  EXPECT_NE(lines[4].find("  1.20  "), std::string::npos) << lines[4];
  EXPECT_EQ(lines[5], "compare: page.html");
  const std::string page = t::read_text(dir_ + "/page.html");
  EXPECT_NE(page.find("<th>makespan (s)</th>"), std::string::npos) << page;
  EXPECT_NE(page.find("<td>two</td><td>U1</td>"), std::string::npos) << page;
  EXPECT_EQ(page.find("http"), std::string::npos);  // nothing from elsewhere
  // Again over its own page: replaced.
  EXPECT_EQ(t::botsim({"compare", "one", "--out", "page.html"}, dir_).exit_code, 0);
  EXPECT_EQ(t::read_text(dir_ + "/page.html").find("<td>two</td>"), std::string::npos);
}

TEST_F(CompareCli, WhatIsNotARunIsRefused) {
  fs::create_directories(dir_ + "/empty");
  t::expect_input_error(t::botsim({"compare", "one", "empty"}, dir_),
                        {"empty: not the results of a run (no summary.json)"});
  t::write_text(dir_ + "/mine.html", "my notes\n");
  t::expect_input_error(t::botsim({"compare", "one", "--out", "mine.html"}, dir_),
                        {"mine.html: --out: exists and is not a page botsim compare wrote"});
  EXPECT_EQ(t::read_text(dir_ + "/mine.html"), "my notes\n");
  t::write_text(dir_ + "/one/summary.json", "{\"users\": [");
  t::expect_input_error(t::botsim({"compare", "one"}, dir_), {"one/summary.json"});
}
