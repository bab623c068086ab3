#include "support/sim_support.hpp"

#include <unistd.h>

#include "cli/models.hpp"

namespace botsim::test {

std::string temp_dir() { return make_temp_dir("botsim-test"); }

std::string write_file(const std::string& dir, const std::string& name, const std::string& text) {
  std::string path = dir + "/" + name;
  write_text(path, text);
  return path;
}

std::string platform_xml(const std::string& body) {
  return "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
         "<platform version=\"4.1\">\n" +
         body + "\n</platform>\n";
}

std::string cloud_control_zone() {
  return R"(
    <zone id="control" routing="Full">
      <host id="provider" speed="1Gf"/>
      <host id="client" speed="1Gf"/>
      <router id="gw"/>
      <link id="l1" bandwidth="10Gbps" latency="0"/>
      <link id="l2" bandwidth="10Gbps" latency="0"/>
      <route src="provider" dst="gw"><link_ctn id="l1"/></route>
      <route src="client" dst="gw"><link_ctn id="l2"/></route>
      <route src="provider" dst="client"><link_ctn id="l1"/><link_ctn id="l2"/></route>
    </zone>)";
}

void end_within(unsigned seconds) { alarm(seconds); }

const Results& run(const std::string& platform, const std::string& deployment,
                   unsigned long long seed, bool exact_network) {
  register_models();
  RunOptions o;
  o.platform = platform;
  o.deployment = deployment;
  o.seed = seed;
  o.out_dir = temp_dir() + "/out";
  if (exact_network) o.sg_args = {"--cfg=network/model:CM02", "--cfg=network/crosstraffic:0"};
  // One simulation per test process: the run lives as long as the process.
  static std::unique_ptr<Run> finished;
  finished = run_scenario(o);
  return finished->results();
}

}  // namespace botsim::test
