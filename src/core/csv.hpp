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

/// How a CSV file must end: `Whole` (botsim's own files: every line ends with a newline, so a
/// last line without one is a file cut short), or `MayBeOpen` (a user's input file, whose
/// editor may leave the last line open).
enum class CsvEnd { Whole, MayBeOpen };

/// Throws std::runtime_error naming the file (and the line) on a missing file, a row of the
/// wrong width, or, with CsvEnd::Whole, a last line that does not end.
CsvTable read_csv(const std::string& path, CsvEnd end = CsvEnd::Whole);
void write_csv(const std::string& path, const CsvTable& table, bool quote_fields = false);

}  // namespace botsim
