#include "traces/trace_export.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <numeric>
#include <set>
#include <sstream>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/gnuplot.hpp"
#include "core/units.hpp"

namespace botsim::traces {

namespace {

// A number as results files write it: at most a millionth of its unit (docs/units.md).
std::string num(double v) { return format_number(std::round(v * 1e6) / 1e6); }

// A user ID fit for a file or actor name and an XML attribute.
std::string safe_name(const std::string& text) {
  std::string out;
  for (char c : text.substr(0, 64))
    out +=
        std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ? c : '_';
  return out;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Bag sizes in powers of two: 1, 2, 3-4, 5-8, ...
std::string size_bin(long long lo, long long hi) {
  return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
}

struct GapBin {
  const char* label;
  double to_s;  // the bin holds gaps in (previous to_s, to_s]
};
const GapBin kGapBins[] = {{"<=2min", 120},      {"2-10min", 600}, {"10min-1h", 3600},
                           {"1-6h", 6 * 3600.0}, {"6h-1d", 86400}, {">1d", INFINITY}};

}  // namespace

namespace {

// A runnable auction scenario (docs/traces.md, "A runnable scenario"): one VO domain "A" of
// `o.scenario_resources` resources of kScenarioPes PEs at the reference speed (a job's task then
// takes its run time x processors / kScenarioPes there, as a parallel job on its processors
// would), its Grid Information Service, an Auctioneer per resource, and the bags' Brokers
// (`brokers`: the auction fragment, whose workload paths are relative to DIR).
void write_scenario(const TraceExportOptions& o, size_t bags, const std::string& brokers,
                    const std::string& dir) {
  std::string hosts, links, routes, auctioneers;
  auto attach = [&](const std::string& host) {
    links += "    <link id=\"l-" + host + "\" bandwidth=\"1Gbps\" latency=\"5ms\"/>\n";
    routes += "    <route src=\"" + host + "\" dst=\"backbone\"><link_ctn id=\"l-" + host +
              "\"/></route>\n";
  };
  for (int r = 0; r < o.scenario_resources; ++r) {
    const std::string host = "RA" + std::to_string(r);
    hosts += "    <host id=\"" + host + "\" speed=\"" + num(o.reference_mips) + "Mf\" core=\"" +
             std::to_string(kScenarioPes) +
             "\">\n      <prop id=\"vo\" value=\"A\"/> <prop id=\"min_bid\" value=\"5\"/> "
             "<prop id=\"max_bid\" value=\"500\"/>\n    </host>\n";
    attach(host);
    auctioneers += "<actor host=\"" + host + "\" function=\"Auctioneer\"/>\n";
  }
  for (const std::string& host : {std::string("gis-A"), o.host}) {
    hosts += "    <host id=\"" + host + "\" speed=\"1000Mf\"/>\n";
    attach(host);
  }
  const std::string head =
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n";
  write_text(dir + "/scenario.platform.xml",
             head + "<!-- botsim trace " + o.trace + ": one VO domain A of " +
                 std::to_string(o.scenario_resources) + " resources (" +
                 std::to_string(kScenarioPes) + " PEs of " + num(o.reference_mips) +
                 " MIPS), a star of 5 ms links around one router. -->\n"
                 "<platform version=\"4.1\">\n  <zone id=\"trace-grid\" routing=\"Floyd\">\n" +
                 hosts + "    <router id=\"backbone\"/>\n" + links + routes +
                 "  </zone>\n</platform>\n");
  write_text(dir + "/scenario.xml",
             head + "<!-- botsim trace " + o.trace + ": " + std::to_string(bags) +
                 " bags, each a Broker of domain A (policy global, deadline 24 h, fund 100: "
                 "edit them). Run: botsim run scenario.platform.xml scenario.xml -->\n"
                 "<platform version=\"4.1\">\n"
                 "<actor host=\"gis-A\" function=\"GridInformationService\"><prop id=\"vo\" "
                 "value=\"A\"/></actor>\n" +
                 auctioneers + brokers.substr(brokers.find("-->\n") + 4) + "</platform>\n");
}

}  // namespace

TraceExportResult export_trace_bags(const TraceExportOptions& o, const std::string& dir) {
  const std::vector<TraceJob> jobs = read_trace(o.trace, o.format);
  TraceExportResult result;
  result.jobs = jobs.size();
  const std::vector<Bag> bags = identify_bags(jobs, o.bags, &result.left_out);
  if (bags.empty())
    throw InputError(o.trace, "",
                     "no bag of tasks left with these options (" + std::to_string(jobs.size()) +
                         " jobs read, " + std::to_string(result.left_out) +
                         " of an unknown user or run time)");
  result.bags = bags.size();
  const double origin = bags.front().submit_s;
  const int width = std::max<int>(4, static_cast<int>(std::to_string(bags.size()).size()));
  auto stem = [&](size_t k) {
    std::ostringstream s;
    s << "bag-" << std::setw(width) << std::setfill('0') << k + 1;
    return s.str();
  };

  std::filesystem::create_directories(dir + "/bags");
  CsvTable table;
  table.header = {"bag",        "user",      "user_bag",     "tasks",
                  "submit_s",   "start_s",   "total_work_s", "total_work_mi",
                  "first_line", "last_line", "workload_s",   "workload_mi"};
  std::vector<double> sizes, gaps, works;
  std::set<std::string> users;
  for (size_t k = 0; k < bags.size(); ++k) {
    const Bag& b = bags[k];
    std::string head = "# botsim trace: bag " + std::to_string(k + 1) + ", user " +
                       quote_text(b.user) + "'s bag " + std::to_string(b.index) + " of " + o.trace +
                       " (" + to_string(o.format) + ", delta " + num(o.bags.delta_s) +
                       " s), submitted at " + num(b.submit_s) + " s\n";
    std::string seconds = head + "# one task per job: run time x processors, in seconds\n";
    std::string mi = head + "# one task per job: run time x processors x " + num(o.reference_mips) +
                     " MIPS, in MI\n";
    double total = 0;
    for (size_t i : b.jobs) {
      double w = job_work_s(jobs[i]);
      if (w * o.reference_mips > kMaxTaskSize)
        throw InputError(o.trace + ":" + std::to_string(jobs[i].line), "run time",
                         "the job's work at " + num(o.reference_mips) + " MIPS, " +
                             num(w * o.reference_mips) + " MI, is beyond the largest task size");
      total += w;
      seconds += num(w) + "\n";
      mi += num(w * o.reference_mips) + "\n";
    }
    write_text(dir + "/bags/" + stem(k) + "-s.txt", seconds);
    write_text(dir + "/bags/" + stem(k) + "-mi.txt", mi);
    table.rows.push_back(
        {std::to_string(k + 1), b.user, std::to_string(b.index), std::to_string(b.jobs.size()),
         num(b.submit_s), num(b.submit_s - origin), num(total), num(total * o.reference_mips),
         std::to_string(jobs[b.jobs.front()].line), std::to_string(jobs[b.jobs.back()].line),
         "bags/" + stem(k) + "-s.txt", "bags/" + stem(k) + "-mi.txt"});
    result.tasks += b.jobs.size();
    sizes.push_back(static_cast<double>(b.jobs.size()));
    works.push_back(total);
    if (k > 0) gaps.push_back(b.submit_s - bags[k - 1].submit_s);
    users.insert(b.user);
  }
  write_csv(dir + "/bags.csv", table, true);

  // The distributions: bag sizes in powers of two, inter-arrival times in readable bins.
  CsvTable size_table;
  size_table.header = {"tasks_from", "tasks_to", "bags"};
  Chart size_chart;
  size_chart.title =
      "Bag sizes (" + std::to_string(bags.size()) + " bags, delta " + num(o.bags.delta_s) + " s)";
  size_chart.x_label = "tasks in the bag";
  size_chart.y_label = "bags";
  size_chart.kind = Chart::Kind::Bar;
  size_chart.y_min = 0;
  Series size_series("bags");
  long long largest = static_cast<long long>(*std::max_element(sizes.begin(), sizes.end()));
  for (long long lo = 1, hi = 1; lo <= largest; lo = hi + 1, hi = 2 * hi) {
    long long n = std::count_if(sizes.begin(), sizes.end(), [&](double s) {
      return s >= static_cast<double>(lo) && s <= static_cast<double>(hi);
    });
    size_table.rows.push_back({std::to_string(lo), std::to_string(hi), std::to_string(n)});
    size_chart.categories.push_back(size_bin(lo, hi));
    size_series.x.push_back(static_cast<double>(size_series.x.size()));
    size_series.y.push_back(static_cast<double>(n));
    // A bin of 1 bag among thousands still shows (a bar of 0 is labelled "0" already).
    size_series.notes.push_back(n ? std::to_string(n) : "");
  }
  size_chart.series.push_back(size_series);
  write_csv(dir + "/bag_sizes.csv", size_table);
  write_figure(dir, "bag_sizes", size_chart);

  CsvTable gap_table;
  gap_table.header = {"interval", "from_s", "to_s", "gaps"};
  Chart gap_chart;
  gap_chart.title = "Time between consecutive bags (" + std::to_string(gaps.size()) + ")";
  gap_chart.x_label = "inter-arrival time";
  gap_chart.y_label = "pairs of consecutive bags";
  gap_chart.kind = Chart::Kind::Bar;
  gap_chart.y_min = 0;
  Series gap_series("gaps");
  double from = 0;
  for (const auto& bin : kGapBins) {
    long long n = std::count_if(gaps.begin(), gaps.end(), [&](double g) {
      return (from == 0 ? g >= 0 : g > from) && g <= bin.to_s;
    });
    gap_table.rows.push_back(
        {bin.label, num(from), std::isfinite(bin.to_s) ? num(bin.to_s) : "", std::to_string(n)});
    gap_chart.categories.push_back(bin.label);
    gap_series.x.push_back(static_cast<double>(gap_series.x.size()));
    gap_series.y.push_back(static_cast<double>(n));
    gap_series.notes.push_back(n ? std::to_string(n) : "");
    from = bin.to_s;
  }
  gap_chart.series.push_back(gap_series);
  write_csv(dir + "/interarrival.csv", gap_table);
  write_figure(dir, "interarrival", gap_chart);

  CsvTable summary;
  summary.header = {"quantity", "value"};
  auto add = [&](const std::string& q, const std::string& v) { summary.rows.push_back({q, v}); };
  add("trace", o.trace);
  add("format", to_string(o.format));
  add("delta_s", num(o.bags.delta_s));
  add("jobs_read", std::to_string(jobs.size()));
  add("jobs_left_out", std::to_string(result.left_out));
  add("users", std::to_string(users.size()));
  add("bags", std::to_string(bags.size()));
  add("tasks", std::to_string(result.tasks));
  add("bag_size_mean", num(static_cast<double>(result.tasks) / static_cast<double>(bags.size())));
  add("bag_size_median", num(median(sizes)));
  add("bag_size_max", num(static_cast<double>(largest)));
  add("interarrival_mean_s",
      gaps.empty() ? "" : num((bags.back().submit_s - origin) / static_cast<double>(gaps.size())));
  add("interarrival_median_s", gaps.empty() ? "" : num(median(gaps)));
  add("total_work_s", num(std::accumulate(works.begin(), works.end(), 0.0)));
  add("reference_mips", num(o.reference_mips));
  write_csv(dir + "/summary.csv", summary, true);

  // Deployment fragments: one user per bag, for each model; paste into a deployment that has
  // the model's other actors (README, "Scenario files") and set the props marked EDIT.
  struct Fragment {
    const char* model;
    const char* function;
    const char* note;
    bool mi;
    std::string extra;
  };
  const std::vector<Fragment> fragments = {
      {"auction", "Broker",
       "Sulistio & Buyya 2005: a Broker per bag, starting at the bag's submission (start_s of "
       "bags.csv). EDIT vo, policy, deadline and fund.",
       true,
       R"(<prop id="vo" value="A"/> <prop id="policy" value="global"/> <prop id="deadline" value="24h"/> <prop id="fund" value="100"/>)"},
      {"silva", "SilvaCoordinator",
       "Silva, Veiga & Ferreira 2008: a SilvaCoordinator per bag (it has no start time: every "
       "bag starts at 0). EDIT instance_type.",
       false, R"(<prop id="instance_type" value="paper.host"/>)"},
      {"bats", "BatsMaster",
       "Oprescu & Kielmann (BaTS): a BatsMaster per bag (it has no start time: every bag starts "
       "at 0). EDIT clusters.",
       false, R"(<prop id="clusters" value="cluster1,cluster2"/>)"},
      {"agents", "ConsumerAgent",
       "Gutierrez-Garcia & Sim 2012: a ConsumerAgent per bag, submitting 1 s after the bag's "
       "submission (start_s of bags.csv; the agents' default submit_at is 1 s).",
       true, ""},
  };
  for (const auto& f : fragments) {
    std::string xml = std::string("<!-- botsim trace ") + o.trace + ": " +
                      std::to_string(bags.size()) + " bags. " + f.note +
                      " Workload paths are relative to this file's directory. -->\n";
    for (size_t k = 0; k < bags.size(); ++k) {
      double start = bags[k].submit_s - origin;
      std::string name = "b" + std::to_string(k + 1) + "-u" + safe_name(bags[k].user);
      xml += "<actor host=\"" + o.host + "\" function=\"" + f.function +
             "\">\n  <prop id=\"name\" value=\"" + name +
             "\"/> <prop id=\"workload\" value=\"bags/" + stem(k) + (f.mi ? "-mi" : "-s") +
             ".txt\"/>";
      if (std::string(f.model) == "auction")
        xml += " <prop id=\"start\" value=\"" + num(start) + "\"/>";
      if (std::string(f.model) == "agents")  // 1 s later: the brokers register at 0
        xml += " <prop id=\"submit_at\" value=\"" + num(start + 1) + "\"/>";
      if (!f.extra.empty()) xml += "\n  " + f.extra;
      xml += "\n</actor>\n";
    }
    write_text(dir + "/deployment-" + f.model + ".xml", xml);
    if (o.scenario_resources > 0 && std::string(f.model) == "auction")
      write_scenario(o, bags.size(), xml, dir);
  }
  return result;
}

}  // namespace botsim::traces
