// The small CSV tables botsim writes and its experiments read back (core/csv.hpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "core/csv.hpp"
#include "support/temp_dir_test.hpp"

using namespace botsim;
namespace fs = std::filesystem;

namespace {

class CsvTest : public test::TempDirTest {
 protected:
  CsvTest() : TempDirTest("botsim-csv-") {}
  std::string error_of(const std::string& path) {
    try {
      read_csv(path);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "";
  }
};

}  // namespace

TEST_F(CsvTest, ReadsHeaderAndRows) {
  auto t = read_csv(write("a.csv", "time_s,user,bid\n0,U0,20\n60,U1,40.5\n"));
  EXPECT_EQ(t.header, (std::vector<std::string>{"time_s", "user", "bid"}));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"60", "U1", "40.5"}));
  EXPECT_EQ(t.column("user"), 1u);
  EXPECT_EQ(t.column("bid"), 2u);
}

TEST_F(CsvTest, MissingColumnThrows) {
  auto t = read_csv(write("a.csv", "x,y\n1,2\n"));
  try {
    t.column("z");
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "CSV has no column 'z'");
  }
}

TEST_F(CsvTest, EmptyTrailingFieldAndBlankLines) {
  auto t = read_csv(write("a.csv", "a,b,c\n1,,\n\n4,5,6\n"));
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"1", "", ""}));
  EXPECT_EQ(t.rows[1], (std::vector<std::string>{"4", "5", "6"}));
}

TEST_F(CsvTest, HeaderOnlyHasNoRows) {
  auto t = read_csv(write("a.csv", "a,b\n"));
  EXPECT_EQ(t.header.size(), 2u);
  EXPECT_TRUE(t.rows.empty());
}

TEST_F(CsvTest, WrongWidthNamesFileAndLine) {
  std::string path = write("bad.csv", "a,b\n1,2\n3,4,5\n");
  EXPECT_EQ(error_of(path), path + ":3: expected 2 fields, found 3");
}

// A file cut short inside a number ("43383." still parses): its last line has no end.
TEST_F(CsvTest, ALastLineWithoutItsEndIsAFileCutShort) {
  std::string path = write("cut.csv", "a,b\n1,2\n3,43383.");
  EXPECT_EQ(error_of(path), path + ":3: the last line does not end: the file is cut short");
  // A user's input file may leave its last line open.
  EXPECT_EQ(read_csv(path, CsvEnd::MayBeOpen).rows.size(), 2u);
  // Blank lines at the end are whole lines.
  EXPECT_EQ(read_csv(write("blank.csv", "a,b\n1,2\n\n")).rows.size(), 1u);
  std::string header_only = write("header.csv", "a,b");
  EXPECT_EQ(error_of(header_only),
            header_only + ":1: the last line does not end: the file is cut short");
}

TEST_F(CsvTest, MissingAndEmptyFiles) {
  std::string missing = (dir_ / "none.csv").string();
  EXPECT_EQ(error_of(missing), "cannot open " + missing);
  std::string empty = write("empty.csv", "");
  EXPECT_EQ(error_of(empty), empty + ": empty CSV file");
}

TEST_F(CsvTest, WriteThenReadRoundTrips) {
  CsvTable t;
  t.header = {"user", "cost"};
  t.rows = {{"U0", "1.5"}, {"U1", ""}};
  std::string path = (dir_ / "out.csv").string();
  write_csv(path, t);
  EXPECT_EQ(test::read_text(path), "user,cost\nU0,1.5\nU1,\n");
  auto back = read_csv(path);
  EXPECT_EQ(back.header, t.header);
  EXPECT_EQ(back.rows, t.rows);
}

TEST_F(CsvTest, WriteToMissingDirectoryThrows) {
  CsvTable t;
  t.header = {"a"};
  EXPECT_THROW(write_csv((dir_ / "no" / "such" / "x.csv").string(), t), std::runtime_error);
}

// The experiments' committed outputs (results/, written by `botsim experiment NAME` at its
// defaults) read back as CSV: no field holds an unquoted comma (findings.csv's sentences do).
TEST(CommittedResults, EveryCsvReadsBack) {
  size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(test::source_path("results"))) {
    if (e.path().extension() != ".csv") continue;
    ++files;
    EXPECT_NO_THROW(read_csv(e.path().string())) << e.path();
  }
  EXPECT_GE(files, 20u);
}
