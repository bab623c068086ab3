#include "core/csv.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "core/error.hpp"

namespace botsim {

size_t CsvTable::column(const std::string& name) const {
  for (size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return i;
  throw std::runtime_error("CSV has no column " + quote_text(name));
}

// Fields are separated by commas; a field holding a comma or a quote is quoted, "" being a
// quote inside it (RFC 4180, without line breaks in fields).
static std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      out.back() += '"';
      ++i;
    } else if (c == '"' && (quoted || out.back().empty())) {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

static std::string quote_field(const std::string& field) {
  if (field.find_first_of(",\"") == std::string::npos) return field;
  std::string q = "\"";
  for (char c : field) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

CsvTable read_csv(const std::string& path, CsvEnd end) {
  // A FIFO would block for ever (`botsim plot` reads a directory the user names).
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    throw std::runtime_error("cannot open " + path + ": not a regular file");
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  // botsim ends every line of its files: a last line without its end is a file cut short (its
  // last number may still parse, e.g. "43383."). Said before anything else of that line.
  if (end == CsvEnd::Whole) {
    std::ifstream bytes(path, std::ios::binary | std::ios::ate);
    char c = '\n';
    if (bytes.tellg() > 0 && bytes.seekg(-1, std::ios::end) && bytes.get(c) && c != '\n') {
      bytes.seekg(0);
      const long lines = 1 + std::count(std::istreambuf_iterator<char>(bytes),
                                        std::istreambuf_iterator<char>(), '\n');
      throw std::runtime_error(path + ":" + std::to_string(lines) +
                               ": the last line does not end: the file is cut short");
    }
  }
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

void write_csv(const std::string& path, const CsvTable& table, bool quote_fields) {
  std::ofstream out(path, std::ios::binary);
  auto put_row = [&](const std::vector<std::string>& row) {
    for (size_t i = 0; i < row.size(); ++i)
      out << (i ? "," : "") << (quote_fields ? quote_field(row[i]) : row[i]);
    out << "\n";
  };
  put_row(table.header);
  for (const auto& r : table.rows) put_row(r);
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace botsim
