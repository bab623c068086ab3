// `botsim report DIR` as a browser shows it: Debian's chromium, headless, loads the page of a
// small run in an iframe of a test-only harness page, whose script looks at what the browser
// made of it (every image decoded, every inline SVG drawn with a non-empty box, the users' table
// on the page, no script, nothing fetched) and writes its verdict into the harness; the test
// reads it from the dumped DOM. A screenshot of the page is kept as BUILD/artifacts/report.png
// (CI keeps it). Skipped without chromium (Debian package chromium, which CI installs) or
// gnuplot (which draws the figures).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include "core/gnuplot.hpp"
#include "support/cli_support.hpp"

namespace fs = std::filesystem;
namespace t = botsim::test;

namespace {

// The harness: loads report.html (beside it) in an iframe and, once it has loaded, writes
// "VERDICT key=value ... END" and the users' row of U0 into its own <pre>.
const char* const kBrowserHarness = R"html(<!DOCTYPE html>
<html><body>
<pre id="verdict">no verdict: the report did not load</pre>
<iframe id="report" src="report.html" style="width:1280px;height:2000px"></iframe>
<script>
var frame = document.getElementById('report');
frame.addEventListener('load', function () {
  var out = [], row = '';
  try {
    var doc = frame.contentDocument;
    var broken = 0;
    for (var i = 0; i < doc.images.length; i++)
      if (!doc.images[i].complete || doc.images[i].naturalWidth === 0) broken++;
    var svgs = 0, empty = 0, all = doc.querySelectorAll('svg');
    for (var j = 0; j < all.length; j++) {
      var s = all[j];
      if (s.parentElement.closest('svg')) continue;  // drawn as part of an outer one
      svgs++;
      var box = s.getBoundingClientRect(), drawn = s.getBBox();
      if (box.width <= 0 || box.height <= 0 || drawn.width <= 0 || drawn.height <= 0) empty++;
    }
    var cells = doc.querySelectorAll('td');
    for (var k = 0; k < cells.length; k++) {
      if (cells[k].textContent.trim() !== 'U0' || cells[k].getBoundingClientRect().height <= 0)
        continue;
      var texts = [], tds = cells[k].parentElement.children;
      for (var m = 0; m < tds.length; m++) texts.push(tds[m].textContent.trim());
      row = texts.join('|');
      break;
    }
    out.push('images=' + doc.images.length, 'broken_images=' + broken, 'svgs=' + svgs,
             'empty_svgs=' + empty, 'figures=' + doc.querySelectorAll('figure').length,
             'tables=' + doc.querySelectorAll('table').length, 'scripts=' + doc.scripts.length,
             'fetched=' + frame.contentWindow.performance.getEntriesByType('resource').length,
             'height=' + Math.round(doc.documentElement.scrollHeight));
  } catch (e) {
    out.push('error=' + String(e).replace(/\s+/g, '_'));
  }
  document.getElementById('verdict').textContent =
      'VERDICT ' + out.join(' ') + ' END\nROW ' + row + ' END';
});
</script>
</body></html>
)html";

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Debian's chromium, or "" when it is not installed.
std::string find_chromium() {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / "chromium";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
  }
  return "";
}

