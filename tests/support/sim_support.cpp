#include "support/sim_support.hpp"

#include <unistd.h>

#include <stdexcept>

#include "cli/models.hpp"

namespace botsim::test {

// One simulation per test process: the run lives as long as the process.
static std::unique_ptr<Run>& finished_run() {
  static std::unique_ptr<Run> finished;
  return finished;
}

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

std::string three_vm_cloud_xml(const std::string& price, const std::string& props,
                               const std::string& vm0_state_file) {
  const std::string state =
      vm0_state_file.empty() ? "" : R"( state_file=")" + vm0_state_file + R"(")";
  return platform_xml(R"(
  <zone id="w" routing="Full">)" +
                      cloud_control_zone() + R"(
    <zone id="vm" routing="Full">
      <prop id="instance_type" value="vm"/><prop id="price" value=")" +
                      price + R"("/>)" + props + R"(
      <host id="vm-0" speed="1Gf")" +
                      state +
                      R"(/><host id="vm-1" speed="1Gf"/><host id="vm-2" speed="1Gf"/>
      <router id="vm-r"/><link id="v" bandwidth="10Gbps" latency="0" sharing_policy="FATPIPE"/>
      <route src="vm-0" dst="vm-r"><link_ctn id="v"/></route>
      <route src="vm-1" dst="vm-r"><link_ctn id="v"/></route>
      <route src="vm-2" dst="vm-r"><link_ctn id="v"/></route>
      <route src="vm-0" dst="vm-1"><link_ctn id="v"/></route>
      <route src="vm-0" dst="vm-2"><link_ctn id="v"/></route>
      <route src="vm-1" dst="vm-2"><link_ctn id="v"/></route>
    </zone>
    <link id="bb" bandwidth="10Gbps" latency="0" sharing_policy="FATPIPE"/>
    <zoneRoute src="control" dst="vm" gw_src="gw" gw_dst="vm-r"><link_ctn id="bb"/></zoneRoute>
  </zone>)");
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
  finished_run() = run_scenario(o);
  return finished_run()->results();
}

const Run& last_run() {
  if (!finished_run()) throw std::logic_error("no run yet");
  return *finished_run();
}

}  // namespace botsim::test
