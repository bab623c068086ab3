#include "support/sim_support.hpp"

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

const Results& run(const std::string& platform, const std::string& deployment,
                   unsigned long long seed, bool exact_network) {
  register_models();
  RunOptions o;
  o.platform = platform;
  o.deployment = deployment;
  o.seed = seed;
  o.out_dir = temp_dir() + "/out";
  o.print_table = false;
  if (exact_network) o.sg_args = {"--cfg=network/model:CM02", "--cfg=network/crosstraffic:0"};
  run_scenario(o);
  return results();
}

}  // namespace botsim::test
