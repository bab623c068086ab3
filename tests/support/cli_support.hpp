#pragma once
// Running build/botsim as a user would, from the tests.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "support/files.hpp"

namespace botsim::test {

/// What every platform and deployment file of the tests starts with (SimGrid DTD 4.1).
inline const std::string kXmlHead =
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n";

struct CliResult {
  int exit_code = -1;  // -1: killed by a signal
  std::string out, err;
};

/// Runs botsim with `args` in directory `cwd` (default: the source tree); with
/// `time_limit_s` > 0, kills it (exit_code -1) when it runs longer: a hang fails the test.
CliResult botsim(const std::vector<std::string>& args, const std::string& cwd = "",
                 int time_limit_s = 0);

/// Starts botsim with `args` (stdout and stderr discarded) and returns its process id: for
/// tests that interrupt it (kill, then waitpid).
int start_botsim(const std::vector<std::string>& args);

/// Every regular file under `dir` (relative name -> contents), hidden ones (a marker) included.
std::map<std::string, std::string> files_under(const std::string& dir);
/// Every path under `dir` whose name holds ".tmp": what an interrupted write would leave.
std::vector<std::string> temporary_files(const std::string& dir);
/// The summary.json of every finished run under `dir` (none if it does not exist), with its
/// modification time: a run redone would change it.
std::map<std::string, std::filesystem::file_time_type> finished_runs(const std::string& dir);

/// Bad input: exit code 2 and one line "botsim: ..." on stderr holding every needle.
void expect_input_error(const CliResult& r, const std::vector<std::string>& needles);

/// Each figure STEM in `dir` has its gnuplot data and script (STEM.dat, STEM.gp), and its
/// pictures (STEM.svg, STEM.png) exactly when gnuplot is installed.
void expect_figures(const std::string& dir, const std::vector<std::string>& stems);

/// `text` with its first `from` replaced by `to` (the calling test fails if there is none).
std::string replaced(std::string text, const std::string& from, const std::string& to);

/// An actor's props: `defaults` with `overrides` applied (the value "<none>" removes a prop).
using Props = std::map<std::string, std::string>;
Props with_overrides(Props defaults, const Props& overrides);
/// `<actor host="HOST" function="FUNCTION">`, a `<prop>` line per entry of `props` and the
/// closing tag, indented as the tests' deployments are.
std::string actor_xml(const std::string& host, const std::string& function, const Props& props);
/// A cloud deployment: a CloudProvider on host "provider" and one `function` actor on host
/// "client" with `defaults` and `overrides` (with_overrides).
std::string cloud_client_deployment(const std::string& function, const Props& defaults,
                                    const Props& overrides);

/// A test that writes a scenario into a fresh directory and runs it with botsim.
class ScenarioCliTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  /// Writes `text` to DIR/name and returns the path.
  std::string file(const std::string& name, const std::string& text);
  /// `botsim run` on p.xml and d.xml written from the two texts, results in DIR/out.
  CliResult run(const std::string& platform_xml, const std::string& deployment_xml);
  /// `botsim validate` on p.xml and d.xml written from the two texts.
  CliResult validate(const std::string& platform_xml, const std::string& deployment_xml);
  std::string dir_;
  int time_limit_s_ = 0;  // botsim's time limit in run() and validate(); 0: none
};

}  // namespace botsim::test
