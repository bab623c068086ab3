#include "traces/trace_reader.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <type_traits>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/units.hpp"

namespace botsim::traces {

namespace {

// How a field is read: its limits and where it goes in a TraceJob.
enum class Kind {
  JobId,   // a whole number >= 0, never unknown
  Submit,  // seconds >= 0, never unknown (the bag rule needs it)
  Time,    // seconds in [0, kHorizonS] or -1
  Count,   // a whole number in [0, kMaxTraceCount] or -1
  Amount,  // a number in [0, kMaxTraceAmount] or -1
  Status,  // a whole number in [-1, 5]
  Number,  // a whole number >= 0 or -1, kept as text (SWF's IDs)
  Token,   // any text without blanks (GWF's IDs, structure, resources)
};

// Where a field's value goes: a number member (converted to its type) or a text member.
template <auto Member>
void set_number(TraceJob& job, double value, const std::string&) {
  using T = std::remove_reference_t<decltype(job.*Member)>;
  job.*Member = static_cast<T>(value);
}
template <auto Member>
void set_text(TraceJob& job, double, const std::string& text) {
  job.*Member = text;
}

struct Field {
  const char* name;
  Kind kind;
  void (*set)(TraceJob&, double, const std::string&);
};

const std::vector<Field>& swf_fields() {
  static const std::vector<Field> fields = {
      {"job number", Kind::JobId, set_number<&TraceJob::id>},
      {"submit time", Kind::Submit, set_number<&TraceJob::submit_s>},
      {"wait time", Kind::Time, set_number<&TraceJob::wait_s>},
      {"run time", Kind::Time, set_number<&TraceJob::run_s>},
      {"allocated processors", Kind::Count, set_number<&TraceJob::procs>},
      {"average CPU time used", Kind::Time, set_number<&TraceJob::avg_cpu_s>},
      {"used memory", Kind::Amount, set_number<&TraceJob::used_memory_kb>},
      {"requested processors", Kind::Count, set_number<&TraceJob::req_procs>},
      {"requested time", Kind::Time, set_number<&TraceJob::req_time_s>},
      {"requested memory", Kind::Amount, set_number<&TraceJob::req_memory_kb>},
      {"status", Kind::Status, set_number<&TraceJob::status>},
      {"user ID", Kind::Number, set_text<&TraceJob::user>},
      {"group ID", Kind::Number, set_text<&TraceJob::group>},
      {"executable number", Kind::Number, set_text<&TraceJob::executable>},
      {"queue number", Kind::Number, set_text<&TraceJob::queue>},
      {"partition number", Kind::Number, set_text<&TraceJob::partition>},
      {"preceding job number", Kind::Count, set_number<&TraceJob::preceding_job>},
      {"think time", Kind::Time, set_number<&TraceJob::think_time_s>},
  };
  return fields;
}

const std::vector<Field>& gwf_fields() {
  static const std::vector<Field> fields = {
      {"JobID", Kind::JobId, set_number<&TraceJob::id>},
      {"SubmitTime", Kind::Submit, set_number<&TraceJob::submit_s>},
      {"WaitTime", Kind::Time, set_number<&TraceJob::wait_s>},
      {"RunTime", Kind::Time, set_number<&TraceJob::run_s>},
      {"NProc", Kind::Count, set_number<&TraceJob::procs>},
      {"AverageCPUTimeUsed", Kind::Time, set_number<&TraceJob::avg_cpu_s>},
      {"UsedMemory", Kind::Amount, set_number<&TraceJob::used_memory_kb>},
      {"ReqNProcs", Kind::Count, set_number<&TraceJob::req_procs>},
      {"ReqTime", Kind::Time, set_number<&TraceJob::req_time_s>},
      {"ReqMemory", Kind::Amount, set_number<&TraceJob::req_memory_kb>},
      {"Status", Kind::Status, set_number<&TraceJob::status>},
      {"UserID", Kind::Token, set_text<&TraceJob::user>},
      {"GroupID", Kind::Token, set_text<&TraceJob::group>},
      {"ExecutableID", Kind::Token, set_text<&TraceJob::executable>},
      {"QueueID", Kind::Token, set_text<&TraceJob::queue>},
      {"PartitionID", Kind::Token, set_text<&TraceJob::partition>},
      {"OrigSiteID", Kind::Token, set_text<&TraceJob::orig_site>},
      {"LastRunSiteID", Kind::Token, set_text<&TraceJob::last_run_site>},
      {"JobStructure", Kind::Token, set_text<&TraceJob::job_structure>},
      {"JobStructureParams", Kind::Token, set_text<&TraceJob::job_structure_params>},
      {"UsedNetwork", Kind::Amount, set_number<&TraceJob::used_network_kbs>},
      {"UsedLocalDiskSpace", Kind::Amount, set_number<&TraceJob::used_disk_mb>},
      {"UsedResources", Kind::Token, set_text<&TraceJob::used_resources>},
      {"ReqPlatform", Kind::Token, set_text<&TraceJob::req_platform>},
      {"ReqNetwork", Kind::Amount, set_number<&TraceJob::req_network_kbs>},
      {"ReqLocalDiskSpace", Kind::Amount, set_number<&TraceJob::req_disk_mb>},
      {"ReqResources", Kind::Token, set_text<&TraceJob::req_resources>},
      {"VOID", Kind::Token, set_text<&TraceJob::vo>},
      {"ProjectID", Kind::Token, set_text<&TraceJob::project>},
  };
  return fields;
}

const std::vector<Field>& fields_of(TraceFormat format) {
  return format == TraceFormat::Swf ? swf_fields() : gwf_fields();
}

// A finite number written plainly ("12", "-1", "3.5", "1e3"); nothing else.
bool plain_number(const std::string& text, double& value) {
  const char* first = text.data();
  const char* last = first + text.size();
  auto [end, ec] = std::from_chars(first, last, value);
  return ec == std::errc() && end == last && std::isfinite(value);
}

// The offset of the first byte of `text` that does not belong to well-formed UTF-8, or npos.
size_t first_non_utf8(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > text.size()) return i;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2) return i;
    // Overlong forms and UTF-16 surrogates are not UTF-8 either.
    const auto c1 = static_cast<unsigned char>(n > 1 ? text[i + 1] : 0);
    if ((n == 2 && c < 0xC2) || (n == 3 && c == 0xE0 && c1 < 0xA0) ||
        (n == 3 && c == 0xED && c1 >= 0xA0) || (n == 4 && c == 0xF0 && c1 < 0x90) ||
        (n == 4 && (c > 0xF4 || (c == 0xF4 && c1 >= 0x90))))
      return i;
    i += n;
  }
  return std::string::npos;
}

