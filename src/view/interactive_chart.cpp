#include "view/interactive_chart.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/gnuplot.hpp"
#include "core/input_file.hpp"
#include "data_dirs.hpp"
#include "view/figures.hpp"
#include "view/plot_run.hpp"

namespace botsim::view {

namespace fs = std::filesystem;

namespace {

constexpr const char* kUnfinishedColour = "#999999";  // as the static Gantt chart's

// JSON inside a <script> element: no "</script>" or "<!--" can end or change it early ('<'
// stands only inside strings, where \u003c is the same character).
std::string script_json(const nlohmann::json& j) {
  const std::string text = j.dump();
  std::string out;
  out.reserve(text.size());
  for (char c : text) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
  return out;
}

std::string lowercase(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The drawing script: one chart of two grids sharing the time axis' zoom (dataZoom on both x
// axes), the Gantt chart above (a custom series per group: a bar per attempt, in its host's row
// and lane) and the tasks running per group under it.
constexpr const char* kDrawScript = R"js(
(function () {
  var d = JSON.parse(document.getElementById('botsim-gantt-data').textContent);
  var el = document.getElementById('botsim-gantt');
  var u = d.unit_s, unit = d.unit;
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c];
    });
  }
  function round(v) { return +v.toPrecision(6); }
  function time(s) {
    return unit === 's' ? round(s) + ' s' : round(s / u) + ' ' + unit + ' (' + round(s) + ' s)';
  }
  var bars = [], names = d.groups.concat(['unfinished']), series = [];
  for (var g = 0; g < names.length; g++) bars.push([]);
  d.tasks.forEach(function (t, i) {
    var end = t[1] === null ? d.last_s : t[1];
    bars[t[5] < 0 ? names.length - 1 : t[5]].push([t[0] / u, end / u, t[2], t[3], t[4], i]);
  });
  // A group's bars in its colour (a fixed style: api.style() per bar costs a third more).
  function renderItem(fill) { return function (params, api) {
    var row = api.value(2), lane = api.value(3), lanes = api.value(4);
    var a = api.coord([api.value(0), row]), b = api.coord([api.value(1), row]);
    var band = api.size([0, 1])[1], h = 0.8 * band / lanes;
    // The first host at the top and lane 0 at the top of its row's band, as in the static chart.
    var rect = echarts.graphic.clipRectByRect(
        {x: a[0], y: a[1] - 0.4 * band + lane * h, width: Math.max(b[0] - a[0], 1),
         height: h}, params.coordSys);
    return rect && {type: 'rect', shape: rect, style: {fill: fill}};
  }; }
  names.forEach(function (name, g) {
    if (!bars[g].length) return;
    var colour = g < d.colours.length ? d.colours[g] : d.unfinished_colour;
    series.push({type: 'custom', name: name, renderItem: renderItem(colour), data: bars[g],
                 xAxisIndex: 0, yAxisIndex: 0, encode: {x: [0, 1], y: 2}, color: colour,
                 clip: true});
  });
  d.running.forEach(function (r) {
    // Zoomed out over many steps, a pixel's column shows its highest count ('max').
    series.push({type: 'line', name: r.name, step: 'end', showSymbol: false, sampling: 'max',
                 data: r.steps.map(
                   function (p) { return [p[0] / u, p[1]]; }),
                 xAxisIndex: 1, yAxisIndex: 1, color: r.colour, lineStyle: {width: 1.5},
                 tooltip: {show: false}});
  });
  // A cloud run's instances running, in a third grid under the tasks running.
  var rented = d.instances.length > 0;
  d.instances.forEach(function (r) {
    series.push({type: 'line', name: r.name, step: 'end', showSymbol: false, sampling: 'max',
                 data: r.steps.map(
                   function (p) { return [p[0] / u, p[1]]; }),
                 xAxisIndex: 2, yAxisIndex: 2, color: r.colour, lineStyle: {width: 1.5},
                 tooltip: {show: false}});
  });
  var ganttHeight = Math.min(Math.max(24 * d.hosts.length, 240), 640);
  var bigY = d.hosts.length > 25;
  el.style.height = (ganttHeight + 395 + (rented ? 220 : 0)) + 'px';
  var zoomed = rented ? [0, 1, 2] : [0, 1];
  var chart = echarts.init(el, null, {renderer: 'canvas'});
  var xAxis = {type: 'value', min: 0, max: d.x_max, name: 'time (' + unit + ')',
               nameLocation: 'middle', nameGap: 28,
               axisLabel: {formatter: function (v) { return String(+v.toPrecision(4)); }}};
  chart.setOption({
    animation: false,
    legend: {top: 0, data: names.filter(function (n, g) { return bars[g].length; })},
    tooltip: {trigger: 'item', confine: true, formatter: function (p) {
      if (p.seriesType !== 'custom') return '';
      var t = d.tasks[p.value[5]];
      return 'task ' + esc(d.ids[p.value[5]]) + '<br>user ' + esc(d.users[t[6]]) +
             '<br>host ' + esc(d.hosts[t[2]]) + '<br>start ' + time(t[0]) + '<br>end ' +
             (t[1] === null ? 'never (unfinished)' : time(t[1]));
    }},
    grid: [{top: 50, left: 110, right: bigY ? 70 : 30, height: ganttHeight},
           {top: ganttHeight + 165, left: 110, right: bigY ? 70 : 30, height: 160,
            tooltip: {show: true, trigger: 'axis'}}].concat(
        rented ? [{top: ganttHeight + 385, left: 110, right: bigY ? 70 : 30, height: 160,
                   tooltip: {show: true, trigger: 'axis'}}] : []),
    xAxis: [Object.assign({gridIndex: 0}, xAxis), Object.assign({gridIndex: 1}, xAxis)].concat(
        rented ? [Object.assign({gridIndex: 2}, xAxis)] : []),
    yAxis: [{type: 'category', gridIndex: 0, data: d.hosts, name: 'host', inverse: true,
             nameLocation: 'start',
             axisLabel: {hideOverlap: true}},
            {type: 'value', gridIndex: 1, min: 0, minInterval: 1, name: 'tasks running'}].concat(
        rented ? [{type: 'value', gridIndex: 2, min: 0, minInterval: 1,
                   name: 'instances running'}] : []),
    dataZoom: [{type: 'slider', xAxisIndex: zoomed, filterMode: 'weakFilter',
                top: ganttHeight + 95, height: 22},
               {type: 'inside', xAxisIndex: zoomed, filterMode: 'weakFilter'}].concat(
        bigY ? [{type: 'slider', yAxisIndex: 0, filterMode: 'weakFilter', right: 10, width: 18,
                 top: 50, height: ganttHeight}] : []),
    series: series
  });
  window.addEventListener('resize', function () { chart.resize(); });
  window.botsimGantt = {chart: chart, data: d};
})();
)js";

