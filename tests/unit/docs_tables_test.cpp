// The docs' tables that quote results are generated from the committed results files: each
// block between "<!-- botsim: KIND FILE -->" and "<!-- botsim: end -->" must be what KIND renders
// from FILE today. BOTSIM_UPDATE_DOCS=1 rewrites the blocks instead of checking them.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <string>

#include "campaign/findings.hpp"
#include "core/csv.hpp"
#include "papers/silva2008/silva2008.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

using Renderer = std::function<std::string(const std::string& file)>;

// Per user, run time and cost under both readings of C_r, from the sulistio2005 experiment's
// directory (fig6_runtime*.csv, fig7_cost*.csv).
std::string sulistio2005_users(const std::string& dir) {
  const botsim::CsvTable rt = botsim::read_csv(dir + "/fig6_runtime.csv"),
                         cost = botsim::read_csv(dir + "/fig7_cost.csv"),
                         rt_total = botsim::read_csv(dir + "/fig6_runtime_total.csv"),
                         cost_total = botsim::read_csv(dir + "/fig7_cost_total.csv");
  std::string out =
      "| user | policy | VO | makespan per PE (h) | spent per PE (G$) | makespan total (h) | "
      "spent total (G$) |\n| --- | --- | --- | ---: | ---: | ---: | ---: |\n";
  auto num = [](const botsim::CsvTable& t, size_t row, const char* col, const char* fmt) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, std::stod(t.rows.at(row)[t.column(col)]));
    return std::string(buf);
  };
  for (size_t i = 0; i < rt.rows.size(); ++i)
    out += "| " + rt.rows[i][0] + " | " + rt.rows[i][1] + " | " + rt.rows[i][2] + " | " +
           num(rt, i, "runtime_h_mean", "%.1f") + " | " + num(cost, i, "cost_mean", "%.0f") +
           " | " + num(rt_total, i, "runtime_h_mean", "%.1f") + " | " +
           num(cost_total, i, "cost_mean", "%.0f") + " |\n";
  return out;
}

const std::map<std::string, Renderer>& renderers() {
  static const std::map<std::string, Renderer> r{
      {"findings",
       [](const std::string& f) {
         return botsim::campaign::findings_markdown(botsim::read_csv(f));
       }},
      {"sulistio2005-users", [](const std::string& d) { return sulistio2005_users(d); }},
      {"silva2008-settings",
       [](const std::string& f) {
         return botsim::papers::silva2008_docs_table(botsim::read_csv(f));
       }},
  };
  return r;
}

// Checks (or rewrites) every block of one Markdown file; returns how many it holds.
int check_blocks(const std::string& path, bool update) {
  const std::string text = t::read_text(path);
  static const std::regex open(R"(<!-- botsim: ([a-z0-9-]+) ([^ ]+) -->\n)");
  const std::string close = "<!-- botsim: end -->";
  std::string out;
  int blocks = 0;
  size_t pos = 0;
  for (std::smatch m;
       std::regex_search(text.begin() + static_cast<long>(pos), text.end(), m, open);) {
    const size_t start = pos + static_cast<size_t>(m.position(0)) + m.length(0);
    const size_t end = text.find(close, start);
    EXPECT_NE(end, std::string::npos) << path << ": a block without its end";
    if (end == std::string::npos) return blocks;
    const std::string kind = m[1], file = m[2];
    ++blocks;
    std::string want;
    if (!renderers().count(kind)) {
      ADD_FAILURE() << path << ": unknown block kind " << kind;
      want = text.substr(start, end - start);
    } else {
      want = renderers().at(kind)(t::source_path(file));
    }
    if (!update) {
      EXPECT_EQ(text.substr(start, end - start), want)
          << path << ": " << kind << " " << file << " (BOTSIM_UPDATE_DOCS=1 rewrites it)";
    }
    out += text.substr(pos, start - pos) + want;
    pos = end;
  }
  out += text.substr(pos);
  if (update && out != text) t::write_text(path, out);
  return blocks;
}

}  // namespace

TEST(DocsTables, AreWhatTheResultsFilesSay) {
  const bool update = std::getenv("BOTSIM_UPDATE_DOCS") != nullptr;
  int blocks = 0;
  std::vector<std::string> files{t::source_path("README.md"), t::source_path("results/README.md")};
  for (const auto& e : fs::directory_iterator(t::source_path("docs")))
    if (e.path().extension() == ".md") files.push_back(e.path().string());
  for (const auto& f : files) blocks += check_blocks(f, update);
  EXPECT_GE(blocks, 3);  // the findings of sulistio2005, silva2008 and vo-policies at least
}

// Every claim a shipped experiment does not reproduce names its cause (measured, or the docs
// section that measures it): findings.csv's `cause` is empty only where the verdict is "yes".
TEST(DocsTables, EveryGapInTheShippedFindingsHasACause) {
  int files = 0;
  for (const auto& entry : fs::directory_iterator(t::source_path("results"))) {
    const fs::path findings = entry.path() / "findings.csv";
    if (!fs::exists(findings)) continue;
    ++files;
    const botsim::CsvTable table = botsim::read_csv(findings.string());
    for (const auto& row : table.rows) {
      if (row[table.column("verdict")] != "yes") {
        EXPECT_FALSE(row[table.column("cause")].empty())
            << findings << ": " << row[table.column("rules")] << " " << row[table.column("id")];
      }
    }
  }
  EXPECT_GE(files, 5);
}
