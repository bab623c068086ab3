#include "cli/compare_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <utility>

#include "cli/run_table.hpp"
#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/summary.hpp"
#include "core/xml.hpp"

namespace fs = std::filesystem;

namespace botsim {

namespace {

// A compare page's first line: botsim replaces a page only when it begins so.
constexpr const char* kCompareMark = "<!DOCTYPE html><!-- botsim compare -->";

// The page: the table of compare_rows (its second row, the units, under the names).
std::string compare_page(const std::vector<std::vector<std::string>>& rows) {
  std::string html = std::string(kCompareMark) +
                     "\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                     "<title>botsim compare</title>\n<style>\n"
                     "body{font-family:sans-serif;margin:2em}"
                     "table{border-collapse:collapse}"
                     "th,td{border:1px solid #bbb;padding:3px 8px;font-size:90%}"
                     "td.n{text-align:right}th{background:#eee}\n"
                     "</style>\n</head>\n<body>\n<h1>botsim compare</h1>\n<table>\n";
  for (size_t r = 0; r < rows.size(); ++r) {
    html += "<tr>";
    for (size_t c = 0; c < rows[r].size(); ++c) {
      if (r == 0) {
        const std::string& unit = rows[1][c];
        html += "<th>" + xml_escape(rows[0][c]) +
                (unit.empty() ? "" : " (" + xml_escape(unit) + ")") + "</th>";
      } else if (r > 1) {
        html += std::string(c < 5 ? "<td>" : "<td class=\"n\">") + xml_escape(rows[r][c]) + "</td>";
      }
    }
    if (r != 1) html += "</tr>\n";
  }
  return html + "</table>\n</body>\n</html>\n";
}

}  // namespace

CompareCommand::CompareCommand(CLI::App& parent) {
  app = parent.add_subcommand(
      "compare",
      "Several runs side by side: one row per user of each run (its tasks, times, money, "
      "status), on the terminal and, with --out, as an HTML page");
  app->add_option("dirs", dirs, "Results directories of botsim run (each with its summary.json)")
      ->required();
  app->add_option("--out", out, "Also write the table as a self-contained HTML page");
}

int CompareCommand::operator()() const {
  std::vector<std::pair<std::string, std::vector<UserRecord>>> runs;
  for (const auto& dir : dirs) {
    if (!fs::is_regular_file(fs::path(dir) / "summary.json"))
      throw InputError(dir, "", "not the results of a run (no summary.json)");
    try {
      runs.emplace_back(dir, read_summary(dir).users);
    } catch (const std::runtime_error& e) {  // a summary.json botsim cannot read
      throw InputError(e.what());
    }
  }
  const auto rows = compare_rows(runs);
  std::cout << compare_table(runs);
  if (out.empty()) return 0;
  // botsim never replaces what it did not write: an existing page must be a compare page.
  const fs::path page(out);
  if (fs::exists(page) || fs::is_symlink(page)) {
    if (!fs::is_regular_file(fs::symlink_status(page)) ||
        read_input_file(out, "page").rfind(kCompareMark, 0) != 0)
      throw InputError(out, "--out",
                       "exists and is not a page botsim compare wrote: botsim never replaces "
                       "it; give another file");
  }
  // Written beside its place, then renamed over it: a reader never sees half a page.
  const fs::path tmp =
      page.parent_path() / fmt::format(".{}-{}.tmp", page.filename().string(), getpid());
  {
    std::ofstream f(tmp, std::ios::binary);
    f << compare_page(rows);
    if (!f) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw InputError(out, "--out", "cannot write the page here");
    }
  }
  fs::rename(tmp, page);
  std::cout << "compare: " << out << "\n";
  return 0;
}

}  // namespace botsim
