#include "core/results.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.hpp"

namespace botsim {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

size_t Results::add_user(UserRecord r) {
  users_of_name_[r.name].push_back(users_.size());
  users_.push_back(std::move(r));
  return users_.size() - 1;
}
const std::vector<size_t>& Results::users_named(const std::string& name) const {
  static const std::vector<size_t> kNobody;
  auto it = users_of_name_.find(name);
  return it == users_of_name_.end() ? kNobody : it->second;
}

size_t Results::add_resource(ResourceRecord r) {
  resources_.push_back(std::move(r));
  return resources_.size() - 1;
}
size_t& Results::LastAttempts::at(long task) {
  // Dense below 2^21 (at most 16 MB per user), so that a huge task number allocates little.
  constexpr long kDenseLimit = 1L << 21;
  if (task < 0 || task >= kDenseLimit) return sparse.try_emplace(task, kNone).first->second;
  const auto i = static_cast<size_t>(task);
  if (i >= dense.size()) dense.resize(std::max(i + 1, 2 * dense.size()), kNone);
  return dense[i];
}

size_t Results::LastAttempts::find(long task) const {
  if (task >= 0 && static_cast<size_t>(task) < dense.size()) return dense[task];
  auto it = sparse.find(task);
  return it == sparse.end() ? kNone : it->second;
}

std::optional<size_t> Results::last_attempt(const std::string& user, long task) const {
  auto it = last_attempt_.find(user);
  if (it == last_attempt_.end()) return std::nullopt;
  const size_t row = it->second.find(task);
  return row == LastAttempts::kNone ? std::nullopt : std::optional<size_t>(row);
}

static std::string task_row(const TaskRecord& t) {
  return fmt::format("{},{},{},{},{},{},{}\n", t.user, t.task, csv_number(t.length_mi), t.host,
                     csv_number(t.submit_s), csv_number(t.start_s), csv_number(t.end_s));
}
static const char* const kTasksHeader = "user,task,length_mi,host,submit_s,start_s,end_s\n";

size_t Results::add_task(TaskRecord r) {
  const size_t row = first_row_ + tasks_.size();
  size_t& last = last_attempt_[r.user].at(r.task);
  if (last != LastAttempts::kNone) {
    const bool ended = last >= first_row_ ? tasks_[last - first_row_].end_s.has_value()
                                          : (row_flags_[last] & kEnded) != 0;
    if (!ended && !(row_flags_[last] & kReplica) && !r.replica)
      for (size_t u : users_named(r.user)) ++users_[u].tasks_rerun;
  }
  last = row;
  row_flags_.push_back(r.replica ? kReplica : 0);
  tasks_.push_back(std::move(r));
  return row;
}

TaskRecord& Results::task(size_t i) {
  if (i < first_row_)
    throw std::logic_error("tasks.csv row " + std::to_string(i) + " changed after it was written");
  return tasks_.at(i - first_row_);
}

void Results::end_task(size_t row, double end_s) {
  task(row).end_s = end_s;
  row_flags_[row] |= kEnded;
  flush_settled_tasks();
}

void Results::flush_settled_tasks() {
  if (!tasks_stream_) return;
  while (!tasks_.empty() && (tasks_.front().end_s || (row_flags_[first_row_] & kLost))) {
    if (tasks_.front().end_s) row_flags_[first_row_] |= kEnded;
    *tasks_stream_ << task_row(tasks_.front());
    tasks_.pop_front();
    ++first_row_;
  }
}

void Results::lose_task(size_t row, double lost_s, const std::string& reason,
                        std::optional<double> cost) {
  const TaskRecord& t = task(row);
  row_flags_[row] |= kLost;
  if (cost)
    for (size_t i : users_named(t.user)) {
      UserRecord& u = users_[i];
      u.spent_on_lost_work = u.spent_on_lost_work.value_or(0) + *cost;
    }
  if (faults_)
    timeline<LostRecord>().add(LostRecord{t.user, t.task, t.host, t.start_s, lost_s, reason, cost});
  flush_settled_tasks();
}

void Results::report_unfinished(double end_s) {
  // Rows already written to the stream had ended or were lost: none of them is unfinished.
  for (size_t k = 0; k < tasks_.size(); ++k) {
    const size_t row = first_row_ + k;
    const TaskRecord& t = tasks_[k];
    if (t.end_s || (row_flags_[row] & kLost)) continue;
    row_flags_[row] |= kLost;
    size_t last = last_attempt_.at(t.user).at(t.task);
    if (last == row) {
      timeline<LostRecord>().add(LostRecord{t.user, t.task, t.host, t.start_s, end_s,
                                            "unfinished when the run ended", std::nullopt});
    } else {  // the next attempt of the task started when this one was given up
      size_t next = k + 1;
      while (tasks_[next].user != t.user || tasks_[next].task != t.task) ++next;
      timeline<LostRecord>().add(LostRecord{t.user, t.task, t.host, t.start_s,
                                            tasks_[next].start_s.value_or(tasks_[next].submit_s),
                                            "given up for a later attempt", std::nullopt});
    }
  }
}

std::string LostRecord::csv_row() const {
  // Rows are written unquoted, as tasks.csv's are: a comma in the free-text reason becomes ';'
  // so that a reader splitting on commas still finds seven fields.
  std::string why = reason;
  std::replace(why.begin(), why.end(), ',', ';');
  return fmt::format("{},{},{},{},{},{},{}", user, task, host, csv_number(start_s),
                     csv_number(lost_s), why, csv_number(cost));
}
double results_rounded(double v) {
  if (!std::isfinite(v) || std::abs(v) >= 1e15) return v;
  // Divided by the exact 1e6, the quotient is the double nearest the decimal: no noise.
  constexpr double kPerUnit = 1e6;  // 1 / kResultsResolution
  return std::round(v * kPerUnit) / kPerUnit + 0.0;
}

namespace {
template <class J>
void round_numbers_in(J& j) {
  if (j.is_number_float())
    j = results_rounded(j.template get<double>());
  else if (j.is_structured())
    for (auto it = j.begin(); it != j.end(); ++it) round_numbers_in(*it);
}
}  // namespace

void round_results_numbers(nlohmann::json& j) { round_numbers_in(j); }
void round_results_numbers(nlohmann::ordered_json& j) { round_numbers_in(j); }

std::string csv_number(double v) { return fmt::format("{}", results_rounded(v)); }
std::string csv_number(const std::optional<double>& v) { return v ? csv_number(*v) : ""; }

void move_or_remove(const std::string& from, const std::string& to) {
  if (to.empty())
    fs::remove(from);
  else
    fs::rename(from, to);
}

void Results::add_file(const std::string& name, std::string content) {
  files_[name] = std::move(content);
}

std::string Results::stream_path(const std::string& file) const {
  return stream_prefix_ + "." + fs::path(file).stem().string() + "-" + std::to_string(getpid()) +
         ".tmp";
}

void Results::stream_timelines(const std::string& prefix) {
  stream_prefix_ = prefix;
  const fs::path p(prefix);
  set_streamed_files(p.parent_path().string(), p.filename().string() + ".",
                     "-" + std::to_string(getpid()) + ".tmp");
  for (auto& [file, t] : timelines_)
    if (t->streamed_type()) t->stream_to(stream_path(file));
  tasks_stream_path_ = stream_path("tasks.csv");
  tasks_stream_ = std::make_unique<std::ofstream>(tasks_stream_path_, std::ios::binary);
  if (!*tasks_stream_) throw std::runtime_error("cannot write " + tasks_stream_path_);
  *tasks_stream_ << kTasksHeader;
  flush_settled_tasks();
}

void Results::clear() {
  for (auto& [file, t] : timelines_) {
    try {
      t->discard();
    } catch (const std::exception&) {  // already gone: nothing to clean up
    }
  }
  if (tasks_stream_) {
    tasks_stream_.reset();
    std::error_code ec;
    fs::remove(tasks_stream_path_, ec);
  }
  if (!stream_prefix_.empty()) set_streamed_files("", "", "");
  *this = Results();
}

template <class T>
static Json opt(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}

static void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void Results::write(const std::string& dir, const RunInfo& info) {
  if (faults_) report_unfinished(info.simulated_time_s);
  Json summary;
  summary["botsim_version"] = info.version;
  summary["platform"] = info.platform;
  summary["deployment"] = info.deployment;
  summary["seed"] = info.seed;
  if (!info.settings.empty()) summary["set"] = info.settings;
  summary["simulated_time_s"] = info.simulated_time_s;
  Json users = Json::array();
  for (const auto& u : users_) {
    Json j;
    j["name"] = u.name;
    j["model"] = u.model;
    j["policy"] = u.policy;
    j["vo"] = opt(u.vo);
    j["tasks_total"] = u.tasks_total;
    j["tasks_done"] = u.tasks_done;
    j["start_s"] = u.start_s;
    j["finish_s"] = opt(u.finish_s);
    j["makespan_s"] = opt(u.makespan_s());
    j["deadline_s"] = opt(u.deadline_s);
    j["met_deadline"] = opt(u.met_deadline());
    j["fund"] = opt(u.fund);
    j["allowance"] = opt(u.allowance);
    j["allowance_interval_s"] = opt(u.allowance_interval_s);
    j["budget"] = opt(u.budget);
    j["spent"] = u.spent;
    j["instances"] = opt(u.instances);
    j["charged_units"] = opt(u.charged_units);
    j["messages"] = opt(u.messages);
    j["status"] = u.status();
    j["status_reason"] = u.stop_reason.empty() ? Json(nullptr) : Json(u.stop_reason);
    if (faults_) {
      j["tasks_rerun"] = u.tasks_rerun;
      j["spent_on_lost_work"] = opt(u.spent_on_lost_work);
    }
    for (const auto& [key, value] : u.extra.items()) j[key] = value;
    users.push_back(std::move(j));
  }
  summary["users"] = std::move(users);
  Json resources = Json::array();
  for (const auto& r : resources_)
    resources.push_back(Json{{"name", r.name}, {"vo", r.vo}, {"earned", r.earned}});
  summary["resources"] = std::move(resources);
  round_results_numbers(summary);
  write_file(fs::path(dir) / "summary.json", summary.dump(2) + "\n");

  write_tasks(dir);

  for (auto& [file, t] : timelines_) t->write(dir);
  for (const auto& [name, content] : files_) write_file(fs::path(dir) / name, content);
}

void Results::write_tasks(const std::string& dir) {
  const fs::path path = fs::path(dir) / "tasks.csv";
  if (!tasks_stream_) {
    std::string csv = kTasksHeader;
    for (const auto& t : tasks_) csv += task_row(t);
    write_file(path, csv);
    return;
  }
  for (const auto& t : tasks_) *tasks_stream_ << task_row(t);
  tasks_stream_->close();
  const bool failed = tasks_stream_->fail();
  tasks_stream_.reset();
  if (failed) throw std::runtime_error("cannot write " + tasks_stream_path_);
  move_or_remove(tasks_stream_path_, path.string());
}

template <class T>
static std::optional<T> opt_field(const Json& j, const char* key) {
  const Json& v = j.at(key);
  return v.is_null() ? std::nullopt : std::optional<T>(v.get<T>());
}

// The contract's per-user fields (summary.json); anything else is the model's own.
static const char* const kUserFields[] = {"name",
                                          "model",
                                          "policy",
                                          "vo",
                                          "tasks_total",
                                          "tasks_done",
                                          "start_s",
                                          "finish_s",
                                          "makespan_s",
                                          "deadline_s",
                                          "met_deadline",
                                          "fund",
                                          "allowance",
                                          "allowance_interval_s",
                                          "budget",
                                          "spent",
                                          "instances",
                                          "charged_units",
                                          "messages",
                                          "tasks_rerun",
                                          "spent_on_lost_work",
                                          "status",
                                          "status_reason"};

static UserRecord user_from_json(const Json& j) {
  UserRecord u;
  u.name = j.at("name").get<std::string>();
  u.model = j.at("model").get<std::string>();
  u.policy = j.at("policy").get<std::string>();
  u.vo = opt_field<std::string>(j, "vo");
  u.tasks_total = j.at("tasks_total").get<long>();
  u.tasks_done = j.at("tasks_done").get<long>();
  u.start_s = j.at("start_s").get<double>();
  u.finish_s = opt_field<double>(j, "finish_s");
  u.deadline_s = opt_field<double>(j, "deadline_s");
  for (auto [key, field] : {std::pair{"fund", &UserRecord::fund},
                            {"allowance", &UserRecord::allowance},
                            {"allowance_interval_s", &UserRecord::allowance_interval_s}})
    if (j.contains(key)) u.*field = opt_field<double>(j, key);  // absent in older results
  u.budget = opt_field<double>(j, "budget");
  u.spent = j.at("spent").get<double>();
  u.instances = opt_field<long>(j, "instances");
  u.charged_units = opt_field<long>(j, "charged_units");
  u.messages = opt_field<long>(j, "messages");
  if (j.contains("status")) {  // status() derives done/done_late/unfinished again
    u.stopped_as = j.at("status").get<std::string>();
    u.stop_reason = opt_field<std::string>(j, "status_reason").value_or("");
  }
  if (j.contains("tasks_rerun")) {  // only in runs that model faults
    u.tasks_rerun = j.at("tasks_rerun").get<long>();
    u.spent_on_lost_work = opt_field<double>(j, "spent_on_lost_work");
  }
  for (const auto& [key, value] : j.items())
    if (std::find(std::begin(kUserFields), std::end(kUserFields), key) == std::end(kUserFields))
      u.extra[key] = value;
  return u;
}

RunSummary read_summary(const std::string& dir) {
  const std::string path = (fs::path(dir) / "summary.json").string();
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  try {
    Json j = Json::parse(in);
    RunSummary s;
    s.info =
        RunInfo{j.at("botsim_version").get<std::string>(), j.at("platform").get<std::string>(),
                j.at("deployment").get<std::string>(),     j.at("seed").get<unsigned long long>(),
                j.at("simulated_time_s").get<double>(),    {}};
    if (j.contains("set")) s.info.settings = j.at("set").get<std::vector<std::string>>();
    for (const auto& u : j.at("users")) s.users.push_back(user_from_json(u));
    for (const auto& r : j.at("resources"))
      s.resources.push_back(ResourceRecord{r.at("name").get<std::string>(),
                                           r.at("vo").get<std::vector<std::string>>(),
                                           r.at("earned").get<double>()});
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

static std::string cell(const std::optional<double>& v, const char* fmtstr) {
  return v ? fmt::format(fmt::runtime(fmtstr), *v) : "-";
}

std::string currency_of(const std::string& model) {
  if (model == "auction") return "G$";  // grid dollars, as Sulistio & Buyya's section 5
  if (model == "agents") return "US$";  // the EC2 prices of Gutierrez-Garcia & Sim's Table 3
  return "$";  // the cloud models: the price unit of the platform's instance types
}

std::string field_unit(const std::string& field, const std::string& model) {
  static const char* const kMoney[] = {"fund", "allowance", "budget", "spent",
                                       "spent_on_lost_work"};
  if (std::find(std::begin(kMoney), std::end(kMoney), field) != std::end(kMoney))
    return currency_of(model);
  if (field == "charged_units") return "ATUs";
  if (field.size() > 2 && field.compare(field.size() - 2, 2, "_s") == 0) return "s";
  return "";
}

// The rows as columns as wide as their widest cell, the first `left_aligned` to the left.
static std::string aligned(const std::vector<std::vector<std::string>>& rows, size_t left_aligned) {
  std::vector<size_t> width;
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) {
      if (c == width.size()) width.push_back(0);
      width[c] = std::max(width[c], row[c].size());
    }
  std::string out;
  for (const auto& row : rows) {
    for (size_t c = 0; c < row.size(); ++c) {
      if (c) out += "  ";
      out += c < left_aligned ? fmt::format("{:<{}}", row[c], width[c])
                              : fmt::format("{:>{}}", row[c], width[c]);
    }
    out += "\n";
  }
  return out;
}

std::string Results::table() const {
  // The budget and cloud columns appear only when some user has them. Each column's unit is
  // under its name; when users count money in different currencies, each amount says its own.
  bool cloud = false, budgeted = false;
  std::vector<std::string> currencies;
  for (const auto& u : users_) {
    cloud = cloud || u.instances || u.charged_units;
    budgeted = budgeted || u.budget;
    if (std::find(currencies.begin(), currencies.end(), currency_of(u.model)) == currencies.end())
      currencies.push_back(currency_of(u.model));
  }
  const std::string money = currencies.size() == 1 ? currencies[0] : "";
  std::vector<std::vector<std::string>> rows{{"user", "model", "policy", "vo", "tasks", "start",
                                              "finish", "makespan", "deadline", "met", "spent"},
                                             {"", "", "", "", "", "s", "s", "s", "s", "", money}};
  if (budgeted) {
    rows[0].push_back("budget");
    rows[1].push_back(money);
  }
  if (cloud) {
    rows[0].insert(rows[0].end(), {"instances", "charged"});
    rows[1].insert(rows[1].end(), {"", "ATUs"});
  }
  rows[0].push_back("status");
  rows[1].push_back("");
  for (const auto& u : users_) {
    const std::string unit = money.empty() ? " " + currency_of(u.model) : "";
    auto amount = [&](const std::optional<double>& v) {
      return v ? fmt::format("{:.2f}{}", *v, unit) : "-";
    };
    std::string met = u.met_deadline() ? (*u.met_deadline() ? "yes" : "NO") : "-";
    rows.push_back({u.name, u.model, u.policy, u.vo.value_or("-"),
                    fmt::format("{}/{}", u.tasks_done, u.tasks_total),
                    fmt::format("{:.1f}", u.start_s), cell(u.finish_s, "{:.1f}"),
                    cell(u.makespan_s(), "{:.1f}"), cell(u.deadline_s, "{:.1f}"), met,
                    amount(u.spent)});
    if (budgeted) rows.back().push_back(amount(u.budget));
    if (cloud)
      rows.back().insert(rows.back().end(),
                         {u.instances ? std::to_string(*u.instances) : "-",
                          u.charged_units ? std::to_string(*u.charged_units) : "-"});
    rows.back().push_back(u.status());
  }
  std::string out = aligned(rows, 4);  // user, model, policy, vo to the left
  // A model that pays a sampling phase before its execution (BaTS) shows the split: spent is
  // everything the user paid.
  for (const auto& u : users_) {
    auto sampling = u.extra.find("sampling_spent");
    auto end = u.extra.find("sampling_end_s");
    if (sampling == u.extra.end() || end == u.extra.end() || !sampling->is_number()) continue;
    const std::string unit = " " + currency_of(u.model);
    const double paid = sampling->get<double>(), end_s = end->get<double>();
    out +=
        fmt::format("{}: spent {:.2f}{} = sampling {:.2f}{} ({:.1f}-{:.1f} s) + execution {:.2f}{}",
                    u.name, u.spent, unit, paid, unit, u.start_s, end_s, u.spent - paid, unit);
    out += u.finish_s ? fmt::format(" ({:.1f}-{:.1f} s)\n", end_s, *u.finish_s) : "\n";
  }
  // A user that ends with tasks undone never passes silently.
  for (const auto& u : users_)
    if (u.tasks_done < u.tasks_total)
      out += fmt::format("{}: {} of {} tasks not done{}\n", u.name, u.tasks_total - u.tasks_done,
                         u.tasks_total, u.stop_reason.empty() ? "" : " (" + u.stop_reason + ")");
  return out;
}

}  // namespace botsim
