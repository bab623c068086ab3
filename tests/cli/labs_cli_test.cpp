// The lab sheets (labs/*.md) as a student follows them: every `sh` block of a sheet runs, in
// order, from a fresh directory that looks like the top of the repository, and every line of
// the `check` blocks of its answer key (labs/answers/) holds on the files the commands wrote.
//
// A check line is `FILE QUERY EXPECTED [TOLERANCE]`, or `output: TEXT` (the commands printed
// TEXT). For a .json file QUERY is a dotted path; an array is indexed by position or by the
// `name` of its element (`users.U0.spent`, `schedules.Sched2.machines.0`). For a .csv file it
// is `AGG(COLUMN)@COL=VALUE,...` with AGG first, sum, min or max, or `count@...`; the filter is
// optional. Numbers match within TOLERANCE (default 1e-6 relative), anything else exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

// The lines of every fenced block of `md` opened with ```TAG.
std::vector<std::string> fenced_lines(const std::string& md, const std::string& tag) {
  std::vector<std::string> out;
  std::istringstream in(md);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line == "```" + tag) {
      inside = true;
    } else if (inside && line.rfind("```", 0) == 0) {
      inside = false;
    } else if (inside) {
      out.push_back(line);
    }
  }
  return out;
}

std::optional<double> number(const std::string& s) {
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep)) out.push_back(part);
  return out;
}

// The value QUERY names in a JSON file, as text ("true", "432", "Sched2").
std::string json_value(const std::string& path, const std::string& query) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  nlohmann::json j = nlohmann::json::parse(in);
  const nlohmann::json* at = &j;
  for (const auto& key : split(query, '.')) {
    if (at->is_array()) {
      auto index = number(key);
      auto it = std::find_if(at->begin(), at->end(), [&](const nlohmann::json& e) {
        return e.is_object() && e.contains("name") && e["name"] == key;
      });
      if (it != at->end()) {
        at = &*it;
      } else if (index && *index < at->size()) {
        at = &(*at)[static_cast<std::size_t>(*index)];
      } else {
        throw std::runtime_error("no element '" + key + "' in " + query);
      }
    } else if (at->is_object() && at->contains(key)) {
      at = &(*at)[key];
    } else {
      throw std::runtime_error("no key '" + key + "' in " + query);
    }
  }
  return at->is_string() ? at->get<std::string>() : at->dump();
}

// AGG(COLUMN)@COL=VALUE,... over a CSV file.
std::string csv_value(const std::string& path, const std::string& query) {
  static const std::regex form(R"(^(first|sum|min|max)\((\w+)\)|^count)");
  std::smatch m;
  std::string head = query.substr(0, query.find('@'));
  if (!std::regex_search(head, m, form)) throw std::runtime_error("bad query " + query);
  auto table = botsim::read_csv(path);
  std::vector<std::pair<std::size_t, std::string>> filters;
  if (auto at = query.find('@'); at != std::string::npos)
    for (const auto& f : split(query.substr(at + 1), ',')) {
      auto eq = f.find('=');
      filters.emplace_back(table.column(f.substr(0, eq)), f.substr(eq + 1));
    }
  std::vector<std::string> values;
  for (const auto& row : table.rows) {
    bool keep = std::all_of(filters.begin(), filters.end(), [&](const auto& f) {
      auto a = number(row[f.first]), b = number(f.second);
      return row[f.first] == f.second || (a && b && *a == *b);
    });
    if (keep) values.push_back(m[2].matched ? row[table.column(m[2])] : "");
  }
  if (head == "count") return std::to_string(values.size());
  if (values.empty()) throw std::runtime_error("no row matches " + query);
  if (m[1] == "first") return values.front();
  std::vector<double> xs;
  for (const auto& v : values) xs.push_back(number(v).value_or(NAN));
  if (m[1] == "sum") return std::to_string(std::accumulate(xs.begin(), xs.end(), 0.0));
  return std::to_string(m[1] == "min" ? *std::min_element(xs.begin(), xs.end())
                                      : *std::max_element(xs.begin(), xs.end()));
}

