#include "papers/market/seed_experiment.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <regex>
#include <stdexcept>

#include "campaign/data_files.hpp"
#include "core/csv.hpp"
#include "core/input_file.hpp"
#include "core/summary.hpp"
#include "core/units.hpp"

namespace botsim::papers {

using campaign::Campaign;
using campaign::find_data_file;
using campaign::RunRequest;

namespace fs = std::filesystem;

namespace {

constexpr const char* kSeedRules[] = {"per_started_unit", "per_second"};

// The shipped platform `path` billed per second after 60 s: the billing props added after
// every prop `after` matches (a regex), the rest unchanged.
std::string seed_per_second_platform(const std::string& path, const std::string& after) {
  return std::regex_replace(read_input_file(path, "platform file"), std::regex("(" + after + ")"),
                            R"($1<prop id="billing" value="per_second"/>)"
                            R"(<prop id="billing_minimum" value="60s"/>)");
}

const UserRecord& seed_user(const RunSummary& s, const std::string& dir) {
  if (s.users.empty()) throw std::runtime_error("market: no user in " + dir + "/summary.json");
  return s.users.front();
}

// Silva's run: the summary, and from tasks.csv and instances.csv the work done and the attempts
// cut by a stop (a row without an end; cut at its instance's stop).
void read_seed_silva(const std::string& dir, SilvaBillingRun& r) {
  const RunSummary s = read_summary(dir);
  const UserRecord& u = seed_user(s, dir);
  if (u.tasks_done >= u.tasks_total && u.makespan_s()) r.makespan_s = *u.makespan_s();
  r.hosts = u.instances.value_or(0);
  r.spent = u.spent;
  const CsvTable instances = read_csv(dir + "/instances.csv");
  std::map<std::string, double> stop;
  for (const auto& row : instances.rows)
    if (!row[instances.column("stop_s")].empty())
      stop[row[instances.column("instance")]] = std::stod(row[instances.column("stop_s")]);
  const CsvTable tasks = read_csv(dir + "/tasks.csv");
  const size_t host = tasks.column("host"), start = tasks.column("start_s"),
               end = tasks.column("end_s");
  for (const auto& row : tasks.rows) {
    if (row[start].empty()) continue;
    if (!row[end].empty()) {
      r.work_s += std::stod(row[end]) - std::stod(row[start]);
      continue;
    }
    ++r.lost_tasks;
    const auto it = stop.find(row[host]);
    if (it != stop.end()) r.lost_s += it->second - std::stod(row[start]);
  }
}

void read_seed_bats(const std::string& dir, BatsScheduleRun& r) {
  const RunSummary s = read_summary(dir);
  const UserRecord& u = seed_user(s, dir);
  r.tasks_done = u.tasks_done;
  r.tasks_total = u.tasks_total;
  if (u.tasks_done >= u.tasks_total && u.makespan_s()) r.makespan_s = *u.makespan_s();
  r.spent = u.spent;
  if (u.budget) r.budget = *u.budget;
}

}  // namespace

void MarketSeedRuns::plan(Campaign& campaign, const fs::path& scenarios) {
  auto add = [&](const std::string& platform, const std::string& deployment,
                 unsigned long long seed, const std::string& tag, std::vector<std::string> args,
                 const std::string& part) {
    return campaign.add(RunRequest{platform, deployment, seed, (campaign.scratch() / tag).string(),
                                   std::move(args)},
                        part);
  };
  // Part 1c: Silva's heuristic on the paper's normal job (the shipped deployment), on the
  // shipped platform and with its paper.host billed per second.
  {
    const std::string hourly = fs::absolute(find_data_file("platforms/utility-cloud.xml"));
    const std::string deployment = fs::absolute(find_data_file("deployments/silva2008-normal.xml"));
    const std::string per_second = campaign.write_scenario(
        scenarios / "silva-per_second.platform.xml",
        seed_per_second_platform(hourly, R"(<prop id="instance_type" value="paper.host"/>)"));
    // Per started hour and per second as the paper stops its hosts; per second with the hosts
    // finishing their task past the hour (hour_end="finish", not in the paper).
    const std::vector<std::pair<std::string, std::string>> variants{
        {"per_started_unit", "stop"}, {"per_second", "stop"}, {"per_second", "finish"}};
    for (const auto& [billing, hour_end] : variants)
      for (const auto& [cr, ir] : kMarketSilvaSettings)
        for (int k = 0; k < kMarketSilvaSeeds; ++k) {
          SilvaBillingRun run;
          run.billing = billing;
          run.hour_end = hour_end;
          run.creation_ratio = cr;
          run.increase_ratio = ir;
          run.seed = campaign.seed(k);
          std::vector<std::string> args{"--set", "U0.creation_ratio=" + format_number(cr), "--set",
                                        "U0.increase_ratio=" + format_number(ir)};
          if (hour_end != "stop") args.insert(args.end(), {"--set", "U0.hour_end=" + hour_end});
          const size_t i = add(billing == "per_second" ? per_second : hourly, deployment, run.seed,
                               fmt::format("silva-{}-{}-cr{:03.0f}-ir{:03.0f}-{:02d}", billing,
                                           hour_end, cr * 100, ir * 100, k),
                               std::move(args), "Silva's heuristic");
          silva_.emplace_back(i, run);
        }
  }
  // Part 1d: BaTS's four schedules on every shipped scenario (the deployment's `schedule`).
  for (const std::string& scenario : kMarketBatsScenarios) {
    const std::string deployment =
        fs::absolute(find_data_file("deployments/bats-" + scenario + ".xml"));
    const std::string hourly = fs::absolute(find_data_file("platforms/bats-" + scenario + ".xml"));
    const std::string per_second = campaign.write_scenario(
        scenarios / ("bats-" + scenario + "-schedules-per_second.platform.xml"),
        seed_per_second_platform(hourly, R"(<prop id="atu" value="[^"]*"/>)"));
    for (const std::string billing : kSeedRules)
      for (int schedule = 1; schedule <= kMarketBatsSchedules; ++schedule)
        for (int k = 0; k < kMarketBatsScheduleSeeds; ++k) {
          BatsScheduleRun run;
          run.scenario = scenario;
          run.schedule = schedule;
          run.billing = billing;
          run.seed = campaign.seed(k);
          const size_t i =
              add(billing == "per_second" ? per_second : hourly, deployment, run.seed,
                  fmt::format("bats-{}-sched{}-{}-{:02d}", scenario, schedule, billing, k),
                  {"--set", "U0.schedule=" + std::to_string(schedule)}, "BaTS's schedules");
          bats_.emplace_back(i, run);
        }
  }
}

std::vector<campaign::Finding> MarketSeedRuns::write(const Campaign& campaign,
                                                     const std::string& dir) const {
  std::vector<SilvaBillingRun> silva;
  for (auto [i, run] : silva_) {
    read_seed_silva(campaign.dir(i), run);
    silva.push_back(run);
  }
  std::vector<BatsScheduleRun> bats;
  for (auto [i, run] : bats_) {
    read_seed_bats(campaign.dir(i), run);
    bats.push_back(run);
  }
  return write_market_seed_tables(silva, bats, dir);
}

}  // namespace botsim::papers