class ReportBrowserCli : public ::testing::Test {
 protected:
  void SetUp() override {
    chromium_ = find_chromium();
    if (chromium_.empty())
      GTEST_SKIP() << "chromium is not installed (Debian package chromium; CI installs it): "
                      "the report is not checked in a browser";
    if (botsim::find_gnuplot().empty())
      GTEST_SKIP() << "gnuplot is not installed: the report would have no figures to check";
    dir_ = t::make_temp_dir("botsim-browser");
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // Runs headless chromium with `args` on `url`, its profile, caches and crash reports in the
  // test's directory (none in the user's home), killed after 120 s; its exit code.
  int chromium(const std::string& args, const std::string& url, const std::string& out) {
    const std::string home = dir_ + "/home";
    fs::create_directories(home);
    const std::string cmd =
        "HOME=" + shell_quote(home) + " XDG_CONFIG_HOME=" + shell_quote(home + "/.config") +
        " XDG_CACHE_HOME=" + shell_quote(home + "/.cache") + " timeout -s KILL 120 " +
        shell_quote(chromium_) +
        " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"
        " --allow-file-access-from-files --user-data-dir=" +
        shell_quote(dir_ + "/profile") + " " + args + " " + shell_quote(url) + " >" +
        shell_quote(out) + " 2>" + shell_quote(dir_ + "/chromium.err") + " </dev/null";
    const int status = std::system(("/bin/sh -c " + shell_quote(cmd)).c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::string chromium_, dir_;
};

// "key=value" words between "VERDICT " and " END".
std::map<std::string, std::string> browser_verdict(const std::string& dom) {
  std::map<std::string, std::string> verdict;
  const auto from = dom.find("VERDICT ");
  const auto to = dom.find(" END", from);
  if (from == std::string::npos || to == std::string::npos) return verdict;
  std::stringstream words(dom.substr(from + 8, to - from - 8));
  std::string word;
  while (words >> word) {
    const auto eq = word.find('=');
    if (eq != std::string::npos) verdict[word.substr(0, eq)] = word.substr(eq + 1);
  }
  return verdict;
}

std::string browser_row(const std::string& dom) {
  const auto from = dom.find("ROW ");
  const auto to = dom.find(" END", from);
  return from == std::string::npos || to == std::string::npos ? ""
                                                              : dom.substr(from + 4, to - from - 4);
}

}  // namespace

TEST_F(ReportBrowserCli, EveryFigureIsDrawnAndTheRunTableShows) {
  const std::string run = dir_ + "/run";
  auto r = t::botsim({"run", "examples/01-one-resource.platform.xml",
                      "examples/01-one-resource.xml", "--out", run, "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(t::botsim({"plot", run}).exit_code, 0);
  r = t::botsim({"report", run});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  t::write_text(run + "/browser-harness.html", kBrowserHarness);

  ASSERT_EQ(chromium("--virtual-time-budget=5000 --dump-dom",
                     "file://" + run + "/browser-harness.html", dir_ + "/dom.html"),
            0)
      << t::read_text(dir_ + "/chromium.err");
  const std::string dom = t::read_text(dir_ + "/dom.html");
  auto verdict = browser_verdict(dom);
  ASSERT_FALSE(verdict.empty()) << "no verdict in the harness's DOM:\n" << dom.substr(0, 2000);
  EXPECT_EQ(verdict.count("error"), 0u) << verdict["error"];
  // The four figures of a one-resource auction run (tasks, tasks_running, bids_R0, shares_R0),
  // each drawn.
  EXPECT_EQ(verdict["svgs"], "4") << dom;
  EXPECT_EQ(verdict["figures"], "4") << dom;
  EXPECT_EQ(verdict["empty_svgs"], "0") << dom;
  EXPECT_EQ(verdict["broken_images"], "0") << dom;
  // The scenario, users' and files' tables; no script but the interactive chart's three
  // (its data, its library, its drawing: where botsim has the library); nothing fetched, not
  // even from disk.
  EXPECT_GE(std::stoi(verdict["tables"]), 2) << dom;
  const bool interactive =
      t::read_text(run + "/report.html").find("id=\"botsim-gantt\"") != std::string::npos;
  EXPECT_EQ(verdict["scripts"], interactive ? "3" : "0") << dom;
  EXPECT_EQ(verdict["fetched"], "0") << dom;
  EXPECT_EQ(browser_row(dom).rfind("U0|auction|no-opt|3 of 3|210.0|", 0), 0u) << browser_row(dom);

  // The screenshot, kept beside the program: BUILD/artifacts/report.png.
  const std::string shot = dir_ + "/report.png";
  ASSERT_EQ(chromium("--screenshot=" + shell_quote(shot) + " --window-size=1280,2000",
                     "file://" + run + "/report.html", dir_ + "/screenshot.log"),
            0)
      << t::read_text(dir_ + "/chromium.err");
  const std::string png = t::read_text(shot);
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  auto be32 = [&png](size_t at) {
    uint32_t value = 0;
    for (size_t i = 0; i < 4; ++i) value = value << 8 | static_cast<unsigned char>(png[at + i]);
    return value;
  };
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(be32(16), 1280u);
  EXPECT_EQ(be32(20), 2000u);
  EXPECT_GT(png.size(), 10000u) << "a blank page?";
  const fs::path artifacts = fs::path(BOTSIM_EXE).parent_path() / "artifacts";
  fs::create_directories(artifacts);
  fs::copy_file(shot, artifacts / "report.png", fs::copy_options::overwrite_existing);
  EXPECT_EQ(fs::file_size(artifacts / "report.png"), png.size());
}