// Each instance's type (instances.csv; none without the file).
std::map<std::string, std::string> instance_type_of(const fs::path& dir) {
  std::map<std::string, std::string> type_of;
  if (!fs::exists(dir / "instances.csv")) return type_of;
  const CsvTable t = read_csv((dir / "instances.csv").string());
  const size_t instance = t.column("instance"), type = t.column("type");
  for (const auto& row : t.rows) type_of[row[instance]] = row[type];
  return type_of;
}

// A colour halfway to white, as the static chart draws BaTS's sampling phase.
std::string halfway_to_white(const std::string& rgb) {
  std::string out = "#";
  for (size_t i = 1; i + 1 < rgb.size(); i += 2)
    out += fmt::format("{:02x}", (std::stoi(rgb.substr(i, 2), nullptr, 16) + 255) / 2);
  return out;
}

// BaTS's end of sampling (summary.json's one user's sampling_end_s), NaN without it.
double bats_sampling_end(const fs::path& dir) {
  if (!fs::exists(dir / "summary.json")) return std::nan("");
  const nlohmann::json s = nlohmann::json::parse(
      read_input_file((dir / "summary.json").string(), "summary.json"), nullptr, false);
  if (s.is_discarded() || !s.contains("users") || !s["users"].is_array() ||
      s["users"].size() != 1 || !s["users"][0].contains("sampling_end_s") ||
      !s["users"][0]["sampling_end_s"].is_number())
    return std::nan("");
  return s["users"][0]["sampling_end_s"].get<double>();
}

}  // namespace

