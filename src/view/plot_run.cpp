#include "view/plot_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
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
#include "view/bid_charts.hpp"
#include "view/figures.hpp"
#include "view/plot_sweep.hpp"
#include "view/report.hpp"

namespace botsim::view {

namespace fs = std::filesystem;

namespace {

constexpr double kNoTime = std::numeric_limits<double>::quiet_NaN();

// The last time of a chart's spans (an unfinished span counts by its start).
double last_time(const std::vector<GanttSpan>& spans) {
  double last = 0;
  for (const auto& s : spans) last = std::max({last, s.start, std::isnan(s.end) ? 0 : s.end});
  return last;
}

// The Gantt chart's plot area (900 x 540 SVG, margins at 0.1 and 0.76 of its width) and the
// size of a character of the 8-point font of the text inside bars, in pixels.
constexpr double kPlotWidthPx = 590, kPlotHeightPx = 440, kCharWidthPx = 5, kCharHeightPx = 10;
constexpr double kBarPaddingPx = 2;

}  // namespace

TimeUnit unit_for(double run_s) {
  if (run_s >= 2 * 3600) return {3600, "h"};
  if (run_s >= 2 * 60) return {60, "min"};
  return {};
}

double time_axis_end(double last_s) { return last_s > 0 ? last_s * (1 + kTimeHeadroom) : 1; }

std::string host_label(const std::string& host, long pes) {
  if (pes <= 0) return host;
  return fmt::format("{} ({} PE{})", host, pes, pes == 1 ? "" : "s");
}

bool fits_in_bar(const std::string& text, double width, double axis_span, double height,
                 size_t rows) {
  if (text.empty() || !(axis_span > 0) || rows == 0) return false;
  const double width_px = width / axis_span * kPlotWidthPx;
  // The y axis runs from -0.6 to rows - 0.4: rows + 0.2 rows over the plot's height.
  const double height_px = height / (static_cast<double>(rows) + 0.2) * kPlotHeightPx;
  return width_px >= static_cast<double>(text.size()) * kCharWidthPx + 2 * kBarPaddingPx &&
         height_px >= kCharHeightPx;
}

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
  c.x_max = time_axis_end(axis_end) / u.seconds;
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
  // Ids where they fit, but only if at least kLabelledShare of the bars get theirs: a few ids
  // scattered among hundreds of bare bars would read as if those tasks were special.
  std::vector<bool> fits(spans.size(), false);
  size_t fitting = 0;
  for (size_t i = 0; i < spans.size(); ++i) {
    const GanttSpan& s = spans[i];
    const double width = (std::isnan(s.end) ? last : s.end) - s.start;
    fits[i] = fits_in_bar(s.label, width, time_axis_end(axis_end),
                          0.8 / static_cast<double>(lanes[i].lanes), c.categories.size());
    fitting += fits[i];
  }
  const bool labels =
      static_cast<double>(fitting) >= kLabelledShare * static_cast<double>(spans.size()) &&
      fitting > 0;
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
    if (labels) series.inside.push_back(fits[i] ? s.label : "");
  }
  return c;
}

std::vector<BusySteps> busy_steps(const std::vector<GanttSpan>& spans, double last) {
  NameIndex first_rows;
  for (const auto& s : spans) first_rows.add(s.row);
  std::vector<std::string> rows = first_rows.names();
  std::sort(rows.begin(), rows.end(), natural_less);
  const NameIndex row_of(rows);
  struct Event {
    double time;
    size_t row;
    long change;
  };
  std::vector<Event> events;
  events.reserve(2 * spans.size());
  for (const auto& s : spans) {
    const size_t row = row_of[s.row];
    events.push_back({s.start, row, +1});
    if (!std::isnan(s.end)) events.push_back({std::max(s.end, s.start), row, -1});
  }
  std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    return a.time != b.time ? a.time < b.time : a.row < b.row;
  });
  std::vector<BusySteps> steps(rows.size());
  for (size_t r = 0; r < rows.size(); ++r) steps[r] = BusySteps{rows[r], {0}, {0}};
  std::vector<long> running(rows.size(), 0);
  // One pass: the events of one row at one time change its count once, by their sum.
  for (size_t from = 0; from < events.size();) {
    const Event& e = events[from];
    long change = 0;
    size_t to = from;
    for (; to < events.size() && events[to].time == e.time && events[to].row == e.row; ++to)
      change += events[to].change;
    from = to;
    if (change == 0) continue;
    BusySteps& row = steps[e.row];
    running[e.row] += change;
    if (row.time_s.back() == e.time) {
      row.running.back() = running[e.row];  // at time 0: the count the row starts with
    } else {
      row.time_s.push_back(e.time);
      row.running.push_back(running[e.row]);
    }
  }
  for (BusySteps& row : steps)
    if (row.time_s.back() < last) {  // the last count holds until the end
      row.time_s.push_back(last);
      row.running.push_back(row.running.back());
    }
  return steps;
}

