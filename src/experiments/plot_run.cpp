#include "experiments/plot_run.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/results.hpp"
#include "core/units.hpp"
#include "experiments/figures.hpp"
#include "experiments/plot_sweep.hpp"
#include "experiments/report.hpp"

namespace botsim::experiments {

namespace fs = std::filesystem;

namespace {

constexpr double kNoTime = std::numeric_limits<double>::quiet_NaN();

// Host and instance names in their natural order: R2 before R10.
bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) &&
        std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t ei = a.find_first_not_of("0123456789", i), ej = b.find_first_not_of("0123456789", j);
      std::string na = a.substr(i, ei - i), nb = b.substr(j, ej - j);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ei == std::string::npos ? a.size() : ei;
      j = ej == std::string::npos ? b.size() : ej;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i, ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// Times of a run in the unit that suits its length.
struct TimeUnit {
  double seconds = 1;
  std::string name = "s";
};
TimeUnit unit_for(double longest_s) {
  if (longest_s >= 2 * 3600) return {3600, "h"};
  if (longest_s >= 2 * 60) return {60, "min"};
  return {};
}

// The last time of a chart's spans (an unfinished span counts by its start).
double last_time(const std::vector<GanttSpan>& spans) {
  double last = 0;
  for (const auto& s : spans) last = std::max({last, s.start, std::isnan(s.end) ? 0 : s.end});
  return last;
}

}  // namespace

std::vector<Lane> assign_lanes(const std::vector<GanttSpan>& spans, double last) {
  std::vector<size_t> order(spans.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto end_of = [&](size_t i) { return std::isnan(spans[i].end) ? last : spans[i].end; };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (spans[a].row != spans[b].row) return spans[a].row < spans[b].row;
    return spans[a].start < spans[b].start;
  });
  std::vector<Lane> lanes(spans.size());
  // Per row, the lowest lane free at each bar's start (interval partitioning): a bar goes on
  // as soon as the previous one in its lane has ended.
  for (size_t from = 0; from < order.size();) {
    size_t to = from;
    while (to < order.size() && spans[order[to]].row == spans[order[from]].row) ++to;
    std::vector<double> lane_end;  // when each lane of the row is free again
    for (size_t k = from; k < to; ++k) {
      const size_t i = order[k];
      size_t lane = 0;
      while (lane < lane_end.size() && lane_end[lane] > spans[i].start) ++lane;
      if (lane == lane_end.size()) lane_end.push_back(0);
      lane_end[lane] = std::max(end_of(i), spans[i].start);
      lanes[i].lane = lane;
    }
    for (size_t k = from; k < to; ++k) lanes[order[k]].lanes = lane_end.size();
    from = to;
  }
  return lanes;
}

Chart gantt(const std::vector<GanttSpan>& spans, bool sort_rows, const std::string& unfinished,
            double axis_end_s) {
  const double last = last_time(spans);
  const double axis_end = std::isnan(axis_end_s) ? last : std::max(last, axis_end_s);
  const TimeUnit u = unit_for(axis_end);
  Chart c;
  c.kind = Chart::Kind::Gantt;
  c.x_label = "time (" + u.name + ")";
  c.x_min = 0;
  if (!std::isnan(axis_end_s)) c.x_max = axis_end / u.seconds;
  NameIndex first_rows, first_groups;
  for (const auto& s : spans) {
    first_rows.add(s.row);
    first_groups.add(s.group);
  }
  c.categories = first_rows.names();
  if (sort_rows) std::sort(c.categories.begin(), c.categories.end(), natural_less);
  std::vector<std::string> groups = first_groups.names();
  std::sort(groups.begin(), groups.end(), natural_less);  // the legend in order: U2 before U10
  const NameIndex row_of(c.categories), group_of(groups);
  const bool notes =
      std::any_of(spans.begin(), spans.end(), [](auto& s) { return !s.note.empty(); });
  c.series.resize(groups.size() + 1);
  for (size_t g = 0; g < groups.size(); ++g) c.series[g].label = groups[g];
  c.series.back().label = unfinished;
  c.styles = groups;  // a group keeps its style in every chart of the run that lists them all
  c.colors.resize(groups.size());
  c.colors.push_back("#999999");
  // Bars that overlap in time on one row share it in lanes, one above the other, so that every
  // task is seen (e.g. users sharing an auction resource, the cores of one host).
  const std::vector<Lane> lanes = assign_lanes(spans, last);
  for (size_t i = 0; i < spans.size(); ++i) {
    const GanttSpan& s = spans[i];
    const bool ended = !std::isnan(s.end);
    Series& series = ended ? c.series[group_of[s.group]] : c.series.back();
    const double height = 0.8 / static_cast<double>(lanes[i].lanes);
    series.x.push_back(s.start / u.seconds);
    series.x_end.push_back((ended ? s.end : last) / u.seconds);
    series.y.push_back(static_cast<double>(row_of[s.row]) - 0.4 +
                       (static_cast<double>(lanes[i].lane) + 0.5) * height);
    series.y_half.push_back(height / 2);
    if (notes) series.notes.push_back(s.note);
  }
  return c;
}

