#include "traces/bags.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "core/error.hpp"
#include "core/units.hpp"

namespace botsim::traces {

double job_work_s(const TraceJob& job) {
  double run = job.run_s > 0 ? job.run_s : 0.5;
  return run * static_cast<double>(job.processors());
}

std::vector<Bag> identify_bags(const std::vector<TraceJob>& jobs, const BagOptions& options,
                               long long* left_out) {
  // Each user's jobs, in submission order (the archives sort by submission, but not all do).
  std::map<std::string, std::vector<size_t>> by_user;
  long long skipped = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const TraceJob& j = jobs[i];
    if (options.from_s && j.submit_s < *options.from_s) continue;
    if (options.to_s && j.submit_s > *options.to_s) continue;
    if (!options.users.empty() &&
        std::find(options.users.begin(), options.users.end(), j.user) == options.users.end())
      continue;
    if (j.run_s < 0 || j.user == "-1") {
      ++skipped;
      continue;
    }
    by_user[j.user].push_back(i);
  }
  if (left_out) *left_out = skipped;
  std::vector<Bag> bags;
  for (auto& [user, list] : by_user) {
    std::stable_sort(list.begin(), list.end(),
                     [&](size_t a, size_t b) { return jobs[a].submit_s < jobs[b].submit_s; });
    std::vector<Bag> mine;
    for (size_t i : list) {
      if (mine.empty() ||
          jobs[i].submit_s - jobs[mine.back().jobs.back()].submit_s > options.delta_s) {
        Bag b;
        b.user = user;
        b.index = static_cast<long long>(mine.size()) + 1;
        b.submit_s = jobs[i].submit_s;
        mine.push_back(std::move(b));
      }
      mine.back().jobs.push_back(i);
    }
    for (auto& b : mine)
      if (static_cast<long long>(b.jobs.size()) >= options.min_tasks) bags.push_back(std::move(b));
  }
  std::stable_sort(bags.begin(), bags.end(), [](const Bag& a, const Bag& b) {
    if (a.submit_s != b.submit_s) return a.submit_s < b.submit_s;
    if (a.user != b.user) return a.user < b.user;
    return a.index < b.index;
  });
  return bags;
}

void parse_window(const std::string& text, BagOptions& options) {
  auto dots = text.find("..");
  if (dots == std::string::npos)
    throw std::invalid_argument(quote_text(text) + " is not A..B (e.g. 0..48h, 3600.., ..1d)");
  std::string a = text.substr(0, dots), b = text.substr(dots + 2);
  if (!a.empty()) options.from_s = parse_duration(a);
  if (!b.empty()) options.to_s = parse_duration(b);
  if (options.from_s && options.to_s && *options.to_s < *options.from_s)
    throw std::invalid_argument(quote_text(text) + ": the window ends before it begins");
}

}  // namespace botsim::traces
