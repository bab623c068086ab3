#include "core/csv.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace botsim {

size_t CsvTable::column(const std::string& name) const {
  for (size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  throw std::runtime_error("CSV has no column '" + name + "'");
}

static std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) out.push_back(field);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

CsvTable read_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  CsvTable t;
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error(path + ": empty CSV file");
  t.header = split_fields(line);
  for (int lineno = 2; std::getline(in, line); ++lineno) {
    if (line.empty()) continue;
    auto fields = split_fields(line);
    if (fields.size() != t.header.size())
      throw std::runtime_error(path + ":" + std::to_string(lineno) + ": expected " +
                               std::to_string(t.header.size()) + " fields, found " +
                               std::to_string(fields.size()));
    t.rows.push_back(std::move(fields));
  }
  return t;
}

void write_csv(const std::string& path, const CsvTable& table) {
  std::ofstream out(path, std::ios::binary);
  auto put_row = [&](const std::vector<std::string>& row) {
    for (size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << row[i];
    out << "\n";
  };
  put_row(table.header);
  for (const auto& r : table.rows) put_row(r);
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace botsim
