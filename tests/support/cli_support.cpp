#include "support/cli_support.hpp"

#include <stdlib.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace botsim::test {

std::string source_path(const std::string& relative) {
  return std::string(BOTSIM_SOURCE_DIR) + "/" + relative;
}

std::string make_temp_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "botsim-cli-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

static std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CliResult botsim(const std::vector<std::string>& args, const std::string& cwd) {
  std::string dir = make_temp_dir();
  std::string cmd = "cd " + quote(cwd.empty() ? std::string(BOTSIM_SOURCE_DIR) : cwd) + " && " +
                    quote(BOTSIM_EXE);
  for (const auto& a : args) cmd += " " + quote(a);
  cmd += " >" + quote(dir + "/out") + " 2>" + quote(dir + "/err") + " </dev/null";
  int status = std::system(("/bin/sh -c " + quote(cmd)).c_str());
  CliResult r;
  if (WIFEXITED(status)) {
    int code = WEXITSTATUS(status);
    // sh reports a child killed by signal N as 128+N
    r.exit_code = code > 128 ? -1 : code;
  }
  r.out = read_text(dir + "/out");
  r.err = read_text(dir + "/err");
  std::filesystem::remove_all(dir);
  return r;
}

}  // namespace botsim::test
