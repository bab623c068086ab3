// Where `botsim experiment` finds the shipped platforms, deployments and workloads (README,
// "How botsim finds its data"): --data-dir, else $BOTSIM_DATA_DIR, else the current directory,
// the build's source tree and the install's share/botsim.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>

#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

class DataDirCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  void TearDown() override {
    unsetenv("BOTSIM_DATA_DIR");
    fs::remove_all(dir_);
  }
  std::string dir_;
};

}  // namespace

// build/botsim run from a directory without the shipped files finds them in its source tree.
TEST_F(DataDirCli, TheBuildFindsItsSourceTreeFromAnyDirectory) {
  auto r = t::botsim({"experiment", "sulistio2005", "--out", dir_ + "/x", "--quiet"}, dir_);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ + "/x/findings.csv"));
}

// $BOTSIM_DATA_DIR is the only place looked in; --data-dir wins over it.
TEST_F(DataDirCli, TheEnvironmentNamesTheOnlyPlaceAndDataDirWins) {
  const std::string none = dir_ + "/none";
  setenv("BOTSIM_DATA_DIR", none.c_str(), 1);
  t::expect_input_error(t::botsim({"experiment", "sulistio2005", "--out", dir_ + "/x", "--quiet"}),
                        {"deployments/sulistio2005.xml", "shipped data file not found",
                         "looked in " + none + " ($BOTSIM_DATA_DIR)"});
  EXPECT_FALSE(fs::exists(dir_ + "/x"));
  auto r = t::botsim({"experiment", "sulistio2005", "--out", dir_ + "/x", "--quiet", "--data-dir",
                      t::source_path("")},
                     dir_);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ + "/x/findings.csv"));
  unsetenv("BOTSIM_DATA_DIR");
  t::expect_input_error(
      t::botsim({"experiment", "sulistio2005", "--out", dir_ + "/y", "--data-dir", none}),
      {"deployments/sulistio2005.xml", "looked in " + none + ";"});
}