nlohmann::json interactive_chart_data(const std::vector<TaskAttempt>& attempts,
                                      const std::vector<std::string>& groups,
                                      const std::vector<std::string>& colours,
                                      const std::vector<InstanceSpan>& instances) {
  std::vector<GanttSpan> spans;
  NameIndex user_index;
  std::vector<std::string> hosts;
  double last = 0;
  for (const auto& a : attempts) {
    spans.emplace_back(a.host, a.group, "", a.start_s, a.end_s);
    user_index.add(a.user);
    hosts.push_back(a.host);
    last = std::max({last, a.start_s, std::isnan(a.end_s) ? 0 : a.end_s});
  }
  // An instance may outlive the last task (its last hour paid for): the axis runs to its stop.
  for (const auto& i : instances)
    last = std::max({last, i.start_s, std::isnan(i.stop_s) ? 0 : i.stop_s});
  hosts = natural_order(std::move(hosts));
  const NameIndex host_index(hosts), group_index(groups);
  const std::vector<Lane> lanes = assign_lanes(spans, last);
  const TimeUnit unit = unit_for(last);
  nlohmann::json tasks = nlohmann::json::array(), ids = nlohmann::json::array();
  for (size_t i = 0; i < attempts.size(); ++i) {
    const TaskAttempt& a = attempts[i];
    const bool ended = !std::isnan(a.end_s);
    tasks.push_back({a.start_s, ended ? nlohmann::json(a.end_s) : nlohmann::json(nullptr),
                     host_index[a.host], lanes[i].lane, lanes[i].lanes,
                     ended ? static_cast<long>(group_index[a.group]) : -1L, user_index[a.user]});
    ids.push_back(a.task);
  }
  // The tasks running per group, unfinished attempts on a grey line of their own (they are
  // counted until the end), and all of them together (when that is another line).
  std::vector<GanttSpan> by_group, all;
  for (const auto& a : attempts) {
    by_group.emplace_back(std::isnan(a.end_s) ? std::string("unfinished") : a.group, "", "",
                          a.start_s, a.end_s);
    all.emplace_back("all tasks", "", "", a.start_s, a.end_s);
  }
  nlohmann::json running = nlohmann::json::array();
  auto add = [&](const BusySteps& steps, const std::string& colour) {
    nlohmann::json points = nlohmann::json::array();
    for (size_t k = 0; k < steps.time_s.size(); ++k)
      points.push_back({steps.time_s[k], steps.running[k]});
    running.push_back({{"name", steps.row}, {"colour", colour}, {"steps", points}});
  };
  std::map<std::string, BusySteps> of_group;
  for (auto& steps : busy_steps(by_group, last)) of_group.emplace(steps.row, std::move(steps));
  for (size_t g = 0; g < groups.size(); ++g)
    if (auto it = of_group.find(groups[g]); it != of_group.end())
      add(it->second, g < colours.size() ? colours[g] : palette_color(g));
  if (auto it = of_group.find("unfinished"); it != of_group.end())
    add(it->second, kUnfinishedColour);
  if (running.size() > 1) add(busy_steps(all, last).front(), "#000000");  // else the same line
  // The instances running per type, in the static instances chart's colours (the types in
  // natural order), and all of them together when there are several types.
  nlohmann::json rented = nlohmann::json::array();
  if (!instances.empty()) {
    std::vector<GanttSpan> by_type, every;
    std::vector<std::string> types;
    for (const auto& i : instances) {
      by_type.emplace_back(i.type, "", "", i.start_s, i.stop_s);
      every.emplace_back("all instances", "", "", i.start_s, i.stop_s);
      types.push_back(i.type);
    }
    const NameIndex type_index(natural_order(std::move(types)));
    std::swap(running, rented);
    for (const auto& steps : busy_steps(by_type, last))
      add(steps, palette_color(type_index[steps.row]));
    if (running.size() > 1) add(busy_steps(every, last).front(), "#000000");
    std::swap(running, rented);
  }
  return {{"unit", unit.name},
          {"unit_s", unit.seconds},
          {"last_s", last},
          {"x_max", time_axis_end(last) / unit.seconds},
          {"hosts", hosts},
          {"users", user_index.names()},
          {"groups", groups},
          {"colours", colours},
          {"unfinished_colour", kUnfinishedColour},
          {"tasks", tasks},
          {"ids", ids},
          {"running", running},
          {"instances", rented}};
}

