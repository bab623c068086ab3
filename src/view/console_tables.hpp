#pragma once
// The summary tables an experiment prints on the terminal, built from the CSV files it writes:
// the experiment prints them as text when it has written its files, its report page shows them
// as HTML tables, so that both say the same numbers. Rounded, each column's unit in its header
// (docs/units.md). One builder per experiment, by name.
#include <filesystem>
#include <string>
#include <vector>

#include "core/csv.hpp"

namespace botsim::view {

struct TableColumn {
  std::string name;
  std::string unit;   // "" for words and counts
  std::string group;  // columns side by side with the same group share a header above them
};

struct ConsoleTable {
  std::string title;  // what it shows and the CSV files it comes from
  std::vector<TableColumn> columns;
  std::vector<std::vector<std::string>> rows;  // as shown: rounded, units in the headers
};

/// `value` (a CSV cell) rounded to `decimals` places; "-" when it is empty or not a finite
/// number (a user that never finished).
std::string fixed(const std::string& value, int decimals);
/// A fraction (0.75) as a percentage rounded to `decimals` places ("75"), "-" as fixed.
std::string percent(const std::string& fraction, int decimals);

/// A column's header: its name and, when it has one, its unit in parentheses ("cost (G$)").
std::string column_header(const TableColumn& c);
/// `t` as an HTML table (escaped), a row of group headers above the columns' when some have one.
std::string console_table_html(const ConsoleTable& t);

/// `t` as the terminal shows it: its title, a line of group names above the columns' when some
/// have one, then the columns side by side, numbers right-aligned.
std::string console_table_text(const ConsoleTable& t);
/// Every table of `tables` as text, a blank line between two.
std::string console_tables_text(const std::vector<ConsoleTable>& tables);

/// Every experiment with console tables, in `botsim experiment --list` order.
const std::vector<std::string>& console_table_experiments();
/// The tables experiment `name` prints, from its CSV files in `dir`; none when it prints none
/// but its findings, or its files are not there. Throws std::runtime_error on a file that
/// lacks a column the table needs.
std::vector<ConsoleTable> console_tables(const std::string& name, const std::filesystem::path& dir);

}  // namespace botsim::view
