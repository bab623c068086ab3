// The SWF and GWF readers (traces/trace_reader.hpp) on hand-written lines: every field, -1
// values, comments, gzip, and one clear error per kind of malformed line.
#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

#include "core/error.hpp"
#include "support/files.hpp"
#include "traces/trace_reader.hpp"

namespace t = botsim::test;
using botsim::InputError;
using namespace botsim::traces;

namespace {

// The message of the InputError that parsing `text` throws ("" if none).
std::string trace_error(const std::string& text, TraceFormat format) {
  try {
    parse_trace(text, "log", format);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

const char* kSwfLine = "7 120.5 30 3600 16 3500.25 2048 32 7200 4096 1 12 3 45 2 1 6 60\n";
const char* kGwfLine =
    "7 1136070024 30 3600 16 3500.25 2048 32 7200 4096 1 U12 G3 app45 q2 p1 site1 site2 "
    "BoT BatchId=9 100.5 20 cpu:16 x86_64,Linux 200 40 cpu:32 vo1 proj7\n";

void write_gzip(const std::string& path, const std::string& text) {
  gzFile out = gzopen(path.c_str(), "wb");
  ASSERT_NE(out, nullptr);
  ASSERT_EQ(gzwrite(out, text.data(), static_cast<unsigned>(text.size())),
            static_cast<int>(text.size()));
  gzclose(out);
}

}  // namespace

TEST(TraceReader, SwfEveryField) {
  auto jobs = parse_trace(std::string("; Version: 2.2\n; MaxJobs: 1\n") + kSwfLine, "log",
                          TraceFormat::Swf);
  ASSERT_EQ(jobs.size(), 1u);
  const TraceJob& j = jobs[0];
  EXPECT_EQ(j.id, 7);
  EXPECT_EQ(j.submit_s, 120.5);
  EXPECT_EQ(j.wait_s, 30);
  EXPECT_EQ(j.run_s, 3600);
  EXPECT_EQ(j.procs, 16);
  EXPECT_EQ(j.avg_cpu_s, 3500.25);
  EXPECT_EQ(j.used_memory_kb, 2048);
  EXPECT_EQ(j.req_procs, 32);
  EXPECT_EQ(j.req_time_s, 7200);
  EXPECT_EQ(j.req_memory_kb, 4096);
  EXPECT_EQ(j.status, 1);
  EXPECT_EQ(j.user, "12");
  EXPECT_EQ(j.group, "3");
  EXPECT_EQ(j.executable, "45");
  EXPECT_EQ(j.queue, "2");
  EXPECT_EQ(j.partition, "1");
  EXPECT_EQ(j.preceding_job, 6);
  EXPECT_EQ(j.think_time_s, 60);
  EXPECT_EQ(j.line, 3);
  EXPECT_EQ(j.processors(), 16);
  EXPECT_EQ(j.vo, "-1");  // GWF only
  EXPECT_EQ(trace_field_names(TraceFormat::Swf).size(), 18u);
  EXPECT_EQ(trace_field_names(TraceFormat::Swf)[17], "think time");
}

TEST(TraceReader, GwfEveryField) {
  auto jobs =
      parse_trace(std::string("# JobID SubmitTime ...\n") + kGwfLine, "log", TraceFormat::Gwf);
  ASSERT_EQ(jobs.size(), 1u);
  const TraceJob& j = jobs[0];
  EXPECT_EQ(j.id, 7);
  EXPECT_EQ(j.submit_s, 1136070024);
  EXPECT_EQ(j.wait_s, 30);
  EXPECT_EQ(j.run_s, 3600);
  EXPECT_EQ(j.procs, 16);
  EXPECT_EQ(j.avg_cpu_s, 3500.25);
  EXPECT_EQ(j.used_memory_kb, 2048);
  EXPECT_EQ(j.req_procs, 32);
  EXPECT_EQ(j.req_time_s, 7200);
  EXPECT_EQ(j.req_memory_kb, 4096);
  EXPECT_EQ(j.status, 1);
  EXPECT_EQ(j.user, "U12");
  EXPECT_EQ(j.group, "G3");
  EXPECT_EQ(j.executable, "app45");
  EXPECT_EQ(j.queue, "q2");
  EXPECT_EQ(j.partition, "p1");
  EXPECT_EQ(j.orig_site, "site1");
  EXPECT_EQ(j.last_run_site, "site2");
  EXPECT_EQ(j.job_structure, "BoT");
  EXPECT_EQ(j.job_structure_params, "BatchId=9");
  EXPECT_EQ(j.used_network_kbs, 100.5);
  EXPECT_EQ(j.used_disk_mb, 20);
  EXPECT_EQ(j.used_resources, "cpu:16");
  EXPECT_EQ(j.req_platform, "x86_64,Linux");
  EXPECT_EQ(j.req_network_kbs, 200);
  EXPECT_EQ(j.req_disk_mb, 40);
  EXPECT_EQ(j.req_resources, "cpu:32");
  EXPECT_EQ(j.vo, "vo1");
  EXPECT_EQ(j.project, "proj7");
  EXPECT_EQ(j.preceding_job, -1);  // SWF only
  EXPECT_EQ(trace_field_names(TraceFormat::Gwf).size(), 29u);
  EXPECT_EQ(trace_field_names(TraceFormat::Gwf)[28], "ProjectID");
}

TEST(TraceReader, UnknownValuesAreMinusOne) {
  auto swf =
      parse_trace("1 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1\n", "log", TraceFormat::Swf);
  EXPECT_EQ(swf[0].run_s, -1);
  EXPECT_EQ(swf[0].procs, -1);
  EXPECT_EQ(swf[0].status, -1);
  EXPECT_EQ(swf[0].user, "-1");
  EXPECT_EQ(swf[0].processors(), 1);
  std::string gwf = "1 0";
  for (int k = 0; k < 27; ++k) gwf += " -1";
  auto g = parse_trace(gwf + "\n", "log", TraceFormat::Gwf);
  EXPECT_EQ(g[0].user, "-1");
  EXPECT_EQ(g[0].used_network_kbs, -1);
  EXPECT_EQ(g[0].project, "-1");
  // Requested processors stand in for unknown allocated ones.
  auto r =
      parse_trace("1 0 -1 10 -1 -1 -1 8 -1 -1 -1 1 -1 -1 -1 -1 -1 -1\n", "log", TraceFormat::Swf);
  EXPECT_EQ(r[0].processors(), 8);
}

TEST(TraceReader, CommentsBlankLinesAndTabs) {
  std::string text = std::string("; comment\n\n   ; indented comment\n\t\n") + kSwfLine +
                     "2\t130 -1 10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1\r\n";
  auto jobs = parse_trace(text, "log", TraceFormat::Swf);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[1].line, 6);
  EXPECT_EQ(jobs[1].think_time_s, -1);
  // The other format's comment is a malformed line.
  EXPECT_NE(trace_error(std::string("# not SWF\n") + kSwfLine, TraceFormat::Swf)
                .find("log:1: field 1 (job number): '#' is not a number"),
            std::string::npos);
  EXPECT_NE(trace_error(std::string("; not GWF\n") + kGwfLine, TraceFormat::Gwf)
                .find("log:1: field 1 (JobID)"),
            std::string::npos);
}

TEST(TraceReader, GzipIsReadTransparently) {
  std::string dir = t::make_temp_dir("botsim-trace-gz");
  std::string text = std::string("; head\n") + kSwfLine;
  write_gzip(dir + "/log.swf.gz", text);
  t::write_text(dir + "/log.swf", text);
  auto gz = read_trace(dir + "/log.swf.gz", TraceFormat::Swf);
  auto plain = read_trace(dir + "/log.swf", TraceFormat::Swf);
  ASSERT_EQ(gz.size(), 1u);
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(gz[0].think_time_s, 60);
  EXPECT_EQ(gz[0].line, plain[0].line);
  // A compressed file cut short is refused, naming the file.
  std::string bytes = t::read_text(dir + "/log.swf.gz");
  t::write_text(dir + "/cut.swf.gz", bytes.substr(0, bytes.size() / 2));
  try {
    read_trace(dir + "/cut.swf.gz", TraceFormat::Swf);
    ADD_FAILURE() << "a cut gzip file was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cut.swf.gz"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_trace(dir + "/absent.swf", TraceFormat::Swf), InputError);
  EXPECT_THROW(read_trace(dir, TraceFormat::Swf), InputError);  // a directory
}

TEST(TraceReader, MalformedLinesNameFileLineAndField) {
  const auto swf = TraceFormat::Swf;
  struct Case {
    std::string line, needle;
  };
  const std::vector<Case> cases = {
      {"1 0 -1 10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1",
       "log:2: field 18 (think time): missing: the line has 17 fields, SWF has 18"},
      {"1 0 -1 10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1 9", "log:2: field 19: one too many"},
      {"1 0 -1 ten 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1",
       "log:2: field 4 (run time): 'ten' is not a number"},
      {"1 0 -1 10 1.5 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1",
       "field 5 (allocated processors): '1.5' is not a whole number"},
      {"1 0 -2 10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1",
       "field 3 (wait time): '-2' must be >= 0, or -1 for unknown"},
      {"1 -1 -1 10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1",
       "field 2 (submit time): '-1' must be >= 0 (this field cannot be unknown)"},
      {"1 0 -1 10 1 -1 -1 -1 -1 -1 7 12 3 -1 -1 -1 -1 -1", "field 11 (status): '7' is no status"},
      {"1 0 -1 1e10 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1",
       "field 4 (run time): '1e10' is beyond the horizon"},
      {"1 0 -1 10 2e9 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1",
       "field 5 (allocated processors): '2e9' is beyond the largest count"},
      {"1 0 -1 nan 1 -1 -1 -1 -1 -1 1 12 3 -1 -1 -1 -1 -1", "field 4 (run time): 'nan'"},
      {"1 0 -1 10 1 -1 -1 -1 -1 -1 1 1.5 3 -1 -1 -1 -1 -1",
       "field 12 (user ID): '1.5' is not a whole number"},
  };
  for (const auto& c : cases) {
    std::string message = trace_error(std::string("; head\n") + c.line + "\n", swf);
    EXPECT_NE(message.find(c.needle), std::string::npos) << c.line << "\n  gave: " << message;
  }
  EXPECT_NE(trace_error("; only comments\n\n", swf).find("log: no job in this SWF trace"),
            std::string::npos);
  EXPECT_NE(trace_error(std::string(kMaxTraceLineChars + 1, '1'), swf).find("log:1: line longer"),
            std::string::npos);
  std::string gwf = kGwfLine;
  gwf.replace(gwf.find("100.5"), 5, "x");
  EXPECT_NE(trace_error(gwf, TraceFormat::Gwf).find("log:1: field 21 (UsedNetwork): 'x'"),
            std::string::npos);
  EXPECT_NE(trace_error("1 0 -1 10\n", TraceFormat::Gwf)
                .find("field 5 (NProc): missing: the line has 4 fields, GWF has 29"),
            std::string::npos);
  // A user or group field whose bytes are not UTF-8 (Latin-1 "Jos\xE9") was copied as is into
  // bags.csv: refused with its line, the byte not copied into the message.
  std::string latin1 = kGwfLine;
  latin1.replace(latin1.find("U12"), 3, "Jos\xE9");
  const std::string message = trace_error(latin1, TraceFormat::Gwf);
  EXPECT_NE(message.find("log:1: field 12 (UserID): is not UTF-8 text (byte 0xE9 at character 4)"),
            std::string::npos)
      << message;
  EXPECT_EQ(message.find('\xE9'), std::string::npos);
  std::string utf8 = kGwfLine;
  utf8.replace(utf8.find("U12"), 3, "Jos\xC3\xA9");  // "José" in UTF-8
  EXPECT_EQ(trace_error(utf8, TraceFormat::Gwf), "");
  for (const char* bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF5\x80\x80\x80", "a\xE2\x82"}) {
    std::string line = kGwfLine;
    line.replace(line.find("G3"), 2, bad);
    EXPECT_NE(trace_error(line, TraceFormat::Gwf).find("is not UTF-8 text"), std::string::npos)
        << bad;
  }
}

// The line count is bounded as the file is read: a file of blank lines (or comments) past it is
// refused at the first line too many.
TEST(TraceReader, TooManyLines) {
  std::string lines(static_cast<size_t>(kMaxTraceLines) + 1, '\n');
  EXPECT_NE(trace_error(lines, TraceFormat::Swf)
                .find("log:" + std::to_string(kMaxTraceLines + 1) + ": more than 20000000 lines"),
            std::string::npos);
}

TEST(TraceReader, FormatsByName) {
  TraceFormat f = TraceFormat::Gwf;
  EXPECT_TRUE(trace_format_of_path("a/LOG.swf", f));
  EXPECT_EQ(f, TraceFormat::Swf);
  EXPECT_TRUE(trace_format_of_path("anon_jobs.gwf.gz", f));
  EXPECT_EQ(f, TraceFormat::Gwf);
  EXPECT_FALSE(trace_format_of_path("tasks.txt", f));
  EXPECT_EQ(parse_trace_format("gwf"), TraceFormat::Gwf);
  EXPECT_THROW(parse_trace_format("csv"), std::invalid_argument);
}
