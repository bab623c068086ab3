#include "support/cli_support.hpp"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>

namespace botsim::test {

static std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CliResult botsim(const std::vector<std::string>& args, const std::string& cwd) {
  std::string dir = make_temp_dir("botsim-cli");
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
