// `botsim plot DIR`: one run's pictures from its results files, and figures without gnuplot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/csv.hpp"
#include "core/gnuplot.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

// Runs botsim with BOTSIM_GNUPLOT naming a program that does not exist: no gnuplot.
t::CliResult without_gnuplot(const std::vector<std::string>& args) {
  setenv("BOTSIM_GNUPLOT", "/nonexistent/gnuplot", 1);
  auto r = t::botsim(args);
  unsetenv("BOTSIM_GNUPLOT");
  return r;
}

size_t count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

class PlotCli : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = t::make_temp_dir(); }
  // `botsim run PLATFORM DEPLOYMENT [ARGS] --out DIR/RUN`, then `botsim plot DIR/RUN --out
  // DIR/PLOTS` without gnuplot (each figure's data and script).
  void run_and_plot(const std::string& platform, const std::string& deployment,
                    const std::string& run, const std::string& plots,
                    const std::vector<std::string>& args = {}) {
    std::vector<std::string> command{"run",   platform,         deployment,
                                     "--out", dir_ + "/" + run, "--quiet"};
    command.insert(command.end(), args.begin(), args.end());
    auto r = t::botsim(command);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = without_gnuplot({"plot", dir_ + "/" + run, "--out", dir_ + "/" + plots});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  std::string dir_;
};

// A tiny run's results files, written by hand so that every number below is checked by hand.
void write_tiny_run(const std::string& dir) {
  fs::create_directories(dir);
  t::write_text(dir + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\n"
                "U0,0,100,R10,0,0,600\n"
                "U0,1,100,R2,0,60,300\n"
                "U1,0,100,R2,0,300,900\n"
                "U1,1,100,R2,0,840,\n");
  t::write_text(dir + "/bids.csv",
                "time_s,resource,user,bid,share,cost,received\n"
                "0,R1,U0,10,1,0.1,1\n"
                "60,R1,U0,20,0.5,0.2,0.25\n"
                "60,R1,U1,20,0.5,0.2,0.75\n");
  t::write_text(dir + "/instances.csv",
                "user,instance,type,start_s,stop_s,charged_units,cost\n"
                "U0,vm-1,small,0,3600,1,0.1\n"
                "U0,vm-0,large,1800,,2,0.4\n");
}

// A bar of a Gantt chart's data file: its series, x from x0 to x1, y from y0 to y1.
struct DrawnBar {
  std::string series;
  double x0, x1, y0, y1;
};

// The bars of a Gantt data file ("x_start y x_end half_height [note]" per bar, per series).
std::vector<DrawnBar> drawn_bars(const std::string& dat) {
  std::vector<DrawnBar> out;
  std::istringstream in(dat);
  std::string line, series;
  while (std::getline(in, line)) {
    if (line.rfind("# series ", 0) == 0) series = line.substr(line.find(": ") + 2);
    if (line.empty() || line[0] == '#') continue;
    std::istringstream row(line);
    double x0, y, x1, h;
    row >> x0 >> y >> x1 >> h;
    out.push_back({series, x0, x1, y - h, y + h});
  }
  return out;
}

// No two drawn bars share an area: every task can be seen.
void expect_no_overlap(const std::vector<DrawnBar>& bars) {
  const double eps = 1e-9;
  for (size_t i = 0; i < bars.size(); ++i)
    for (size_t j = i + 1; j < bars.size(); ++j) {
      const DrawnBar &a = bars[i], &b = bars[j];
      ASSERT_FALSE(a.x0 < b.x1 - eps && b.x0 < a.x1 - eps && a.y0 < b.y1 - eps && b.y0 < a.y1 - eps)
          << a.series << " [" << a.x0 << ", " << a.x1 << "] and " << b.series << " [" << b.x0
          << ", " << b.x1 << "] overlap at y " << a.y0 << "-" << a.y1 << " / " << b.y0 << "-"
          << b.y1;
    }
}

// The users with a bar running at time x in the band of row `row`.
std::set<std::string> users_at(const std::vector<DrawnBar>& bars, double row, double x) {
  std::set<std::string> users;
  for (const auto& b : bars)
    if (b.x0 <= x && x < b.x1 && b.y0 >= row - 0.4 - 1e-9 && b.y1 <= row + 0.4 + 1e-9)
      users.insert(b.series);
  return users;
}

// The row index of `name` in a Gantt script's ytics ('R0' 0, 'R1' 1, ...).
double row_of(const std::string& gp, const std::string& name) {
  auto at = gp.find("'" + name + "' ");
  if (at == std::string::npos) at = gp.find("'" + name + " (");  // "R4 (1 PE)"
  if (at == std::string::npos) return -1;
  at = gp.find("' ", at + 1);
  return std::stod(gp.substr(at + 2));
}

