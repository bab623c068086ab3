#pragma once
// Reading and writing the small CSV tables botsim writes. Reading understands quoted fields (RFC
// 4180); writing quotes a field holding a comma or a quote when asked (sweep tables, whose
// fields are the user's prop values).
#include <string>
#include <vector>

namespace botsim {

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  /// Index of a column; throws std::runtime_error when absent.
  size_t column(const std::string& name) const;
};

/// Throws std::runtime_error naming the file on a missing file or a row of the wrong width.
CsvTable read_csv(const std::string& path);
void write_csv(const std::string& path, const CsvTable& table, bool quote_fields = false);

}  // namespace botsim
