#include "cli/run_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "bats/records.hpp"

namespace botsim {

namespace {

std::string cell(const std::optional<double>& v, const char* fmtstr) {
  return v ? fmt::format(fmt::runtime(fmtstr), *v) : "-";
}

// The rows as columns as wide as their widest cell, the first `left_aligned` to the left.
std::string aligned(const std::vector<std::vector<std::string>>& rows, size_t left_aligned) {
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

// The per-user rows (a header, a line of units, a row per user), each after its run's name
// when `runs` names them (one name per user).
std::vector<std::vector<std::string>> user_rows(const std::vector<const UserRecord*>& users,
                                                const std::vector<std::string>* runs) {
  // The budget and cloud columns appear only when some user has them. Each column's unit is
  // under its name; when users count money in different currencies, each amount says its own.
  bool cloud = false, budgeted = false;
  std::vector<std::string> currencies;
  for (const UserRecord* u : users) {
    cloud = cloud || u->instances || u->charged_units;
    budgeted = budgeted || u->budget;
    if (std::find(currencies.begin(), currencies.end(), currency_of(u->model)) == currencies.end())
      currencies.push_back(currency_of(u->model));
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
  for (size_t k = 0; k < users.size(); ++k) {
    const UserRecord& u = *users[k];
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
  if (runs) {
    rows[0].insert(rows[0].begin(), "run");
    rows[1].insert(rows[1].begin(), "");
    for (size_t k = 0; k < users.size(); ++k) rows[k + 2].insert(rows[k + 2].begin(), (*runs)[k]);
  }
  return rows;
}

}  // namespace

std::string run_table(const Results& results) {
  const std::vector<UserRecord>& users = results.users();
  std::vector<const UserRecord*> all;
  for (const auto& u : users) all.push_back(&u);
  const auto rows = user_rows(all, nullptr);
  std::string out = aligned(rows, 4);  // user, model, policy, vo to the left
  // A model that pays a sampling phase before its execution (BaTS) shows the split: spent is
  // everything the user paid.
  for (const auto& u : users) {
    const std::optional<double> sampling = bats::fields::sampling_spent.of(u);
    const std::optional<double> end = bats::fields::sampling_end_s.of(u);
    if (!sampling || !end) continue;
    const std::string unit = " " + currency_of(u.model);
    const double paid = *sampling, end_s = *end;
    out +=
        fmt::format("{}: spent {:.2f}{} = sampling {:.2f}{} ({:.1f}-{:.1f} s) + execution {:.2f}{}",
                    u.name, u.spent, unit, paid, unit, u.start_s, end_s, u.spent - paid, unit);
    out += u.finish_s ? fmt::format(" ({:.1f}-{:.1f} s)\n", end_s, *u.finish_s) : "\n";
  }
  // A user that ends with tasks undone never passes silently.
  for (const auto& u : users)
    if (u.tasks_done < u.tasks_total)
      out += fmt::format("{}: {} of {} tasks not done{}\n", u.name, u.tasks_total - u.tasks_done,
                         u.tasks_total, u.stop_reason.empty() ? "" : " (" + u.stop_reason + ")");
  return out;
}

std::vector<std::vector<std::string>> compare_rows(
    const std::vector<std::pair<std::string, std::vector<UserRecord>>>& runs) {
  std::vector<const UserRecord*> users;
  std::vector<std::string> names;
  for (const auto& [name, records] : runs)
    for (const auto& u : records) {
      users.push_back(&u);
      names.push_back(name);
    }
  return user_rows(users, &names);
}

std::string compare_table(
    const std::vector<std::pair<std::string, std::vector<UserRecord>>>& runs) {
  return aligned(compare_rows(runs), 5);  // run, user, model, policy, vo to the left
}

}  // namespace botsim
