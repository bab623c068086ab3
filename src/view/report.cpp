#include "view/report.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/claims.hpp"
#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/gnuplot.hpp"
#include "core/input_file.hpp"
#include "core/output_dir.hpp"
#include "core/summary.hpp"
#include "core/xml.hpp"
#include "view/console_tables.hpp"
#include "view/figures.hpp"
#include "view/interactive_chart.hpp"
#include "view/plot_run.hpp"
#include "view/plot_sweep.hpp"

namespace botsim::view {

namespace fs = std::filesystem;

bool is_botsim_report(const fs::path& file) {
  return fs::is_regular_file(fs::symlink_status(file)) &&
         read_input_file(file.string(), "report").rfind(kReportMark, 0) == 0;
}

namespace {

// A results table the page shows; a file botsim cannot read (cut short, the wrong width) is bad
// input, as in `plot`.
CsvTable read_results(const std::string& path) {
  try {
    return read_csv(path);
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
}

// Each user's colour in the figures (user_palette: its place in the run's palette).
using UserColours = std::map<std::string, std::string>;
UserColours user_colours(const fs::path& dir) {
  UserColours colours;
  const std::vector<std::string> users = user_palette(dir);
  for (size_t i = 0; i < users.size(); ++i) colours[users[i]] = palette_color(i);
  return colours;
}

// A CSV file as an HTML table; the verdict column of findings.csv in bold; in the user column,
// each user's cell edged on its left in the user's colour in the figures.
std::string html_table(const CsvTable& t, const UserColours& colours = {}) {
  std::string out = "<table>\n<tr>";
  for (const auto& h : t.header) out += "<th>" + xml_escape(h) + "</th>";
  out += "</tr>\n";
  const auto verdict = std::find(t.header.begin(), t.header.end(), "verdict");
  const auto user = std::find(t.header.begin(), t.header.end(), "user");
  for (const auto& row : t.rows) {
    out += "<tr>";
    for (size_t i = 0; i < row.size(); ++i) {
      const bool bold =
          verdict != t.header.end() && i == static_cast<size_t>(verdict - t.header.begin());
      auto colour = colours.find(row[i]);
      if (user != t.header.end() && i == static_cast<size_t>(user - t.header.begin()) &&
          colour != colours.end())
        out += "<td style=\"border-left:0.8em solid " + colour->second + "\">" +
               xml_escape(row[i]) + "</td>";
      else
        out += bold ? "<td><b>" + xml_escape(row[i]) + "</b></td>"
                    : "<td>" + xml_escape(row[i]) + "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

// findings.csv claim by claim (claims_table): the claim, the paper, each rule set's
// result with its margin and verdict (in bold), the test and the cause of a gap, rather than
// its 17 columns.
std::string claims_html(const CsvTable& findings) {
  const ClaimsTable t = claims_table(findings);
  std::string out = "<table>\n<tr><th>finding</th><th>the paper</th>";
  for (const auto& r : t.rule_sets)
    out += r == kRulesPaper ? "<th>botsim, as printed</th>" : "<th>botsim's default</th>";
  out += "<th>test</th><th>cause of a gap</th></tr>\n";
  for (const auto& c : t.claims) {
    out += "<tr><td>" + xml_escape(c.finding) + "</td><td>" + xml_escape(c.paper) + "</td>";
    for (const auto& [text, verdict] : c.results)
      out += text.empty() ? "<td>-</td>"
                          : "<td>" + xml_escape(text) + ": <b>" + xml_escape(verdict) + "</b></td>";
    out += "<td>" + xml_escape(c.test) + "</td><td>" + xml_escape(c.cause.empty() ? "-" : c.cause) +
           "</td></tr>\n";
  }
  return out + "</table>\n";
}

// A sweep's parameters (sweep.json's "parameters": {"ACTOR.PROP": [values]}) as a table.
std::string parameters_html(const nlohmann::json& parameters) {
  std::string out = "<table>\n<tr><th>parameter</th><th>values</th></tr>\n";
  for (auto it = parameters.begin(); it != parameters.end(); ++it) {
    std::string values;
    for (const auto& v : it.value())
      values += (values.empty() ? "" : ", ") + (v.is_string() ? v.get<std::string>() : v.dump());
    out += "<tr><td>" + xml_escape(it.key()) + "</td><td>" + xml_escape(values) + "</td></tr>\n";
  }
  return out + "</table>\n";
}

// The seeds of a run --reps directory ("seeds 1-5"), from its seed-N subdirectories; a
// directory named otherwise (a user's "seed-old") is not one of its runs.
std::string seeds_text(const fs::path& dir) {
  std::vector<unsigned long long> seeds;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("seed-", 0) != 0 || !fs::exists(e.path() / "summary.json")) continue;
    const std::string digits = name.substr(5);
    unsigned long long seed = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) continue;
    seeds.push_back(seed);
  }
  std::sort(seeds.begin(), seeds.end());
  if (seeds.empty()) return "none";
  const bool consecutive = seeds.back() - seeds.front() + 1 == seeds.size();
  if (consecutive)
    return seeds.size() == 1
               ? fmt::format("seed {}", seeds[0])
               : fmt::format("seeds {}-{} ({} runs)", seeds.front(), seeds.back(), seeds.size());
  std::string out;
  for (auto seed : seeds) out += (out.empty() ? "seeds " : ", ") + std::to_string(seed);
  return out;
}

// The users of a run's summary.json: the fields every model has.
std::string users_table(const nlohmann::json& summary, const UserColours& colours) {
  CsvTable t{{"user", "model", "policy", "tasks done", "makespan (s)", "spent", "budget", "status"},
             {}};
  auto text = [](const nlohmann::json& u, const char* key) -> std::string {
    if (!u.contains(key) || u.at(key).is_null()) return "-";
    const auto& v = u.at(key);
    return v.is_string() ? v.get<std::string>() : v.dump();
  };
  // Rounded, and money in its model's currency (docs/units.md): a page is read, not parsed.
  auto rounded = [&](const nlohmann::json& u, const char* key, const char* format,
                     const std::string& unit) -> std::string {
    if (!u.contains(key) || !u.at(key).is_number()) return text(u, key);
    return fmt::format(fmt::runtime(format), u.at(key).get<double>()) + unit;
  };
  for (const auto& u : summary.value("users", nlohmann::json::array())) {
    const std::string money = " " + currency_of(u.value("model", std::string()));
    t.rows.push_back({text(u, "name"), text(u, "model"), text(u, "policy"),
                      text(u, "tasks_done") + " of " + text(u, "tasks_total"),
                      rounded(u, "makespan_s", "{:.1f}", ""), rounded(u, "spent", "{:.2f}", money),
                      rounded(u, "budget", "{:.2f}", money), text(u, "status")});
  }
  return html_table(t, colours);
}

// The bags a trace's page shows at most.
constexpr size_t kBagRows = 100;

// A list of paths as an HTML list; past 10 of them, folded under how many there are.
std::string paths_html(const nlohmann::json& paths) {
  std::string out = "<ul>\n";
  for (const auto& p : paths)
    if (p.is_string()) out += "<li><code>" + xml_escape(p.get<std::string>()) + "</code></li>\n";
  out += "</ul>";
  if (paths.size() > 10)
    out = "<details><summary>" + std::to_string(paths.size()) + " files</summary>" + out +
          "</details>";
  return out;
}

// What an experiment ran, from runs/experiment.json (experiment_record): its name, botsim's
// version, when, the command line, the seeds and replications, and the scenario files.
std::string experiment_scenario(const fs::path& dir) {
  const fs::path file = dir / "runs" / "experiment.json";
  if (!fs::exists(file))
    return "<p>Not recorded: no runs/experiment.json (an experiment of an earlier botsim, or a "
           "copy without its runs/, as the committed results). findings.csv and the figures "
           "below say what was run.</p>\n";
  const nlohmann::json j =
      nlohmann::json::parse(read_input_file(file.string(), "results file"), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return "";
  auto text = [&](const char* key) -> std::string {
    if (!j.contains(key)) return "-";
    return j.at(key).is_string() ? j.at(key).get<std::string>() : j.at(key).dump();
  };
  std::string out = "<table>\n";
  out += "<tr><th>experiment</th><td>" + xml_escape(text("experiment")) + "</td></tr>\n";
  out += "<tr><th>botsim_version</th><td>" + xml_escape(text("botsim_version")) + "</td></tr>\n";
  out += "<tr><th>date</th><td>" + xml_escape(text("date")) + "</td></tr>\n";
  out += "<tr><th>command</th><td><code>" + xml_escape(text("command")) + "</code></td></tr>\n";
  out += "<tr><th>seeds</th><td>" + xml_escape(text("seeds")) + "</td></tr>\n";
  out += "<tr><th>repetitions</th><td>" + xml_escape(text("repetitions")) + "</td></tr>\n";
  for (const char* key : {"platforms", "deployments"})
    if (j.contains(key) && j.at(key).is_array())
      out += "<tr><th>" + std::string(key) + "</th><td>" + paths_html(j.at(key)) + "</td></tr>\n";
  return out + "</table>\n";
}

// The experiment of DIR: the one runs/experiment.json names, else (a copy without its runs/, as
// the committed results) the first whose console tables DIR's files give; "" for neither.
std::string experiment_name(const fs::path& dir) {
  const fs::path file = dir / "runs" / "experiment.json";
  if (fs::exists(file)) {
    const nlohmann::json j =
        nlohmann::json::parse(read_input_file(file.string(), "results file"), nullptr, false);
    if (j.is_object() && j.contains("experiment") && j.at("experiment").is_string())
      return j.at("experiment").get<std::string>();
  }
  for (const std::string& name : console_table_experiments()) {
    try {
      if (!console_tables(name, dir).empty()) return name;
    } catch (const std::runtime_error&) {
      // not this experiment's files
    }
  }
  return "";
}

// The tables an experiment prints on the terminal (console_tables), from its CSV files.
std::string experiment_tables(const fs::path& dir) {
  const std::string name = experiment_name(dir);
  std::vector<ConsoleTable> tables;
  try {
    tables = console_tables(name, dir);
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());  // a file cut short or of the wrong columns, as in `plot`
  }
  if (tables.empty()) return "";
  std::string out =
      "<h2>Tables</h2>\n<p>What <code>botsim experiment " + xml_escape(name) +
      "</code> prints, from its CSV files: rounded as on the terminal, each column's unit in its "
      "header (the files keep every digit).</p>\n";
  for (const ConsoleTable& t : tables)
    out += "<h3>" + xml_escape(t.title) + "</h3>\n" + console_table_html(t);
  return out;
}

// What was run, from summary.json (a run), sweep.json (a sweep) or the first run of a --reps.
std::string scenario(const fs::path& dir, const std::string& kind) {
  if (kind == "experiment") return experiment_scenario(dir);
  if (kind == "trace") return html_table(read_results((dir / "summary.csv").string()));
  fs::path summary = dir / "summary.json";
  if (kind == "reps")
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().filename().string().rfind("seed-", 0) == 0 &&
          fs::exists(e.path() / "summary.json"))
        summary = e.path() / "summary.json";
  std::string out;
  for (const fs::path& file : {summary, dir / "sweep.json"}) {
    if (!fs::exists(file)) continue;
    const nlohmann::json j =
        nlohmann::json::parse(read_input_file(file.string(), "results file"), nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    out += "<table>\n";
    // A --reps directory: its seeds, not one run's seed and simulated time.
    const bool reps = kind == "reps";
    for (const char* key : {"platform", "deployment", "seed", "set", "replications",
                            "botsim_version", "simulated_time_s"}) {
      const std::string k = key;
      if (reps && k == "seed") {
        out += "<tr><th>seeds</th><td>" + xml_escape(seeds_text(dir)) + "</td></tr>\n";
        continue;
      }
      if (reps && k == "simulated_time_s") continue;
      if (k == "simulated_time_s" && j.contains(key) && j.at(key).is_number()) {
        out += "<tr><th>simulated time</th><td>" +
               fmt::format("{:.1f} s", j.at(key).get<double>()) + "</td></tr>\n";
        continue;
      }
      if (j.contains(key))
        out += "<tr><th>" + k + "</th><td>" +
               xml_escape(j.at(key).is_string() ? j.at(key).get<std::string>() : j.at(key).dump()) +
               "</td></tr>\n";
    }
    out += "</table>\n";
    if (j.contains("parameters") && j.at("parameters").is_object())
      out += "<h3>Parameters</h3>\n" + parameters_html(j.at("parameters"));
    if (kind == "run" && file == summary)
      out += "<h2>Users</h2>\n" + users_table(j, user_colours(dir));
    break;
  }
  return out;
}

// A link from the page (in `base`) to `file` of DIR.
std::string href(const fs::path& dir, const fs::path& file, const fs::path& base) {
  return xml_escape(fs::relative(fs::absolute(dir / file), base).generic_string());
}

// A setting of a figure's gnuplot script ("set title 'A''s'" is "A's"), "" without it.
std::string gp_setting(const std::string& gp, const std::string& name) {
  const std::string key = "\nset " + name + " '";
  const auto at = gp.find(key);
  if (at == std::string::npos) return "";
  std::string value;
  for (size_t i = at + key.size(); i < gp.size() && gp[i] != '\n'; ++i) {
    if (gp[i] != '\'') {
      value += gp[i];
    } else if (i + 1 < gp.size() && gp[i + 1] == '\'') {
      value += '\'';
      ++i;
    } else {
      break;
    }
  }
  return value;
}

}  // namespace

std::string figure_order_key(const std::string& stem) {
  // The run's Gantt chart first, what runs under it, then each resource's bids and shares;
  // an experiment's figures of the paper (figN_*) before its tables (tableN_*) and the rest.
  if (stem == "tasks") return "0";
  if (stem == "tasks_running") return "1";
  if (stem.rfind("bids_", 0) == 0) return "2 " + stem.substr(5) + " 0";
  if (stem.rfind("shares_", 0) == 0) return "2 " + stem.substr(7) + " 1";
  if (stem == "instances") return "3";
  if (stem.rfind("fig", 0) == 0) return "4 " + stem;
  // A sweep's or a --reps' metric (outcomes first, as plot draws them): its means, then every
  // run's value.
  for (const char* kind : {"mean_", "runs_"})
    if (stem.rfind(kind, 0) == 0) {
      const std::string metric = stem.substr(5);
      return std::string(scenario_input(metric) ? "5 1 " : "5 0 ") + metric +
             (kind[0] == 'm' ? " 0" : " 1");
    }
  return "6 " + stem;
}

std::string figure_caption(const std::string& stem, const std::string& gp) {
  const std::string title = gp_setting(gp, "title"), x = gp_setting(gp, "xlabel"),
                    y = gp_setting(gp, "ylabel");
  std::string axes;
  if (!x.empty()) axes += "; x axis: " + x;
  if (!y.empty()) axes += (x.empty() ? "; y axis: " : ", y axis: ") + y;
  if (stem == "tasks")
    return "Gantt chart of the tasks: one bar per task attempt on its host's row, from its start "
           "to its end, coloured as the legend says (its user, or for one cloud user its instance "
           "type), grey for an attempt that never ended; x axis: " +
           x + ".";
  if (stem == "instances")
    return "Gantt chart of the instances: one bar per instance from its start to its end, its "
           "charged hours noted after it; x axis: " +
           x + ".";
  std::string lead = title.empty() ? stem : title;
  if (stem == "tasks_running")
    lead = "The tasks running at each time on each host or instance type";
  if (stem.rfind("bids_", 0) == 0)
    lead = "Each user's bid on " + stem.substr(5) + " at each auction";
  if (stem.rfind("shares_", 0) == 0)
    lead = "The share of " + stem.substr(7) + " each user's tasks received at each auction";
  return lead + axes + ".";
}

namespace {

// An inlined SVG's element ids, each prefixed with its figure's ("gnuplot_canvas" is
// "fig1-gnuplot_canvas"), and the references to them with it: every gnuplot figure names its
// elements alike, and a page's ids must be unique.
std::string scoped_ids(std::string svg, const std::string& figure) {
  for (const std::string key : {" id=\"", " id='", "url(#", "href=\"#", "href='#"})
    for (auto at = svg.find(key); at != std::string::npos; at = svg.find(key, at + 1)) {
      svg.insert(at + key.size(), figure + "-");
      at += key.size() + figure.size();
    }
  return svg;
}

// Every SVG figure of `dirs`, inline, each once (a figure of a later directory, e.g. DIR/plots,
// in place of the one of the same name before it, e.g. an experiment's own in DIR), in reading
// order (figure_order_key), each with its caption; `base` is the page's directory.
std::string figures(const std::vector<fs::path>& dirs, const fs::path& base, size_t& count,
                    const std::string& no_figures) {
  std::map<std::string, fs::path> svgs;  // by stem
  for (const fs::path& d : dirs)
    if (fs::is_directory(d))
      for (const auto& e : fs::directory_iterator(d))
        if (e.path().extension() == ".svg") svgs[e.path().stem().string()] = e.path();
  std::vector<std::string> stems;
  for (const auto& kv : svgs) stems.push_back(kv.first);
  std::sort(stems.begin(), stems.end(), [](const std::string& a, const std::string& b) {
    return natural_less(figure_order_key(a), figure_order_key(b));
  });
  std::string out;
  for (const auto& stem : stems) {
    const fs::path& svg = svgs.at(stem);
    std::string text = read_input_file(svg.string(), "figure");
    const auto at = text.find("<svg");
    if (at == std::string::npos) continue;
    ++count;
    const fs::path gp_path = fs::path(svg).replace_extension(".gp");
    const std::string gp =
        fs::exists(gp_path) ? "\n" + read_input_file(gp_path.string(), "figure script") : "";
    const std::string link = xml_escape(fs::relative(fs::absolute(svg), base).generic_string());
    out += "<figure id=\"" + xml_escape(stem) + "\">\n" +
           scoped_ids(text.substr(at), xml_escape(stem)) + "\n<figcaption>" +
           xml_escape(figure_caption(stem, gp)) + " (<a href=\"" + link + "\">" + link +
           "</a>)</figcaption></figure>\n";
  }
  if (count == 0) out += "<p>No figures: " + no_figures + "</p>\n";
  return out;
}

// Whether any of `dirs` holds an SVG figure.
bool has_svg(const std::vector<fs::path>& dirs) {
  for (const fs::path& d : dirs)
    if (fs::is_directory(d))
      for (const auto& e : fs::directory_iterator(d))
        if (e.path().extension() == ".svg") return true;
  return false;
}

// Links to the results files of DIR (CSV and JSON), in name order.
std::string file_links(const fs::path& dir, const fs::path& base) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) {
    const auto ext = e.path().extension();
    if (e.is_regular_file() && (ext == ".csv" || ext == ".json" || ext == ".xml"))
      names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  std::string out = "<ul>\n";
  for (const auto& n : names)
    out += "<li><a href=\"" + href(dir, n, base) + "\">" + xml_escape(n) + "</a></li>\n";
  return out + "</ul>\n";
}

}  // namespace

std::string results_kind(const fs::path& dir) {
  if (fs::exists(dir / "summary.csv") && fs::exists(dir / "runs.csv")) return "sweep";
  if (fs::exists(dir / "reps.csv")) return "reps";
  if (fs::exists(dir / "findings.csv")) return "experiment";
  if (fs::exists(dir / "summary.json")) return "run";
  if (fs::exists(dir / "bags.csv") && fs::exists(dir / "summary.csv")) return "trace";
  return "";
}

Report write_report(const std::string& dir_text, const std::string& out_text,
                    const std::string& figures_dir, bool draw_missing) {
  const fs::path dir = fs::path(dir_text).lexically_normal();
  if (!fs::is_directory(dir)) throw InputError(dir_text, "", "no such results directory");
  const std::string kind = results_kind(dir);
  if (kind.empty())
    throw InputError(dir_text, "",
                     "not a results directory of botsim (no summary.json, reps.csv, summary.csv "
                     "and runs.csv, findings.csv, or bags.csv and summary.csv)");
  const fs::path out = out_text.empty() ? dir / "report.html" : fs::path(out_text);
  // botsim never replaces what it did not write: an existing page must be a botsim report, and
  // a new one goes into DIR only when botsim wrote DIR.
  if (fs::exists(out) || fs::is_symlink(out)) {
    if (!is_botsim_report(out))
      throw InputError(out.string(), out_text.empty() ? "" : "--out",
                       "exists and is not a report botsim wrote: botsim never replaces it; give "
                       "another file");
  } else if (out_text.empty() && !is_results_dir(dir)) {
    throw InputError(dir_text, "",
                     "was not written by botsim (it has no .botsim file): give --out FILE for "
                     "the report");
  }

  Report report{out.string(), 0, kind, {}};
  std::string html =
      std::string(kReportMark) + "\n<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n" +
      "<meta charset=\"utf-8\">\n<title>botsim report: " + xml_escape(dir.filename().string()) +
      "</title>\n<style>\n" +
      "body{font-family:sans-serif;margin:2em;max-width:1200px}"
      "table{border-collapse:collapse;margin:1em 0}"
      "th,td{border:1px solid #bbb;padding:3px 8px;text-align:left;"
      "vertical-align:top;font-size:90%}"
      "td.num{text-align:right;font-variant-numeric:tabular-nums}"
      "th{background:#eee}td ul{margin:0;padding-left:1.2em}figure{margin:2em 0}"
      "svg{max-width:100%;height:auto}figcaption{max-width:60em}\n"
      "</style>\n</head>\n<body>\n";
  html += "<h1>botsim report: " + xml_escape(dir.string()) + " (" + kind + ")</h1>\n";
  html += "<h2>Scenario</h2>\n" + scenario(dir, kind);
  if (kind == "experiment") {
    html +=
        "<h2>Findings</h2>\n<p>One row per claim of the paper: botsim's value under each rule "
        "set with its margin and verdict, the test with its threshold, and the cause of a gap "
        "(every column: findings.csv).</p>\n" +
        claims_html(read_results((dir / "findings.csv").string())) + experiment_tables(dir);
  }
  if (kind == "reps")
    html += "<h2>Over the seeds</h2>\n" +
            html_table(read_results((dir / "reps.csv").string()), user_colours(dir));
  if (kind == "sweep")
    html += "<h2>Per setting</h2>\n" +
            html_table(read_results((dir / "summary.csv").string()), user_colours(dir));
  if (kind == "trace") {
    // A long trace has thousands of bags: the page shows the first, bags.csv has them all.
    CsvTable bags = read_results((dir / "bags.csv").string());
    html += "<h2>Bags</h2>\n";
    if (bags.rows.size() > kBagRows) {
      html += fmt::format("<p>The first {} of {} bags (bags.csv has every one).</p>\n", kBagRows,
                          bags.rows.size());
      bags.rows.resize(kBagRows);
    }
    html += html_table(bags);
  }
  const fs::path base = fs::absolute(out).parent_path();
  const std::vector<fs::path> figure_dirs = figures_dir.empty()
                                                ? std::vector<fs::path>{dir, dir / "plots"}
                                                : std::vector<fs::path>{fs::path(figures_dir)};
  std::string no_figures = "<code>botsim plot " + xml_escape(dir.string()) +
                           "</code> draws them (with gnuplot installed).";
  // No figure yet (a run that was never plotted): drawn now into DIR/plots, as `botsim plot
  // DIR` draws them, when botsim wrote DIR.
  if (draw_missing && figures_dir.empty() && !has_svg(figure_dirs) && is_results_dir(dir)) {
    try {
      const Plots plots = plot_run(dir.string(), "");
      report.drawn = plots.figures;
      if (!plots.drawn)
        no_figures =
            "gnuplot is not installed (Debian package gnuplot-nox): their data and "
            "scripts are in <code>" +
            xml_escape((dir / "plots").string()) + "</code>.";
    } catch (const InputError& e) {
      no_figures = "botsim could not draw them: " + xml_escape(e.what());
    }
  }
  html += interactive_section(dir);  // a run's tasks, zoomable (none without tasks.csv)
  html += "<h2>Figures</h2>\n" + figures(figure_dirs, base, report.figures, no_figures);
  html += "<h2>Files</h2>\n" + file_links(dir, base) + "</body>\n</html>\n";

  // Written beside its place, then renamed over it: a reader never sees half a page.
  const fs::path tmp =
      out.parent_path() / fmt::format(".{}-{}.tmp", out.filename().string(), getpid());
  {
    std::ofstream f(tmp, std::ios::binary);
    f << html;
    if (!f) {
      std::error_code ec;
      fs::remove(tmp, ec);
      throw std::runtime_error("cannot write " + tmp.string());
    }
  }
  fs::rename(tmp, out);
  return report;
}

}  // namespace botsim::view