std::string interactive_chart_html(const nlohmann::json& data, const std::string& library_js) {
  std::string out = "<h2 id=\"interactive\">Interactive Gantt chart</h2>\n";
  if (library_js.empty())
    return out +
           "<p>The interactive Gantt chart needs the charting library that botsim's build "
           "installs with npm (ECharts, web/package-lock.json), and this botsim has none: the "
           "figures below are drawn without it.</p>\n";
  // The library inline must not end its own element early.
  if (lowercase(library_js).find("</script") != std::string::npos)
    return out + "<p>The charting library cannot be inlined into this page.</p>\n";
  const bool rented = data.contains("instances") && !data.at("instances").empty();
  out += fmt::format(
      "<p>{} task attempt{} on {} host{}{}. Scroll or drag the slider under the chart to zoom the "
      "time axis ({}); the slider on the right zooms the hosts when there are many. "
      "Hover a bar for its task, user, host, start and end.</p>\n",
      data.at("tasks").size(), data.at("tasks").size() == 1 ? "" : "s", data.at("hosts").size(),
      data.at("hosts").size() == 1 ? "" : "s",
      rented ? "; under the tasks running, the instances running per type" : "",
      rented ? "all three charts" : "both charts");
  out += "<div id=\"botsim-gantt\" style=\"width:100%;height:700px\"></div>\n";
  out += "<script type=\"application/json\" id=\"botsim-gantt-data\">" + script_json(data) +
         "</script>\n";
  out += "<script>\n" + library_js + "\n</script>\n";
  out += "<script>" + std::string(kDrawScript) + "</script>\n";
  return out;
}