// The problem with `text` as a field of `kind`, or "" (and the value in `value`).
std::string check_field(Kind kind, const std::string& text, double& value) {
  if (kind == Kind::Token) {
    if (text.size() > kMaxTraceTokenChars)
      return quote_text(text) + " is longer than " + std::to_string(kMaxTraceTokenChars) +
             " characters";
    for (char c : text)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
        return quote_text(text) + " holds a control character";
    // Copied into bags.csv and the deployments, which are UTF-8: refused rather than copied
    // (and not quoted here, where it would be copied into the message).
    if (const size_t at = first_non_utf8(text); at != std::string::npos)
      return fmt::format("is not UTF-8 text (byte 0x{:02X} at character {})",
                         static_cast<unsigned char>(text[at]), at + 1);
    return "";
  }
  if (!plain_number(text, value)) return quote_text(text) + " is not a number";
  bool whole = kind != Kind::Time && kind != Kind::Submit && kind != Kind::Amount;
  if (whole && value != std::floor(value)) return quote_text(text) + " is not a whole number";
  if (value == -1 && kind != Kind::JobId && kind != Kind::Submit) return "";
  if (value < 0)
    return quote_text(text) + (kind == Kind::JobId || kind == Kind::Submit
                                   ? " must be >= 0 (this field cannot be unknown)"
                                   : " must be >= 0, or -1 for unknown");
  switch (kind) {
    case Kind::Submit:
    case Kind::Time:
      if (value > kHorizonS) return beyond_horizon(text);
      break;
    case Kind::Count:
      if (value > kMaxTraceCount)
        return quote_text(text) + " is beyond the largest count, " + format_number(kMaxTraceCount);
      break;
    case Kind::Amount:
      if (value > kMaxTraceAmount)
        return quote_text(text) + " is beyond the largest amount, " +
               format_number(kMaxTraceAmount);
      break;
    case Kind::Status:
      if (value > 5) return quote_text(text) + " is no status (0 to 5, or -1 for unknown)";
      break;
    case Kind::JobId:
    case Kind::Number:
      if (value > 9e15) return quote_text(text) + " is beyond the largest number, 9e15";
      break;
    case Kind::Token:
      break;
  }
  return "";
}

// Splits a line at blanks (spaces, tabs).
std::vector<std::string> split_blanks(const std::string& line) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

// Turns chunks of text into lines and lines into jobs.
class TraceParser {
 public:
  TraceParser(std::string name, TraceFormat format) : name_(std::move(name)), format_(format) {}

  void feed(const char* data, size_t size) {
    for (size_t i = 0; i < size; ++i) {
      if (data[i] == '\n') {
        end_line();
      } else {
        if (line_.size() == kMaxTraceLineChars)
          fail("", "line longer than " + std::to_string(kMaxTraceLineChars) + " characters");
        line_ += data[i];
      }
    }
  }

  std::vector<TraceJob> finish() {
    if (!line_.empty()) end_line();
    if (jobs_.empty())
      throw InputError(name_, "",
                       std::string("no job in this ") + to_string(format_) +
                           " trace (every line blank or a comment)");
    return std::move(jobs_);
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw InputError(name_ + ":" + std::to_string(lineno_ + 1), field, problem);
  }

  void end_line() {
    if (!line_.empty() && line_.back() == '\r') line_.pop_back();
    if (lineno_ + 1 > kMaxTraceLines)
      fail("", "more than " + std::to_string(kMaxTraceLines) + " lines");
    parse_line();
    ++lineno_;
    line_.clear();
  }

