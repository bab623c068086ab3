#include "support/cli_support.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

extern char** environ;

#include "core/gnuplot.hpp"

namespace botsim::test {

static std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CliResult botsim(const std::vector<std::string>& args, const std::string& cwd, int time_limit_s) {
  std::string dir = make_temp_dir("botsim-cli");
  std::string cmd = "cd " + quote(cwd.empty() ? std::string(BOTSIM_SOURCE_DIR) : cwd) + " && ";
  if (time_limit_s > 0) cmd += "timeout -s KILL " + std::to_string(time_limit_s) + " ";
  cmd += quote(BOTSIM_EXE);
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

int start_botsim(const std::vector<std::string>& args) {
  std::vector<std::string> words{BOTSIM_EXE};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  int rc = posix_spawn(&pid, BOTSIM_EXE, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + std::string(BOTSIM_EXE));
  return pid;
}

std::map<std::string, std::string> files_under(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      files[std::filesystem::relative(e.path(), dir).string()] = read_text(e.path().string());
  return files;
}

std::vector<std::string> temporary_files(const std::string& dir) {
  std::vector<std::string> found;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.path().filename().string().find(".tmp") != std::string::npos)
      found.push_back(e.path().string());
  return found;
}

std::map<std::string, std::filesystem::file_time_type> finished_runs(const std::string& dir) {
  namespace fs = std::filesystem;
  std::map<std::string, fs::file_time_type> runs;
  std::error_code ec;
  // Runs write into DIR.tmp-XXXXXX and rename it into place: those are not finished (and may
  // vanish while this looks).
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.filename() != "summary.json" ||
        p.parent_path().filename().string().find(".tmp") != std::string::npos)
      continue;
    auto time = fs::last_write_time(p, ec);
    if (!ec) runs[p.string()] = time;
    ec.clear();
  }
  return runs;
}

void expect_input_error(const CliResult& r, const std::vector<std::string>& needles) {
  EXPECT_NE(r.exit_code, -1) << "killed by a signal: " << r.err;
  EXPECT_EQ(r.exit_code, 2) << r.err;
  ASSERT_FALSE(r.err.empty());
  EXPECT_EQ(r.err.rfind("botsim: ", 0), 0u) << r.err;
  EXPECT_EQ(r.err.back(), '\n');
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  for (const auto& n : needles) EXPECT_NE(r.err.find(n), std::string::npos) << n << " in " << r.err;
}

void expect_figures(const std::string& dir, const std::vector<std::string>& stems) {
  const bool drawn = !find_gnuplot().empty();
  for (const auto& stem : stems) {
    const std::string base = dir + "/" + stem;
    EXPECT_TRUE(std::filesystem::exists(base + ".dat")) << base << ".dat";
    EXPECT_TRUE(std::filesystem::exists(base + ".gp")) << base << ".gp";
    EXPECT_EQ(std::filesystem::exists(base + ".svg"), drawn) << base << ".svg";
    EXPECT_EQ(std::filesystem::exists(base + ".png"), drawn) << base << ".png";
  }
}

Props with_overrides(Props defaults, const Props& overrides) {
  for (const auto& [k, v] : overrides) {
    if (v == "<none>")
      defaults.erase(k);
    else
      defaults[k] = v;
  }
  return defaults;
}

std::string actor_xml(const std::string& host, const std::string& function, const Props& props) {
  std::string xml = "  <actor host=\"" + host + "\" function=\"" + function + "\">\n";
  for (const auto& [k, v] : props) xml += "    <prop id=\"" + k + "\" value=\"" + v + "\"/>\n";
  return xml + "  </actor>\n";
}

std::string cloud_client_deployment(const std::string& function, const Props& defaults,
                                    const Props& overrides) {
  return kXmlHead + "  <actor host=\"provider\" function=\"CloudProvider\"/>\n" +
         actor_xml("client", function, with_overrides(defaults, overrides)) + "</platform>\n";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

void ScenarioCliTest::SetUp() { dir_ = make_temp_dir(); }
void ScenarioCliTest::TearDown() { std::filesystem::remove_all(dir_); }

std::string ScenarioCliTest::file(const std::string& name, const std::string& text) {
  std::string path = dir_ + "/" + name;
  write_text(path, text);
  return path;
}

CliResult ScenarioCliTest::run(const std::string& platform_xml, const std::string& deployment_xml) {
  return botsim({"run", file("p.xml", platform_xml), file("d.xml", deployment_xml), "--out",
                 dir_ + "/out", "--quiet"},
                "", time_limit_s_);
}

CliResult ScenarioCliTest::validate(const std::string& platform_xml,
                                    const std::string& deployment_xml) {
  return botsim({"validate", file("p.xml", platform_xml), file("d.xml", deployment_xml)}, "",
                time_limit_s_);
}

}  // namespace botsim::test