std::string interactive_section(const fs::path& dir) {
  if (!fs::exists(dir / "tasks.csv")) return "";
  std::vector<TaskAttempt> attempts;
  try {
    const std::string path = (dir / "tasks.csv").string();
    const CsvTable t = read_csv(path);
    const size_t task = t.column("task"), user = t.column("user"), host = t.column("host"),
                 start = t.column("start_s"), end = t.column("end_s");
    size_t started = 0;
    for (const auto& row : t.rows) started += !row[start].empty();
    if (started > kInteractiveMaxTasks)
      return fmt::format(
          "<h2 id=\"interactive\">Interactive Gantt chart</h2>\n<p>{} task attempts, more than "
          "the interactive chart takes ({}): this page has none (tasks.csv has every "
          "attempt).</p>\n",
          started, kInteractiveMaxTasks);
    attempts.reserve(started);
    for (size_t r = 0; r < t.rows.size(); ++r) {
      const auto& row = t.rows[r];
      if (row[start].empty()) continue;  // an attempt that never started
      attempts.push_back({row[task], row[user], row[host], read_csv_number(path, r, row[start]),
                          row[end].empty() ? std::nan("") : read_csv_number(path, r, row[end]),
                          row[user]});
    }
  } catch (const InputError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw InputError(e.what());
  }
  if (attempts.empty()) return "";
  // The static charts' colours: the run's users in its palette; in a run of one cloud user,
  // the instance types in natural order, BaTS's sampling phase lighter.
  std::vector<std::string> groups = user_palette(dir), colours;
  const std::map<std::string, std::string> type_of = instance_type_of(dir);
  // As in the static chart, a task on a host that is no instance colours them all by user.
  const bool by_type = groups.empty() && !type_of.empty() &&
                       std::all_of(attempts.begin(), attempts.end(),
                                   [&](const TaskAttempt& a) { return type_of.count(a.host) > 0; });
  if (by_type) {
    std::set<std::string> types;
    for (const auto& [instance, type] : type_of) types.insert(type);
    const std::vector<std::string> order =
        natural_order(std::vector<std::string>(types.begin(), types.end()));
    const double sampling = bats_sampling_end(dir);
    std::set<std::string> seen;
    for (auto& a : attempts) {
      a.group = type_of.at(a.host);
      if (!std::isnan(sampling)) a.group += a.start_s < sampling ? ", sampling" : ", execution";
      seen.insert(a.group);
    }
    for (const auto& g : natural_order(std::vector<std::string>(seen.begin(), seen.end()))) {
      const bool light = g.size() > 10 && g.compare(g.size() - 10, 10, ", sampling") == 0;
      const std::string type = std::isnan(sampling) ? g : g.substr(0, g.rfind(", "));
      const auto at = std::find(order.begin(), order.end(), type);
      const std::string colour = palette_color(static_cast<size_t>(at - order.begin()));
      groups.push_back(g);
      colours.push_back(light ? halfway_to_white(colour) : colour);
    }
  } else {
    for (const auto& a : attempts) groups.push_back(a.user);  // with those the summary lists
    groups = natural_order(std::move(groups));
    for (size_t i = 0; i < groups.size(); ++i) colours.push_back(palette_color(i));
  }
  // A cloud run's instances (instances.csv): the third panel; none from a file that gives no
  // times (the types alone colour the tasks).
  std::vector<InstanceSpan> instances;
  if (fs::exists(dir / "instances.csv")) {
    try {
      const std::string path = (dir / "instances.csv").string();
      const CsvTable t = read_csv(path);
      const auto& h = t.header;
      const bool timed = std::find(h.begin(), h.end(), "start_s") != h.end() &&
                         std::find(h.begin(), h.end(), "stop_s") != h.end();
      for (size_t r = 0; timed && r < t.rows.size(); ++r) {
        const auto& row = t.rows[r];
        const std::string& start = row[t.column("start_s")];
        const std::string& stop = row[t.column("stop_s")];
        if (start.empty()) continue;  // requested, never started
        instances.push_back({row[t.column("type")], read_csv_number(path, r, start),
                             stop.empty() ? std::nan("") : read_csv_number(path, r, stop)});
      }
    } catch (const InputError&) {
      throw;
    } catch (const std::runtime_error& e) {
      throw InputError(e.what());
    }
  }
  const std::string library = chart_library_path();
  return interactive_chart_html(interactive_chart_data(attempts, groups, colours, instances),
                                library.empty() ? "" : read_input_file(library, "chart library"));
}

std::string chart_library_path() {
  std::vector<fs::path> places;
  if (const char* env = std::getenv("BOTSIM_DATA_DIR"); env != nullptr && *env != '\0') {
    places.push_back(env);
  } else {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    const fs::path build = fs::weakly_canonical(data_dirs::kBuildDir, ec);
    if (!exe.empty()) {
      const fs::path rel = exe.lexically_relative(build);
      if (!rel.empty() && *rel.begin() != "..") places.push_back(data_dirs::kBuildDir);
      places.push_back((exe.parent_path() / data_dirs::kInstalledFromBinDir).lexically_normal());
    }
    places.push_back(data_dirs::kInstalledDir);
  }
  for (const auto& p : places)
    if (fs::is_regular_file(p / kChartLibraryFile)) return (p / kChartLibraryFile).string();
  return "";
}

}  // namespace botsim::view