// Each legend entry of a figure's script, in order: its title and colour (series drawn with
// "lc rgb '#rrggbb' ... title 'NAME'"; error bars and labels have no title).
std::vector<std::pair<std::string, std::string>> legend(const std::string& gp) {
  static const std::regex entry(R"(lc rgb '(#[0-9a-f]{6})'[^\n]* title '([^']*)')");
  std::vector<std::pair<std::string, std::string>> out;
  for (std::sregex_iterator it(gp.begin(), gp.end(), entry), end; it != end; ++it)
    out.emplace_back((*it)[2], (*it)[1]);
  return out;
}

// The stems of the figures in `dir` (its .gp files), in name order.
std::vector<std::string> figure_stems(const std::string& dir) {
  std::vector<std::string> stems;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".gp") stems.push_back(e.path().stem().string());
  std::sort(stems.begin(), stems.end());
  return stems;
}

// One palette per run (docs/figures.md): in every figure of `dir`, each of `users` (in their
// natural order) that the legend shows has the colour of its place in that order, and the
// legend lists them in that order; the page (report.html) edges each user's name in its colour.
void expect_one_palette(const std::string& dir, const std::vector<std::string>& users,
                        size_t figures) {
  size_t checked = 0;
  for (const auto& stem : figure_stems(dir)) {
    size_t last = 0;
    bool any = false;
    for (const auto& [name, colour] : legend(t::read_text(dir + "/" + stem + ".gp"))) {
      auto it = std::find(users.begin(), users.end(), name);
      if (it == users.end()) continue;
      const size_t place = static_cast<size_t>(it - users.begin());
      EXPECT_EQ(colour, botsim::palette_color(place)) << name << " in " << stem;
      EXPECT_TRUE(!any || place > last) << name << " after " << users[last] << " in " << stem;
      last = place;
      any = true;
    }
    checked += any;
  }
  EXPECT_EQ(checked, figures) << "figures with users in their legend, in " << dir;
  const std::string page = t::read_text(dir + "/report.html");
  for (size_t i = 0; i < users.size(); ++i)
    EXPECT_NE(page.find("<td style=\"border-left:0.8em solid " + botsim::palette_color(i) + "\">" +
                        users[i] + "</td>"),
              std::string::npos)
        << users[i] << "'s colour on the page of " << dir;
}

// The y range a figure's script sets ("set yrange [LOW:HIGH]"): HIGH, NaN if none or "*".
double y_range_top(const std::string& gp) {
  const auto at = gp.find("set yrange [");
  if (at == std::string::npos) return NAN;
  const auto colon = gp.find(':', at), close = gp.find(']', at);
  try {
    return std::stod(gp.substr(colon + 1, close - colon - 1));
  } catch (const std::exception&) {
    return NAN;
  }
}

// The largest y a figure's data file draws: a point's y, or the top of its error bar.
double largest_y(const std::string& dat) {
  double top = -INFINITY;
  std::istringstream in(dat);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream row(line);
    std::vector<double> v;
    for (double x; v.size() < 4 && row >> x;) v.push_back(x);
    if (v.size() >= 2) top = std::max(top, v[1]);
    if (v.size() >= 4) top = std::max(top, v[3]);
  }
  return top;
}

// Every figure of `dir` but the Gantt charts (whose y axis holds rows): the y axis ends above
// the largest value drawn, so that no value lies on the frame.
void expect_headroom(const std::string& dir) {
  for (const auto& stem : figure_stems(dir)) {
    const std::string gp = t::read_text(dir + "/" + stem + ".gp");
    if (gp.find("with boxxyerror") != std::string::npos) continue;
    const double top = largest_y(t::read_text(dir + "/" + stem + ".dat"));
    EXPECT_GT(y_range_top(gp), top) << stem << " in " << dir << ": the largest value is " << top;
  }
}

}  // namespace