  void parse_line() {
    size_t first = line_.find_first_not_of(" \t");
    if (first == std::string::npos) return;
    if (line_[first] == (format_ == TraceFormat::Swf ? ';' : '#')) return;
    const auto& fields = fields_of(format_);
    auto words = split_blanks(line_);
    if (static_cast<long long>(jobs_.size()) == kMaxTraceJobs)
      fail("", "more than " + std::to_string(kMaxTraceJobs) + " jobs");
    // The fields there are first, in order: a line of another format fails at its first word.
    TraceJob job;
    job.line = lineno_ + 1;
    for (size_t k = 0; k < std::min(words.size(), fields.size()); ++k) {
      double value = 0;
      std::string problem = check_field(fields[k].kind, words[k], value);
      if (!problem.empty()) fail(field_label(k), problem);
      // IDs kept as text are written as their whole number ("4", not "4.0").
      if (fields[k].kind == Kind::Number) words[k] = std::to_string(static_cast<long long>(value));
      fields[k].set(job, value, words[k]);
    }
    if (words.size() < fields.size())
      fail(field_label(words.size()), "missing: the line has " + std::to_string(words.size()) +
                                          " fields, " + to_string(format_) + " has " +
                                          std::to_string(fields.size()));
    if (words.size() > fields.size())
      fail("field " + std::to_string(fields.size() + 1),
           "one too many: " + std::string(to_string(format_)) + " has " +
               std::to_string(fields.size()) + " fields");
    jobs_.push_back(std::move(job));
  }

  std::string field_label(size_t k) const {
    return "field " + std::to_string(k + 1) + " (" + fields_of(format_)[k].name + ")";
  }

  std::string name_;
  TraceFormat format_;
  std::string line_;
  long long lineno_ = 0;
  std::vector<TraceJob> jobs_;
};

}  // namespace

TraceFormat parse_trace_format(const std::string& text) {
  if (text == "swf") return TraceFormat::Swf;
  if (text == "gwf") return TraceFormat::Gwf;
  throw std::invalid_argument(quote_text(text) + " is no trace format (expected swf or gwf)");
}

const char* to_string(TraceFormat format) { return format == TraceFormat::Swf ? "SWF" : "GWF"; }

bool trace_format_of_path(const std::string& path, TraceFormat& format) {
  auto ends_with = [&](const std::string& s) {
    return path.size() >= s.size() && path.compare(path.size() - s.size(), s.size(), s) == 0;
  };
  for (const char* gz : {"", ".gz"}) {
    if (ends_with(std::string(".swf") + gz)) {
      format = TraceFormat::Swf;
      return true;
    }
    if (ends_with(std::string(".gwf") + gz)) {
      format = TraceFormat::Gwf;
      return true;
    }
  }
  return false;
}

long long TraceJob::processors() const {
  if (procs > 0) return procs;
  if (req_procs > 0) return req_procs;
  return 1;
}

const std::vector<std::string>& trace_field_names(TraceFormat format) {
  static const auto names = [](const std::vector<Field>& fields) {
    std::vector<std::string> out;
    for (const auto& f : fields) out.push_back(f.name);
    return out;
  };
  static const std::vector<std::string> swf = names(swf_fields()), gwf = names(gwf_fields());
  return format == TraceFormat::Swf ? swf : gwf;
}

std::vector<TraceJob> parse_trace(const std::string& text, const std::string& name,
                                  TraceFormat format) {
  TraceParser parser(name, format);
  parser.feed(text.data(), text.size());
  return parser.finish();
}

std::vector<TraceJob> read_trace(const std::string& path, TraceFormat format) {
  // A regular file only (a FIFO would block), with the house's messages.
  open_input_file(path, std::string(to_string(format)) + " trace").close();
  // zlib reads a file that is not gzip's as it is.
  std::unique_ptr<gzFile_s, int (*)(gzFile)> in(gzopen(path.c_str(), "rb"), gzclose);
  if (!in) throw InputError(path, "", "cannot open trace (is it readable?)");
  TraceParser parser(path, format);
  std::vector<char> buffer(1 << 16);
  for (;;) {
    int n = gzread(in.get(), buffer.data(), static_cast<unsigned>(buffer.size()));
    if (n < 0) {
      int code = 0;
      const char* message = gzerror(in.get(), &code);
      throw InputError(
          path, "",
          std::string("cannot read the compressed trace: ") + (message ? message : "zlib error"));
    }
    if (n == 0) break;
    parser.feed(buffer.data(), static_cast<size_t>(n));
  }
  // A gzip file cut short reads as far as it goes; zlib says so only now.
  int code = Z_OK;
  const char* message = gzerror(in.get(), &code);
  if (code != Z_OK && code != Z_STREAM_END)
    throw InputError(
        path, "",
        std::string("cannot read the compressed trace: ") + (message ? message : "zlib error"));
  return parser.finish();
}

}  // namespace botsim::traces