namespace {

// A CSV of a run and the index of every column a figure needs.
struct RunTable {
  std::string path;
  CsvTable t;
  RunTable(const fs::path& p) : path(p.string()), t(read_csv(path)) {}
  double number(size_t row, const std::string& column) const {
    return read_csv_number(path, row, t.rows[row][t.column(column)]);
  }
  const std::string& text(size_t row, const std::string& column) const {
    return t.rows[row][t.column(column)];
  }
};

// In a run of one cloud user, a task's colour: its instance's type and, for BaTS, whether it
// ran in the sampling or the execution phase (summary.json's sampling_end_s); else its user's.
std::vector<std::string> task_groups(const fs::path& dir, const RunTable& tasks) {
  const size_t n = tasks.t.rows.size();
  std::vector<std::string> groups(n);
  std::set<std::string> users;
  for (size_t i = 0; i < n; ++i) users.insert(groups[i] = tasks.text(i, "user"));
  if (users.size() != 1 || !fs::exists(dir / "instances.csv")) return groups;
  std::map<std::string, std::string> type_of;
  RunTable inst(dir / "instances.csv");
  for (size_t i = 0; i < inst.t.rows.size(); ++i)
    type_of[inst.text(i, "instance")] = inst.text(i, "type");
  double sampling_end = kNoTime;
  const nlohmann::json summary =
      nlohmann::json::parse(fs::exists(dir / "summary.json")
                                ? read_input_file((dir / "summary.json").string(), "summary.json")
                                : std::string(),
                            nullptr, false);
  if (!summary.is_discarded() && summary.contains("users") && summary["users"].size() == 1 &&
      summary["users"][0].contains("sampling_end_s") &&
      summary["users"][0]["sampling_end_s"].is_number())
    sampling_end = summary["users"][0]["sampling_end_s"].get<double>();
  for (size_t i = 0; i < n; ++i) {
    auto it = type_of.find(tasks.text(i, "host"));
    groups[i] = it == type_of.end() ? tasks.text(i, "host") : it->second;
    if (!std::isnan(sampling_end) && !tasks.text(i, "start_s").empty())
      groups[i] += tasks.number(i, "start_s") < sampling_end ? ", sampling" : ", execution";
  }
  return groups;
}

// One span per task attempt that started (tasks.csv).
std::vector<GanttSpan> task_spans(const fs::path& dir) {
  RunTable tasks(dir / "tasks.csv");
  const std::vector<std::string> groups = task_groups(dir, tasks);
  std::vector<GanttSpan> spans;
  for (size_t i = 0; i < tasks.t.rows.size(); ++i) {
    if (tasks.text(i, "start_s").empty()) continue;  // an attempt that never started
    spans.push_back(GanttSpan{tasks.text(i, "host"), groups[i], "", tasks.number(i, "start_s"),
                              tasks.text(i, "end_s").empty() ? kNoTime : tasks.number(i, "end_s")});
  }
  return spans;
}

// One span per instance (instances.csv), labelled with its charged ATUs.
std::vector<GanttSpan> instance_spans(const fs::path& dir) {
  RunTable inst(dir / "instances.csv");
  std::vector<GanttSpan> spans;
  for (size_t i = 0; i < inst.t.rows.size(); ++i) {
    const std::string& charged = inst.text(i, "charged_units");
    spans.push_back(GanttSpan{inst.text(i, "instance"), inst.text(i, "type"),
                              charged + (charged == "1" ? " ATU" : " ATUs"),
                              inst.number(i, "start_s"),
                              inst.text(i, "stop_s").empty() ? kNoTime : inst.number(i, "stop_s")});
  }
  return spans;
}

Chart tasks_chart(const fs::path& dir, const std::vector<GanttSpan>& spans, double axis_end_s) {
  Chart c = gantt(spans, true, "unfinished (until the last time of the run)", axis_end_s);
  c.title = "Tasks per host over time (" + dir.filename().string() + ", tasks.csv)";
  c.y_label = "host";
  return c;
}

Chart instances_chart(const fs::path& dir, const std::vector<GanttSpan>& spans, double axis_end_s) {
  Chart c = gantt(spans, false, "still running at the end", axis_end_s);
  c.title =
      "Instances and their charged ATUs over time (" + dir.filename().string() + ", instances.csv)";
  c.y_label = "instance";
  return c;
}

// Figures per resource of bids.csv: bids, then shares.
void bid_figures(const fs::path& dir, const fs::path& out, std::vector<std::string>& names) {
  const std::vector<Bid> bids = read_bids(dir.string());
  NameIndex users;
  std::map<std::string, std::vector<Bid>> of_resource;  // each resource's rows, in file order
  for (const auto& b : bids) {
    users.add(b.user);
    of_resource[b.resource].push_back(b);
  }
  std::vector<std::string> resources;
  for (const auto& kv : of_resource) resources.push_back(kv.first);
  std::sort(resources.begin(), resources.end(), natural_less);
  const double period = auction_period(bids);
  for (const auto& r : resources) {
    const std::vector<Bid>& rows = of_resource.at(r);
    for (bool share : {false, true}) {
      Chart c = bid_chart(rows, users.names(), period, share);
      c.title = (share ? "Share of " : "Bids on ") + r + " per user over time (" +
                dir.filename().string() + ", bids.csv)";
      names.push_back((share ? "shares_" : "bids_") + r);
      write_figure(out.string(), names.back(), c);
    }
  }
}

}  // namespace

