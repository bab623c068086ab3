#include "view/figures.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "core/csv.hpp"
#include "core/input_file.hpp"
#include "core/units.hpp"

namespace botsim::view {

namespace fs = std::filesystem;

bool natural_less(const std::string& a, const std::string& b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) &&
        std::isdigit(static_cast<unsigned char>(b[j]))) {
      size_t ei = a.find_first_not_of("0123456789", i), ej = b.find_first_not_of("0123456789", j);
      std::string na = a.substr(i, ei - i), nb = b.substr(j, ej - j);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ei == std::string::npos ? a.size() : ei;
      j = ej == std::string::npos ? b.size() : ej;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i, ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

std::vector<std::string> natural_order(std::vector<std::string> names) {
  std::sort(names.begin(), names.end(), natural_less);
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::vector<std::string> user_palette(const fs::path& dir) {
  std::set<std::string> users;
  auto column = [&](const char* file) {
    if (!fs::exists(dir / file)) return;
    const CsvTable t = read_csv((dir / file).string());
    const size_t user = t.column("user");
    for (const auto& row : t.rows) users.insert(row[user]);
  };
  if (fs::exists(dir / "summary.csv") && fs::exists(dir / "runs.csv")) {
    column("summary.csv");
    column("runs.csv");
  } else if (fs::exists(dir / "reps.csv")) {
    column("reps.csv");
  } else {
    const fs::path summary = dir / "summary.json";
    const nlohmann::json j =
        fs::exists(summary) ? nlohmann::json::parse(
                                  read_input_file(summary.string(), "summary.json"), nullptr, false)
                            : nlohmann::json();
    if (j.is_object() && j.contains("users") && j["users"].is_array()) {
      for (const auto& u : j["users"])
        if (u.is_object() && u.contains("name") && u["name"].is_string())
          users.insert(u["name"].get<std::string>());
    } else {
      column("tasks.csv");
      column("bids.csv");
    }
    // One cloud user: its tasks are coloured by their instance's type, not by user.
    if (users.size() == 1 && fs::exists(dir / "instances.csv")) return {};
  }
  return natural_order(std::vector<std::string>(users.begin(), users.end()));
}

void style_by_name(Chart& chart, std::vector<std::string> names) {
  for (const Series& s : chart.series) {
    const std::string& name = s.key.empty() ? s.label : s.key;
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw std::logic_error("figure '" + chart.title + "': series '" + name +
                             "' is not among the names that fix its styles");
  }
  chart.styles = std::move(names);
}

double read_csv_number(const std::string& path, size_t row, const std::string& text) {
  try {
    return parse_number(text);
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(path + ": data row " + std::to_string(row + 1) + ": " + e.what());
  }
}

}  // namespace botsim::view
