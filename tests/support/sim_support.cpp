#include "support/sim_support.hpp"

#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "cli/models.hpp"

namespace botsim::test {

std::string temp_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "botsim-test-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

std::string write_file(const std::string& dir, const std::string& name, const std::string& text) {
  std::string path = dir + "/" + name;
  std::ofstream(path) << text;
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

std::string source_file(const std::string& relative) {
  return std::string(BOTSIM_SOURCE_DIR) + "/" + relative;
}

}  // namespace botsim::test