Plots plot_run(const std::string& dir_text, std::string out_dir) {
  const fs::path dir = fs::path(dir_text).lexically_normal();
  if (!fs::is_directory(dir)) throw InputError(dir_text, "", "no such results directory");
  const bool tasks = fs::exists(dir / "tasks.csv"), bids = fs::exists(dir / "bids.csv"),
             instances = fs::exists(dir / "instances.csv");
  const bool sweep = fs::exists(dir / "summary.csv") && fs::exists(dir / "runs.csv");
  const bool reps = !sweep && fs::exists(dir / "reps.csv");
  // An experiment's directory: its own figures (NAME.gp and NAME.dat), drawn again.
  std::vector<std::string> experiment_figures;
  if (!tasks && !bids && !instances && !sweep && !reps && fs::exists(dir / "findings.csv"))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".gp" && fs::exists(fs::path(e.path()).replace_extension(".dat")))
        experiment_figures.push_back(e.path().stem().string());
  std::sort(experiment_figures.begin(), experiment_figures.end());
  if (!tasks && !bids && !instances && !sweep && !reps && experiment_figures.empty())
    throw InputError(dir_text, "",
                     "no results files to plot (tasks.csv, bids.csv or instances.csv of botsim "
                     "run; summary.csv and runs.csv of botsim sweep; reps.csv of run --reps; "
                     "the figures of botsim experiment)");
  Plots plots;
  plots.dir = out_dir.empty() ? (dir / "plots").string() : out_dir;
  // Replacing OUT must not take the run it reads with it.
  std::error_code ec;
  const fs::path run = fs::weakly_canonical(fs::absolute(dir), ec);
  const fs::path target = fs::weakly_canonical(normal_dir(plots.dir), ec);
  if (std::mismatch(target.begin(), target.end(), run.begin(), run.end()).first == target.end())
    throw InputError(plots.dir, "--out",
                     "is or holds the run directory " + dir_text +
                         " that it plots: botsim never replaces it; give another directory");
  check_output_dir(plots.dir);
  std::vector<std::string>& names = plots.figures;
  write_directory_atomically(plots.dir, [&](const std::string& tmp) {
    try {
      const std::vector<GanttSpan> task_bars = tasks ? task_spans(dir) : std::vector<GanttSpan>{};
      const std::vector<GanttSpan> instance_bars =
          instances ? instance_spans(dir) : std::vector<GanttSpan>{};
      // With both, the tasks and instances charts share their time axis (and line up).
      const double axis_end =
          tasks && instances ? std::max(last_time(task_bars), last_time(instance_bars)) : kNoTime;
      if (tasks) {
        names.push_back("tasks");
        write_figure(tmp, "tasks", tasks_chart(dir, task_bars, axis_end));
      }
      if (bids) bid_figures(dir, tmp, names);
      if (instances) {
        names.push_back("instances");
        write_figure(tmp, "instances", instances_chart(dir, instance_bars, axis_end));
      }
      if (sweep || reps)
        for (auto& [stem, chart] : sweep ? sweep_charts(dir) : reps_charts(dir)) {
          names.push_back(stem);
          write_figure(tmp, stem, chart);
        }
    } catch (const InputError&) {
      throw;
    } catch (const std::runtime_error& e) {  // a results file that botsim cannot read
      throw InputError(e.what());
    }
    for (const auto& stem : experiment_figures) {
      names.push_back(stem);
      for (const char* ext : {".gp", ".dat"})
        fs::copy_file(dir / (stem + ext), fs::path(tmp) / (stem + ext));
    }
    const DrawResult drawn = draw_figures(tmp);
    if (drawn == DrawResult::Failed)
      throw std::runtime_error("gnuplot could not draw the figures of " + dir_text);
    plots.drawn = drawn == DrawResult::Drawn;
    // The results and these figures on one page (botsim report), when DIR is one botsim knows.
    if (!results_kind(dir).empty()) write_report(dir_text, tmp + "/report.html", tmp);
  });
  return plots;
}

}  // namespace botsim::experiments