Chart busy_chart(const std::vector<BusySteps>& steps, double last, double axis_end_s,
                 const std::vector<std::string>& styles) {
  const double axis_end = std::isnan(axis_end_s) ? last : std::max(last, axis_end_s);
  const TimeUnit u = unit_for(axis_end);
  Chart c;
  c.kind = Chart::Kind::Step;
  c.x_label = "time (" + u.name + ")";
  c.y_label = "tasks running";
  c.x_min = 0;
  c.x_max = time_axis_end(axis_end) / u.seconds;
  c.y_min = 0;
  c.whole_y = true;
  c.fixed_margins = true;  // it lines up with the tasks and instances charts
  for (const BusySteps& row : steps) {
    Series s;
    s.label = row.row;
    for (size_t i = 0; i < row.time_s.size(); ++i) {
      s.x.push_back(row.time_s[i] / u.seconds);
      s.y.push_back(static_cast<double>(row.running[i]));
    }
    c.series.push_back(std::move(s));
  }
  c.styles = styles;
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
std::vector<std::string> task_groups(const fs::path& dir, const RunTable& tasks,
                                     const std::map<std::string, std::string>& type_of) {
  const size_t n = tasks.t.rows.size();
  std::vector<std::string> groups(n);
  std::set<std::string> users;
  for (size_t i = 0; i < n; ++i) users.insert(groups[i] = tasks.text(i, "user"));
  if (users.size() != 1 || !fs::exists(dir / "instances.csv")) return groups;
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

// Each instance's type (instances.csv; none without the file).
std::map<std::string, std::string> instance_types(const fs::path& dir) {
  std::map<std::string, std::string> type_of;
  if (!fs::exists(dir / "instances.csv")) return type_of;
  RunTable inst(dir / "instances.csv");
  for (size_t i = 0; i < inst.t.rows.size(); ++i)
    type_of[inst.text(i, "instance")] = inst.text(i, "type");
  return type_of;
}

// Each host's number of PEs (its `core`, 1 without it), from the platform file summary.json
// names, when it can be read from here (the path is as the run was given it); hosts of
// clusters and instances are not in it.
std::map<std::string, long> host_pes(const fs::path& dir) {
  std::map<std::string, long> pes;
  try {
    if (!fs::exists(dir / "summary.json")) return pes;
    const nlohmann::json summary = nlohmann::json::parse(
        read_input_file((dir / "summary.json").string(), "summary.json"), nullptr, false);
    if (!summary.is_object() || !summary.contains("platform") || !summary["platform"].is_string())
      return pes;
    const std::string platform = summary["platform"].get<std::string>();
    if (!fs::is_regular_file(platform)) return pes;
    namespace pt = boost::property_tree;
    pt::ptree tree;
    pt::read_xml(platform, tree);
    // Every <host> at any depth of zones.
    std::vector<const pt::ptree*> todo{&tree};
    while (!todo.empty()) {
      const pt::ptree* node = todo.back();
      todo.pop_back();
      for (const auto& [tag, child] : *node) {
        if (tag == "host")
          if (auto id = child.get_optional<std::string>("<xmlattr>.id"))
            pes[*id] = std::stol(child.get<std::string>("<xmlattr>.core", "1"));
        if (tag != "<xmlattr>") todo.push_back(&child);
      }
    }
  } catch (const std::exception&) {
    pes.clear();  // rows without PE counts rather than no figure
  }
  return pes;
}

// One span per task attempt that started (tasks.csv), on its host's row (with its PEs, where
// `pes` knows them) and labelled with its task id; each task's user into `users`.
std::vector<GanttSpan> task_spans(const fs::path& dir,
                                  const std::map<std::string, std::string>& type_of,
                                  const std::map<std::string, long>& pes,
                                  std::set<std::string>& users) {
  RunTable tasks(dir / "tasks.csv");
  const std::vector<std::string> groups = task_groups(dir, tasks, type_of);
  std::vector<GanttSpan> spans;
  for (size_t i = 0; i < tasks.t.rows.size(); ++i) {
    users.insert(tasks.text(i, "user"));
    if (tasks.text(i, "start_s").empty()) continue;  // an attempt that never started
    const std::string& host = tasks.text(i, "host");
    auto known = pes.find(host);
    spans.push_back(GanttSpan{
        known == pes.end() || type_of.count(host) ? host : host_label(host, known->second),
        groups[i], "", tasks.number(i, "start_s"),
        tasks.text(i, "end_s").empty() ? kNoTime : tasks.number(i, "end_s"),
        tasks.text(i, "task")});
  }
  return spans;
}

// One span per instance (instances.csv), labelled with its charged ATUs.
std::vector<GanttSpan> instance_spans(const fs::path& dir) {
  RunTable inst(dir / "instances.csv");
  std::vector<GanttSpan> spans;
  for (size_t i = 0; i < inst.t.rows.size(); ++i) {
    const std::string& charged = inst.text(i, "charged_units");
    spans.push_back(
        GanttSpan{inst.text(i, "instance"), inst.text(i, "type"),
                  charged + (charged == "1" ? " ATU" : " ATUs"), inst.number(i, "start_s"),
                  inst.text(i, "stop_s").empty() ? kNoTime : inst.number(i, "stop_s"), ""});
  }
  return spans;
}

// Every instance type, in the order of the instances chart's legend (natural order): a type's
// place here is its style in every chart of the run.
std::vector<std::string> type_styles(const std::map<std::string, std::string>& type_of) {
  std::set<std::string> types;
  for (const auto& [instance, type] : type_of) types.insert(type);
  std::vector<std::string> styles(types.begin(), types.end());
  std::sort(styles.begin(), styles.end(), natural_less);
  return styles;
}

// A colour halfway to white: BaTS's sampling phase beside its execution, in its type's colour.
std::string lighter(const std::string& rgb) {
  std::string out = "#";
  for (size_t i = 1; i + 1 < rgb.size(); i += 2) {
    const int c = std::stoi(rgb.substr(i, 2), nullptr, 16);
    out += fmt::format("{:02x}", (c + 255) / 2);
  }
  return out;
}

Chart tasks_chart(const fs::path& dir, const std::vector<GanttSpan>& spans,
                  const std::map<std::string, std::string>& type_of, double axis_end_s,
                  const std::vector<std::string>& users) {
  Chart c = gantt(spans, true, "unfinished (until the last time of the run)", axis_end_s);
  c.title = "Tasks per host over time (" + dir.filename().string() + ", tasks.csv)";
  c.y_label = "host";
  // Tasks coloured by their instance's type (a run of one cloud user): each type in its colour
  // of the instances chart, the sampling phase lighter than the execution.
  const std::vector<std::string> types = type_styles(type_of);
  std::vector<std::string> colours(c.series.size() - 1);  // the last: unfinished, grey
  for (size_t k = 0; k < colours.size(); ++k) {
    std::string type = c.series[k].label;
    const std::string sampling = ", sampling", execution = ", execution";
    const auto ends_with = [&](const std::string& end) {
      return type.size() > end.size() &&
             type.compare(type.size() - end.size(), end.size(), end) == 0;
    };
    const bool light = ends_with(sampling);
    if (light || ends_with(execution))
      type.resize(type.size() - (light ? sampling : execution).size());
    auto it = std::find(types.begin(), types.end(), type);
    if (it == types.end()) {  // tasks coloured by user, each in its colour of the run's palette
      c.styles = users;
      return c;
    }
    colours[k] = palette_color(static_cast<size_t>(it - types.begin()));
    if (light) colours[k] = lighter(colours[k]);
  }
  std::copy(colours.begin(), colours.end(), c.colors.begin());
  return c;
}

// Too many tasks for a bar each: how many run at each time per host, or per instance type for
// the tasks of cloud instances (a host of instances.csv). A type keeps the colour it has in the
// instances chart.
Chart tasks_running_chart(const fs::path& dir, std::vector<GanttSpan> spans,
                          const std::map<std::string, std::string>& type_of, double axis_end_s) {
  const size_t attempts = spans.size();
  const double last = last_time(spans);
  const std::vector<std::string> styles = type_styles(type_of);  // as the instances chart's
  bool hosts = false, instances = false;
  std::vector<GanttSpan> ended, unfinished;
  for (auto& s : spans) {
    auto it = type_of.find(s.row);
    (it == type_of.end() ? hosts : instances) = true;
    if (it != type_of.end()) s.row = it->second;
    (std::isnan(s.end) ? unfinished : ended).push_back(s);
  }
  // Attempts that never ended (e.g. lost with their instance) are not counted on their host
  // until the end, which would say they ran there: a grey line of their own counts them, as the
  // Gantt chart draws them in grey.
  std::vector<BusySteps> steps = busy_steps(ended, last);
  for (auto& s : unfinished) s.row = "never ended";
  if (!unfinished.empty()) steps.push_back(busy_steps(unfinished, last).front());
  Chart c = busy_chart(steps, last, axis_end_s, styles);
  if (!unfinished.empty()) {
    c.colors.resize(c.series.size());
    c.colors.back() = "#999999";
  }
  const std::string per = hosts && instances ? "host or instance type"
                          : instances        ? "instance type"
                                             : "host";
  c.title = "Tasks running per " + per + " over time (" + dir.filename().string() +
            ", tasks.csv: " + std::to_string(attempts) + " task attempts)";
  return c;
}

Chart instances_chart(const fs::path& dir, const std::vector<GanttSpan>& spans, double axis_end_s) {
  Chart c = gantt(spans, false, "still running at the end", axis_end_s);
  c.title =
      "Instances and their charged ATUs over time (" + dir.filename().string() + ", instances.csv)";
  c.y_label = "instance";
  return c;
}

// Figures per resource of bids.csv: bids, then the shares the users' tasks received (the
// `received` column; the granted share in a bids.csv without it), each user in its style of
// `users`, on the run's time axis (to `axis_end_s`).
void bid_figures(const fs::path& dir, const std::vector<Bid>& bids,
                 const std::vector<std::string>& users, double axis_end_s, const fs::path& out,
                 std::vector<std::string>& names) {
  std::map<std::string, std::vector<Bid>> of_resource;  // each resource's rows, in file order
  for (const auto& b : bids) of_resource[b.resource].push_back(b);
  std::vector<std::string> resources;
  for (const auto& kv : of_resource) resources.push_back(kv.first);
  std::sort(resources.begin(), resources.end(), natural_less);
  const double period = auction_period(bids);
  for (const auto& r : resources) {
    const std::vector<Bid>& rows = of_resource.at(r);
    const bool received =
        std::none_of(rows.begin(), rows.end(), [](const Bid& b) { return std::isnan(b.received); });
    const TimeUnit u = unit_for(axis_end_s);
    for (bool share : {false, true}) {
      const BidValue value = !share     ? BidValue::Bid
                             : received ? BidValue::Received
                                        : BidValue::Granted;
      Chart c = bid_chart(rows, users, period, value, u.seconds, u.name);
      c.x_min = 0;
      c.x_max = time_axis_end(axis_end_s) / u.seconds;
      c.title = value == BidValue::Bid        ? "Bids on " + r + " per user over time"
                : value == BidValue::Received ? "Share of " + r + " received per user over time"
                                              : "Share of " + r + " granted per user over time";
      c.title += " (" + dir.filename().string() + ", bids.csv" +
                 (value == BidValue::Received ? "'s received)" : ")");
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
  // An experiment's or a trace's directory: its own figures (NAME.gp and NAME.dat), drawn again.
  std::vector<std::string> experiment_figures;
  if (!tasks && !bids && !instances && !sweep && !reps &&
      (fs::exists(dir / "findings.csv") || fs::exists(dir / "bags.csv")))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".gp" && fs::exists(fs::path(e.path()).replace_extension(".dat")))
        experiment_figures.push_back(e.path().stem().string());
  std::sort(experiment_figures.begin(), experiment_figures.end());
  if (!tasks && !bids && !instances && !sweep && !reps && experiment_figures.empty())
    throw InputError(dir_text, "",
                     "no results files to plot (tasks.csv, bids.csv or instances.csv of botsim "
                     "run; summary.csv and runs.csv of botsim sweep; reps.csv of run --reps; "
                     "the figures of botsim experiment or botsim trace)");
  Plots plots;
  const bool own_dir = out_dir.empty();
  plots.dir = own_dir ? (dir / "plots").string() : out_dir;
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
      const std::map<std::string, std::string> type_of = instance_types(dir);
      // One palette for the run: its users in natural order (user_palette), with any that
      // only tasks.csv or bids.csv names; a user has its colour in every chart and on the page.
      std::set<std::string> named;
      const std::vector<GanttSpan> task_bars =
          tasks ? task_spans(dir, type_of, host_pes(dir), named) : std::vector<GanttSpan>{};
      const std::vector<Bid> bid_rows = bids ? read_bids(dir.string()) : std::vector<Bid>{};
      for (const auto& b : bid_rows) named.insert(b.user);
      std::vector<std::string> users = user_palette(dir);
      users.insert(users.end(), named.begin(), named.end());
      users = natural_order(std::move(users));
      const std::vector<GanttSpan> instance_bars =
          instances ? instance_spans(dir) : std::vector<GanttSpan>{};
      // Every chart of the run shares its time axis (to the last time of any of its files) and
      // unit; the tasks, tasks running and instances charts also their margins (they line up).
      double axis_end = std::max(last_time(task_bars), last_time(instance_bars));
      if (!bid_rows.empty()) {
        const double period = auction_period(bid_rows);
        for (const auto& b : bid_rows) axis_end = std::max(axis_end, b.time_s + period);
      }
      if (tasks && task_bars.size() > kGanttMaxBars) {
        plots.notes.push_back(fmt::format(
            "{} task attempts, more than {} bars can show: tasks_running draws how many run at "
            "each time, instead of a bar per task (tasks.csv has every one)",
            task_bars.size(), kGanttMaxBars));
      } else if (tasks) {
        names.push_back("tasks");
        write_figure(tmp, "tasks", tasks_chart(dir, task_bars, type_of, axis_end, users));
      }
      // Under the Gantt chart (or instead of it, past kGanttMaxBars): the tasks running per host
      // or instance type over time, as Evalys draws a schedule's utilisation.
      if (tasks) {
        names.push_back("tasks_running");
        write_figure(tmp, "tasks_running", tasks_running_chart(dir, task_bars, type_of, axis_end));
      }
      if (bids) bid_figures(dir, bid_rows, users, axis_end, tmp, names);
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
    // The page of DIR/plots is DIR/report.html (botsim report DIR). A page of OUT's own is
    // written beside the figures (--out), when DIR is one botsim knows.
    if (!own_dir && !results_kind(dir).empty()) write_report(dir_text, tmp + "/report.html", tmp);
    // DIR/plots/report.html of an earlier botsim is replaced with DIR/plots (botsim wrote it:
    // it starts with kReportMark); one that is not botsim's is kept as it is.
    const fs::path old_page = fs::path(plots.dir) / "report.html";
    if (own_dir && (fs::exists(old_page) || fs::is_symlink(old_page)) &&
        !is_botsim_report(old_page))
      fs::copy(old_page, fs::path(tmp) / "report.html",
               fs::copy_options::copy_symlinks | fs::copy_options::recursive);
  });
  return plots;
}

}  // namespace botsim::view