// "" when the check line holds in `dir`, else what differs.
std::string check(const std::string& dir, const std::string& line, const std::string& output) {
  if (line.rfind("output:", 0) == 0) {
    std::string text = line.substr(line.find_first_not_of(' ', 7));
    return output.find(text) != std::string::npos ? "" : "the commands did not print: " + text;
  }
  std::istringstream in(line);
  std::string file, query, expected, tolerance;
  in >> file >> query >> expected >> tolerance;
  if (expected.empty()) return "bad check line: " + line;
  std::string path = dir + "/" + file;
  std::string got;
  try {
    got = file.size() > 5 && file.substr(file.size() - 5) == ".json" ? json_value(path, query)
                                                                     : csv_value(path, query);
  } catch (const std::exception& e) {
    return line + ": " + e.what();
  }
  auto g = number(got), x = number(expected);
  bool same = got == expected;
  if (g && x) {
    double tol = tolerance.empty() ? 1e-6 * std::max(1.0, std::fabs(*x)) : *number(tolerance);
    same = std::fabs(*g - *x) <= tol;
  }
  return same ? "" : line + ": got " + got;
}

// A directory that looks like the top of the repository: the shipped files and the build.
std::string lab_dir() {
  std::string dir = t::make_temp_dir("botsim-lab");
  for (const char* d : {"examples", "labs", "platforms", "deployments", "workloads"})
    fs::create_directory_symlink(t::source_path(d), dir + "/" + d);
  fs::create_directory_symlink(fs::absolute(BOTSIM_EXE).parent_path(), dir + "/build");
  return dir;
}

std::vector<std::string> lab_sheets() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(t::source_path("labs")))
    if (std::regex_match(e.path().filename().string(), std::regex(R"(\d\d-.*\.md)")))
      names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

class Labs : public ::testing::TestWithParam<std::string> {};

TEST_P(Labs, CommandsRunAndTheAnswersHold) {
  const std::string sheet = GetParam();
  auto commands = fenced_lines(t::read_text(t::source_path("labs/" + sheet)), "sh");
  auto checks = fenced_lines(t::read_text(t::source_path("labs/answers/" + sheet)), "check");
  ASSERT_FALSE(commands.empty()) << sheet << " has no sh block";
  ASSERT_GE(checks.size(), 5u) << "labs/answers/" << sheet << " checks too little";
  std::string dir = lab_dir();
  std::string script;
  for (const auto& c : commands) script += c + "\n";
  t::write_text(dir + "/lab.sh", script);
  int status = std::system(("cd '" + dir + "' && bash -eo pipefail lab.sh >output 2>&1").c_str());
  std::string output = t::read_text(dir + "/output");
  ASSERT_EQ(status, 0) << sheet << "'s commands failed:\n" << output;
  for (const auto& line : checks) {
    if (line.find_first_not_of(' ') == std::string::npos) continue;
    EXPECT_EQ(check(dir, line, output), "") << "labs/answers/" << sheet;
  }
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  return "lab" + info.param.substr(0, 2);
}

INSTANTIATE_TEST_SUITE_P(Sheets, Labs, ::testing::ValuesIn(lab_sheets()), test_name);

// The checker itself: a wrong value, a missing row or key, an absent text are caught.
TEST(LabsChecker, CatchesWrongValues) {
  std::string dir = t::make_temp_dir("botsim-lab-check");
  t::write_text(dir + "/t.csv", "user,host,end_s\nU0,R0,10\nU0,R1,30\nU1,R0,20\n");
  t::write_text(dir + "/s.json", R"({"users":[{"name":"U0","spent":1.5,"ok":true,"m":[8,2]}]})");
  EXPECT_EQ(check(dir, "t.csv count@user=U0 2", ""), "");
  EXPECT_EQ(check(dir, "t.csv max(end_s)@user=U0 30", ""), "");
  EXPECT_EQ(check(dir, "t.csv sum(end_s) 60", ""), "");
  EXPECT_EQ(check(dir, "t.csv first(host)@user=U1 R0", ""), "");
  EXPECT_EQ(check(dir, "s.json users.U0.spent 1.49 0.02", ""), "");
  EXPECT_EQ(check(dir, "s.json users.U0.ok true", ""), "");
  EXPECT_EQ(check(dir, "s.json users.0.m.1 2", ""), "");
  EXPECT_EQ(check(dir, "output: needs at least 432", "printed: needs at least 432"), "");
  EXPECT_NE(check(dir, "output: needs at least 433", "needs at least 432"), "");
  EXPECT_NE(check(dir, "t.csv count@user=U0 3", ""), "");
  EXPECT_NE(check(dir, "t.csv first(end_s)@user=U2 10", ""), "");
  EXPECT_NE(check(dir, "s.json users.U0.spent 1.49", ""), "");
  EXPECT_NE(check(dir, "s.json users.U1.spent 1.5", ""), "");
  EXPECT_NE(check(dir, "s.json users.U0.ok false", ""), "");
}

}  // namespace