// `head -c 300 RUN/tasks.csv > T/tasks.csv; botsim plot T` drew a figure and exited 0: the cut
// fell inside a number ("43383."), which still parses. Every reader now refuses a file whose
// last line does not end, naming it and the line; `report` too.
TEST_F(PlotCli, AResultsFileCutShortIsRefused) {
  const std::string run = dir_ + "/run", cut = dir_ + "/cut";
  auto r = t::botsim(
      {"run", "platforms/badg.xml", "deployments/sulistio2005.xml", "--out", run, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  fs::create_directories(cut);
  for (const auto& entry : fs::directory_iterator(run))
    if (entry.is_regular_file())
      fs::copy_file(entry.path(), cut + "/" + entry.path().filename().string());
  const std::string tasks = t::read_text(run + "/tasks.csv");
  t::write_text(cut + "/tasks.csv", tasks.substr(0, 300));
  ASSERT_NE(tasks.substr(0, 300).back(), '\n');
  r = without_gnuplot({"plot", cut, "--out", dir_ + "/plots"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(cut + "/tasks.csv:6: the last line does not end: the file is cut short"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir_ + "/plots"));
  // `report` reads an experiment's tables: findings.csv cut short.
  const std::string exp = dir_ + "/exp";
  r = t::botsim({"experiment", "sulistio2005", "--reps", "1", "--out", exp, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string findings = t::read_text(exp + "/findings.csv");
  t::write_text(exp + "/findings.csv", findings.substr(0, findings.size() - 3));
  r = without_gnuplot({"report", exp});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(exp + "/findings.csv:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(": the last line does not end: the file is cut short"), std::string::npos)
      << r.err;
}

TEST_F(PlotCli, TinyRunGivesTheHandCheckedNumbers) {
  const std::string run = dir_ + "/tiny";
  write_tiny_run(run);
  auto r = t::botsim({"plot", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("plot: 5 figures in " + run +
                       "/plots/: tasks tasks_running bids_R1 shares_R1 instances"),
            std::string::npos)
      << r.out;
  const std::string plots = run + "/plots/";
  // The run's last time is vm-1's stop at 3600 s: every chart in minutes, to 66 min (10 % of
  // headroom). Hosts in natural order: R2 is row 0, R10 row 1. U1's second task never ended:
  // drawn in grey up to the last task's time (14 to 15 min). On R2 it overlaps U1's first (5 to
  // 15 min): R2 has two lanes, each half its band (0.2 on either side of -0.2 and 0.2); U0's
  // and U1's first tasks follow each other in the upper lane. Each bar holds its task's id
  // where it fits: U1's second task, 1 min of 66 (8.9 pixels of 590), is too short for "1".
  EXPECT_EQ(t::read_text(plots + "tasks.dat"),
            "# Tasks per host over time (tiny, tasks.csv)\n"
            "# series 0: U0\n# x_start y x_end half_height inside\n0 1 10 0.4 \"0\"\n"
            "1 -0.2 5 0.2 \"1\"\n\n\n"
            "# series 1: U1\n# x_start y x_end half_height inside\n5 -0.2 15 0.2 \"0\"\n\n\n"
            "# series 2: unfinished (until the last time of the run)\n"
            "# x_start y x_end half_height inside\n14 0.2 15 0.2 \" \"\n");
  const std::string gantt = t::read_text(plots + "tasks.gp");
  EXPECT_NE(gantt.find("set ytics ('R2' 0, 'R10' 1)"), std::string::npos) << gantt;
  EXPECT_NE(gantt.find("set xlabel 'time (min)'"), std::string::npos);
  EXPECT_NE(gantt.find("set xrange [0:66]\n"), std::string::npos) << gantt;
  EXPECT_NE(gantt.find("with boxxyerror lc rgb '#999999' fs solid 0.75 title 'unfinished"),
            std::string::npos);
  // A bid holds for its auction period (60 s): U0 bids 10 then 20, U1 20 from minute 1.
  EXPECT_EQ(t::read_text(plots + "bids_R1.dat"),
            "# Bids on R1 per user over time (tiny, bids.csv)\n"
            "# series 0: U0\n# x y\n0 10\n1 20\n2 20\n\n\n"
            "# series 1: U1\n# x y\n1 20\n2 20\n");
  // The shares the users' tasks received (the `received` column: U0 25 %, U1 75 % from minute
  // 1), not the halves the auction granted them.
  EXPECT_EQ(t::read_text(plots + "shares_R1.dat"),
            "# Share of R1 received per user over time (tiny, bids.csv's received)\n"
            "# series 0: U0\n# x y\n0 100\n1 25\n2 25\n\n\n"
            "# series 1: U1\n# x y\n1 75\n2 75\n");
  EXPECT_NE(t::read_text(plots + "shares_R1.gp").find("set ylabel 'share received (%)'"),
            std::string::npos);
  EXPECT_NE(t::read_text(plots + "bids_R1.gp").find("set xrange [0:66]\n"), std::string::npos);
  // U0's share of 100 % in the first period lies below the frame, not on it.
  EXPECT_NE(t::read_text(plots + "shares_R1.gp").find("set yrange [0:105]"), std::string::npos);
  // Instances in the order they appear; vm-0 still runs at the end (60 min); each bar says
  // how many ATUs it was charged.
  EXPECT_EQ(t::read_text(plots + "instances.dat"),
            "# Instances and their charged ATUs over time (tiny, instances.csv)\n"
            "# series 0: small\n# x_start y x_end half_height note\n0 0 60 0.4 \"1 ATU\"\n\n\n"
            "# series 1: still running at the end\n# x_start y x_end half_height note\n"
            "30 1 60 0.4 \"2 ATUs\"\n");
  if (botsim::find_gnuplot().empty()) GTEST_SKIP() << "gnuplot is not installed";
  for (const char* f : {"tasks", "tasks_running", "bids_R1", "shares_R1", "instances"})
    for (const char* ext : {".svg", ".png", ".gp", ".dat"})
      EXPECT_GT(fs::file_size(plots + f + ext), 0u) << f << ext;
}

TEST_F(PlotCli, RealAuctionRunGetsEveryPicture) {
  if (botsim::find_gnuplot().empty()) GTEST_SKIP() << "gnuplot is not installed";
  const std::string run = dir_ + "/run";
  auto r = t::botsim(
      {"run", "platforms/badg.xml", "deployments/sulistio2005.xml", "--out", run, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"plot", run, "--out", dir_ + "/pictures"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"tasks", "bids_R1", "shares_R1", "bids_R4", "shares_R4"})
    for (const char* ext : {".svg", ".png"})
      EXPECT_TRUE(fs::exists(dir_ + "/pictures/" + f + ext)) << f << ext;
  EXPECT_FALSE(fs::exists(dir_ + "/pictures/instances.svg"));  // no cloud in this run
  EXPECT_FALSE(fs::exists(run + "/plots"));
}

// `botsim plot` of the shipped Sulistio run drew U3 red in the Gantt chart but purple in
// bids_R* and shares_R* (U4, U7, U8 and U9 swapped too), and the bid and share legends listed
// the users in the order they first bid (U4 before U3). One palette per run: each user has the
// colour of its place among the run's users in natural order, in every chart and on the page.
TEST_F(PlotCli, EachUserHasOneColourInEveryChartOfTheRunAndOnThePage) {
  ASSERT_NO_FATAL_FAILURE(
      run_and_plot("platforms/badg.xml", "deployments/sulistio2005.xml", "sulistio2005", "p"));
  // The Gantt chart and bids and shares on R0 to R4.
  expect_one_palette(dir_ + "/p", {"U0", "U1", "U2", "U3", "U4", "U5", "U6", "U7", "U8", "U9"}, 11);
}

// The same in the charts of a sweep, of `run --reps` and of a run of example 3, whose
// deployment lists its users UN, UG, UL: each keeps the colour of its place in UG, UL, UN.
TEST_F(PlotCli, SweepsAndRepsKeepEachUsersColourAndOrder) {
  const std::string spec = dir_ + "/s.json";
  t::write_text(spec, "{\"platform\": \"" + t::source_path("examples/03-two-domains.platform.xml") +
                          "\", \"deployment\": \"" + t::source_path("examples/03-two-domains.xml") +
                          "\", \"parameters\": {\"UN.bid\": [20, 40]}, \"replications\": 1, "
                          "\"metrics\": [\"makespan_s\"]}");
  auto r = t::botsim({"sweep", spec, "--out", dir_ + "/sweep", "--jobs", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = without_gnuplot({"plot", dir_ + "/sweep", "--out", dir_ + "/p-sweep"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string platform = "examples/03-two-domains.platform.xml",
                    deployment = "examples/03-two-domains.xml";
  ASSERT_NO_FATAL_FAILURE(run_and_plot(platform, deployment, "reps", "p-reps", {"--reps", "2"}));
  ASSERT_NO_FATAL_FAILURE(run_and_plot(platform, deployment, "run", "p-run"));
  const std::vector<std::string> users{"UG", "UL", "UN"};
  expect_one_palette(dir_ + "/p-sweep", users, 2);     // mean_makespan_s, runs_makespan_s
  expect_one_palette(dir_ + "/p-reps", users, 2 * 4);  // mean_ and runs_ of each of 4 metrics
  expect_one_palette(dir_ + "/p-run", users, 7);       // tasks, bids and shares on 3 resources
}

// A value at the top of an axis lay on the frame: example 3's UL bids RB1's maximum, 100
// cents per minute, from minute 30 (lab 2), and gnuplot's axis ended at 100. Every figure's
// y axis now ends above its largest value.
TEST_F(PlotCli, AValueAtTheTopOfAnAxisLiesInsideTheFrame) {
  ASSERT_NO_FATAL_FAILURE(run_and_plot("examples/03-two-domains.platform.xml",
                                       "examples/03-two-domains.xml", "run", "p"));
  EXPECT_EQ(largest_y(t::read_text(dir_ + "/p/bids_RB1.dat")), 100);
  EXPECT_EQ(y_range_top(t::read_text(dir_ + "/p/bids_RB1.gp")), 105);
  expect_headroom(dir_ + "/p");
}

// A run of one cloud user (BaTS): its tasks coloured by instance type and phase (summary.json's
// sampling_end_s, 600 s), not all in the user's one colour, a type in its instances' colour; the
// tasks and instances charts share their time axis (to the last instance's stop, 3600 s: 60 min,
// and 10 % further, 66 min) and margins.
TEST_F(PlotCli, OneCloudUsersTasksAreColouredByTypeAndPhase) {
  const std::string run = dir_ + "/bats";
  fs::create_directories(run);
  t::write_text(run + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\n"
                "U0,0,100,U0-i0001,0,0,600\n"
                "U0,1,100,U0-i0002,0,0,300\n"
                "U0,2,100,U0-i0002,0,600,1200\n");
  t::write_text(run + "/instances.csv",
                "user,instance,type,start_s,stop_s,charged_units,cost\n"
                "U0,U0-i0001,small,0,3600,1,0.1\n"
                "U0,U0-i0002,large,0,3600,1,0.4\n");
  t::write_text(run + "/summary.json", R"({"users": [{"name": "U0", "sampling_end_s": 600}]})");
  auto r = without_gnuplot({"plot", run, "--out", dir_ + "/p"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string dat = t::read_text(dir_ + "/p/tasks.dat");
  EXPECT_NE(dat.find("# series 0: large, execution\n# x_start y x_end half_height inside\n"
                     "10 1 20 0.4 \"2\"\n"),
            std::string::npos)
      << dat;
  EXPECT_NE(dat.find("# series 1: large, sampling\n# x_start y x_end half_height inside\n"
                     "0 1 5 0.4 \"1\"\n"),
            std::string::npos)
      << dat;
  EXPECT_NE(dat.find("# series 2: small, sampling\n# x_start y x_end half_height inside\n"
                     "0 0 10 0.4 \"0\"\n"),
            std::string::npos)
      << dat;
  // A type has its colour of the instances chart (large first, in natural order: blue; small
  // orange), its sampling phase lighter (halfway to white).
  const std::string tasks_gp = t::read_text(dir_ + "/p/tasks.gp");
  EXPECT_NE(tasks_gp.find("lc rgb '#1f77b4' fs solid 0.75 title 'large, execution'"),
            std::string::npos)
      << tasks_gp;
  EXPECT_NE(tasks_gp.find("lc rgb '#8fbbd9' fs solid 0.75 title 'large, sampling'"),
            std::string::npos);
  EXPECT_NE(tasks_gp.find("lc rgb '#ffbf86' fs solid 0.75 title 'small, sampling'"),
            std::string::npos);
  const std::string instances_gp = t::read_text(dir_ + "/p/instances.gp");
  EXPECT_NE(instances_gp.find("lc rgb '#1f77b4' fs solid 0.75 title 'large'"), std::string::npos)
      << instances_gp;
  EXPECT_NE(instances_gp.find("lc rgb '#ff7f0e' fs solid 0.75 title 'small'"), std::string::npos);
  // Legends next to the plot; the instances' past the notes beside their bars.
  EXPECT_NE(tasks_gp.find("set key at screen 0.78, graph 1 left top\n"), std::string::npos);
  EXPECT_NE(instances_gp.find("set key at screen 0.85, graph 1 left top\n"), std::string::npos);
  for (const char* f : {"tasks", "instances"}) {
    const std::string gp = t::read_text(dir_ + "/p/" + f + ".gp");
    EXPECT_NE(gp.find("set xrange [0:66]\n"), std::string::npos) << f << gp;
    EXPECT_NE(gp.find("set lmargin at screen 0.1\nset rmargin at screen 0.76\n"), std::string::npos)
        << f;
  }
}

// The Gantt chart of sulistio2005: at 1 h nine users share R4 (one PE, proportional share),
// among them U0, U4, U5 and U6, whose bars lay under U9's; and examples/03: UL's four tasks on
// RB1 lay under UN's. Each task now has a lane of its own in its host's row.
TEST_F(PlotCli, ConcurrentTasksOnOneHostAreAllDrawn) {
  ASSERT_NO_FATAL_FAILURE(
      run_and_plot("platforms/badg.xml", "deployments/sulistio2005.xml", "run", "p1"));
  std::vector<DrawnBar> bars = drawn_bars(t::read_text(dir_ + "/p1/tasks.dat"));
  expect_no_overlap(bars);
  // The run's page with these figures (botsim report), beside them.
  const std::string page = t::read_text(dir_ + "/p1/report.html");
  EXPECT_NE(page.find("<h2>Users</h2>"), std::string::npos);
  EXPECT_NE(page.find("<a href=\"../run/summary.json\">summary.json</a>"), std::string::npos);
  const std::string gp = t::read_text(dir_ + "/p1/tasks.gp");
  const double r4 = row_of(gp, "R4");
  ASSERT_GE(r4, 0);
  ASSERT_NE(gp.find("set xlabel 'time (h)'"), std::string::npos) << gp;
  std::set<std::string> at_1h = users_at(bars, r4, 1);
  for (const char* u : {"U0", "U4", "U5", "U6", "U9"}) EXPECT_TRUE(at_1h.count(u)) << u;
  EXPECT_EQ(at_1h.size(), 9u);

  ASSERT_NO_FATAL_FAILURE(run_and_plot("examples/03-two-domains.platform.xml",
                                       "examples/03-two-domains.xml", "ex3", "p3"));
  bars = drawn_bars(t::read_text(dir_ + "/p3/tasks.dat"));
  expect_no_overlap(bars);
  const double rb1 = row_of(t::read_text(dir_ + "/p3/tasks.gp"), "RB1");
  size_t ul_on_rb1 = 0;
  for (const auto& b : bars)
    if (b.series == "UL" && b.y0 >= rb1 - 0.4 - 1e-9 && b.y1 <= rb1 + 0.4 + 1e-9) ++ul_on_rb1;
  EXPECT_EQ(ul_on_rb1, 4u);
}

// The data rows of a figure's series k ("x y ..." per line).
std::vector<std::vector<double>> series_rows(const std::string& dat, size_t k) {
  std::vector<std::vector<double>> rows;
  std::istringstream in(dat);
  std::string line;
  long current = -1;
  while (std::getline(in, line)) {
    if (line.rfind("# series ", 0) == 0) current = std::stol(line.substr(9));
    if (line.empty() || line[0] == '#' || current != static_cast<long>(k)) continue;
    std::istringstream row(line);
    std::vector<double> v;
    for (double x; row >> x;) v.push_back(x);
    rows.push_back(v);
  }
  return rows;
}

// A sweep of the Silva job over 4, 8 and 16 tasks, 3 replications: each metric's mean against
// the number of tasks with the 95 % confidence interval of summary.csv, and every run's value.
TEST_F(PlotCli, SweepGetsMeansWithConfidenceIntervalsAndEveryRun) {
  const std::string spec = dir_ + "/s.json";
  t::write_text(spec, "{\"platform\": \"" + t::source_path("platforms/utility-cloud.xml") +
                          "\", \"deployment\": \"" +
                          t::source_path("deployments/silva2008-normal.xml") +
                          "\", \"parameters\": {\"U0.tasks\": [4, 8, 16]}, \"replications\": 3, "
                          "\"metrics\": [\"makespan_s\", \"instances\"]}");
  const std::string out = dir_ + "/sweep";
  auto r = t::botsim({"sweep", spec, "--out", out, "--jobs", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"plot", out, "--out", dir_ + "/p"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("mean_makespan_s mean_instances runs_makespan_s runs_instances"),
            std::string::npos)
      << r.out;
  // summary.csv's rows for makespan_s: the plotted mean and interval are theirs.
  botsim::CsvTable summary = botsim::read_csv(out + "/summary.csv");
  // The settings stand along x as categories 0, 1, 2, named by their numbers of tasks.
  std::vector<std::vector<double>> expected;
  for (const auto& row : summary.rows)
    if (row[3] == "makespan_s")
      expected.push_back({static_cast<double>(expected.size()), std::stod(row[5]),
                          std::stod(row[7]), std::stod(row[8])});
  ASSERT_EQ(expected.size(), 3u);
  const auto mean = series_rows(t::read_text(dir_ + "/p/mean_makespan_s.dat"), 0);
  ASSERT_EQ(mean.size(), 3u);
  for (size_t i = 0; i < 3; ++i)
    for (size_t j = 0; j < 4; ++j)
      EXPECT_NEAR(mean[i][j], expected[i][j], 1e-6 * std::abs(expected[i][j])) << i << "," << j;
  const std::string mean_gp = t::read_text(dir_ + "/p/mean_makespan_s.gp");
  EXPECT_NE(mean_gp.find("set xlabel 'U0.tasks'"), std::string::npos) << mean_gp;
  EXPECT_NE(mean_gp.find("set xrange [-0.5:2.5]\nset xtics ('4' 0, '8' 1, '16' 2)\n"),
            std::string::npos)
      << mean_gp;
  EXPECT_NE(mean_gp.find("set ylabel 'mean makespan_s (s)'"), std::string::npos) << mean_gp;
  // Every run: 3 per setting, at its setting's place.
  const auto runs = series_rows(t::read_text(dir_ + "/p/runs_makespan_s.dat"), 0);
  ASSERT_EQ(runs.size(), 9u);
  EXPECT_EQ(runs[0][0], 0);
  EXPECT_EQ(runs[8][0], 2);
  expect_headroom(dir_ + "/p");  // no mean, interval or run on the frame
}

// `run --reps 3` of example 1: per metric a bar with its interval and each seed's value. With
// gnuplot, every figure is drawn: a bar chart's x range must not carry over to the next script
// (gnuplot drew each script after the last one's settings, and failed: "all points y value
// undefined").
TEST_F(PlotCli, RepsGetMeansAndEverySeed) {
  const std::string out = dir_ + "/reps";
  auto r = t::botsim({"run", "examples/01-one-resource.platform.xml",
                      "examples/01-one-resource.xml", "--reps", "3", "--out", out, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = without_gnuplot({"plot", out, "--out", dir_ + "/p"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // U0 starts at 30 s and ends at 240 s in every run: a makespan of 210 s, the same each seed
  // (reps.csv: mean 210, an interval of width 0).
  const auto mean = series_rows(t::read_text(dir_ + "/p/mean_makespan_s.dat"), 0);
  ASSERT_EQ(mean.size(), 1u);
  EXPECT_EQ(mean[0], (std::vector<double>{0, 210, 210, 210}));
  const auto seeds = series_rows(t::read_text(dir_ + "/p/runs_makespan_s.dat"), 0);
  // Each seed a category along x: 0, 1, 2 named 1, 2, 3 (no tic at 1.5).
  EXPECT_EQ(seeds, (std::vector<std::vector<double>>{{0, 210}, {1, 210}, {2, 210}}));
  EXPECT_NE(t::read_text(dir_ + "/p/runs_makespan_s.gp")
                .find("set xrange [-0.5:2.5]\nset xtics ('1' 0, '2' 1, '3' 2)\n"),
            std::string::npos);
  EXPECT_NE(t::read_text(dir_ + "/p/mean_makespan_s.gp").find("set ylabel 'mean makespan_s (s)'"),
            std::string::npos);
  expect_headroom(dir_ + "/p");  // the bars of 210 s and their points end below the frame
  if (botsim::find_gnuplot().empty()) GTEST_SKIP() << "gnuplot is not installed";
  r = t::botsim({"plot", out, "--out", dir_ + "/drawn"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"mean_makespan_s", "runs_makespan_s", "mean_budget", "runs_budget"})
    EXPECT_TRUE(fs::exists(dir_ + "/drawn/" + f + ".png")) << f;
}

// An experiment's directory: its own figures drawn again into OUT, with the page of its results.
TEST_F(PlotCli, ExperimentFiguresAreDrawnAgain) {
  const std::string out = dir_ + "/sulistio2005";
  auto r = t::botsim({"experiment", "sulistio2005", "--reps", "1", "--out", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = without_gnuplot({"plot", out, "--out", dir_ + "/p"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("plot: 8 figures in " + dir_ +
                       "/p/: fig2_bid_cost_R1 fig3_share_R1 "
                       "fig4_bid_cost_R4 fig5_share_R4 fig6_runtime fig6_runtime_total fig7_cost "
                       "fig7_cost_total"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(t::read_text(dir_ + "/p/fig6_runtime.gp"), t::read_text(out + "/fig6_runtime.gp"));
  EXPECT_EQ(t::read_text(dir_ + "/p/fig6_runtime.dat"), t::read_text(out + "/fig6_runtime.dat"));
  EXPECT_NE(t::read_text(dir_ + "/p/report.html").find("<h2>Findings</h2>"), std::string::npos);
}

// A tasks.csv of `tasks` attempts of 10 s, one after the other on R1 (written by hand: the
// threshold is about the number of bars, not about the run).
void write_tasks_in_a_row(const std::string& dir, size_t tasks) {
  fs::create_directories(dir);
  std::string csv = "user,task,length_mi,host,submit_s,start_s,end_s\n";
  for (size_t i = 0; i < tasks; ++i)
    csv += "U0," + std::to_string(i) + ",100,R1,0," + std::to_string(10 * i) + "," +
           std::to_string(10 * (i + 1)) + "\n";
  t::write_text(dir + "/tasks.csv", csv);
}

// Up to 2000 task attempts, a bar each (tasks), the tasks running under it; one more, and the
// tasks running alone (tasks_running): one task at a time on R1 from 0 to 20010 s (5.56 h).
TEST_F(PlotCli, PastTwoThousandTasksTheTasksRunningReplaceTheGantt) {
  write_tasks_in_a_row(dir_ + "/at", 2000);
  auto r = without_gnuplot({"plot", dir_ + "/at", "--out", dir_ + "/p_at"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ + "/p_at/tasks.dat"));
  EXPECT_TRUE(fs::exists(dir_ + "/p_at/tasks_running.dat"));
  EXPECT_EQ(r.out.find("task attempts"), std::string::npos) << r.out;

  write_tasks_in_a_row(dir_ + "/past", 2001);
  r = without_gnuplot({"plot", dir_ + "/past", "--out", dir_ + "/p_past"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir_ + "/p_past/tasks.dat"));
  EXPECT_FALSE(fs::exists(dir_ + "/p_past/tasks.gp"));
  EXPECT_NE(r.out.find("plot: 1 figure in " + dir_ + "/p_past/: tasks_running\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("2001 task attempts, more than 2000"), std::string::npos) << r.out;
  // Tasks follow each other (one ends as the next starts): one running from 0 to the end.
  EXPECT_EQ(t::read_text(dir_ + "/p_past/tasks_running.dat"),
            "# Tasks running per host over time (past, tasks.csv: 2001 task attempts)\n"
            "# series 0: R1\n# x y\n0 1\n5.558333333 0\n");
  const std::string gp = t::read_text(dir_ + "/p_past/tasks_running.gp");
  EXPECT_NE(gp.find("with steps"), std::string::npos) << gp;
  EXPECT_NE(gp.find("set ylabel 'tasks running'"), std::string::npos) << gp;
  // Its margins are the instances chart's: the two line up.
  EXPECT_NE(gp.find("set lmargin at screen 0.1\nset rmargin at screen 0.76\n"), std::string::npos);
}

// A cloud run of 3000 tasks (Silva et al.'s normal job, ten times bigger): the tasks running
// per instance type over time; the attempts lost with their instance (no end in tasks.csv) on
// a line of their own, not counted on the instances until the end.
TEST_F(PlotCli, BigCloudRunGetsTheTasksRunningPerInstanceType) {
  const std::string run = dir_ + "/big";
  auto r = t::botsim({"run", "platforms/utility-cloud.xml", "deployments/silva2008-normal.xml",
                      "--set", "U0.tasks=3000", "--out", run, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = t::botsim({"plot", run, "--out", dir_ + "/p"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("figures in " + dir_ + "/p/: tasks_running instances\n"), std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(dir_ + "/p/tasks.dat"));
  t::expect_figures(dir_ + "/p", {"tasks_running", "instances"});
  // The attempts that never ended, from tasks.csv.
  botsim::CsvTable tasks = botsim::read_csv(run + "/tasks.csv");
  ASSERT_GT(tasks.rows.size(), 2000u);
  size_t never_ended = 0;
  for (const auto& row : tasks.rows) never_ended += !row[5].empty() && row[6].empty();
  const std::string dat = t::read_text(dir_ + "/p/tasks_running.dat");
  EXPECT_NE(dat.find("# series 0: paper.host\n"), std::string::npos) << dat;
  const auto on_instances = series_rows(dat, 0);
  ASSERT_FALSE(on_instances.empty());
  EXPECT_EQ(on_instances.back()[1], 0);  // every attempt that ended has ended at the end
  double most = 0;
  for (const auto& p : on_instances) most = std::max(most, p[1]);
  // An instance runs one task at a time.
  EXPECT_LE(most, botsim::read_csv(run + "/instances.csv").rows.size());
  if (never_ended > 0) {
    EXPECT_NE(dat.find("# series 1: never ended\n"), std::string::npos) << dat;
    EXPECT_EQ(series_rows(dat, 1).back()[1], static_cast<double>(never_ended));
    EXPECT_NE(t::read_text(dir_ + "/p/tasks_running.gp").find("lc rgb '#999999'"),
              std::string::npos);
  }
}

TEST_F(PlotCli, WithoutGnuplotWritesDataAndScriptsAndSaysSo) {
  const std::string run = dir_ + "/tiny";
  write_tiny_run(run);
  auto r = without_gnuplot({"plot", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(count(r.out, "gnuplot is not installed"), 1u) << r.out;
  EXPECT_TRUE(fs::exists(run + "/plots/tasks.gp"));
  EXPECT_TRUE(fs::exists(run + "/plots/tasks.dat"));
  EXPECT_FALSE(fs::exists(run + "/plots/tasks.svg"));
}

TEST_F(PlotCli, MissingDirectoryIsBadInput) {
  t::expect_input_error(t::botsim({"plot", dir_ + "/nowhere"}),
                        {dir_ + "/nowhere", "no such results directory"});
  t::expect_input_error(t::botsim({"plot"}), {"dir is required"});
}

TEST_F(PlotCli, DirectoryWithoutResultsFilesIsBadInput) {
  t::write_text(dir_ + "/notes.txt", "not a results file");
  t::expect_input_error(t::botsim({"plot", dir_}),
                        {dir_, "no results files to plot (tasks.csv, bids.csv or instances.csv"});
  EXPECT_FALSE(fs::exists(dir_ + "/plots"));
}

TEST_F(PlotCli, BadRowNamesTheFile) {
  t::write_text(dir_ + "/tasks.csv",
                "user,task,length_mi,host,submit_s,start_s,end_s\nU0,0,100,R1,0,soon,10\n");
  t::expect_input_error(t::botsim({"plot", dir_}),
                        {dir_ + "/tasks.csv: data row 1: 'soon' is not a number"});
  EXPECT_FALSE(fs::exists(dir_ + "/plots"));
}
