// The auction's records in a run's results (grid/records.hpp): its users' own fields of
// summary.json and its resources' entries, written and read back.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "grid/records.hpp"

using namespace botsim;
using namespace botsim::grid;

TEST(GridRecords, AResourceEntryIsWrittenAndReadBack) {
  const ResourceRecord r{"R1", {"A", "B"}, 12.75};
  EXPECT_EQ(r.to_json().dump(), R"({"name":"R1","vo":["A","B"],"earned":12.75})");
  const ResourceRecord zero{"R0", {}, 0};
  EXPECT_EQ(zero.to_json().dump(), R"({"name":"R0","vo":[],"earned":0.0})");
  const ResourceRecord back = ResourceRecord::from_json(
      nlohmann::ordered_json::parse(R"({"name":"R2","vo":["C"],"earned":3})"));
  EXPECT_EQ(back.name, "R2");
  EXPECT_EQ(back.vo, std::vector<std::string>{"C"});
  EXPECT_EQ(back.earned, 3.0);
  EXPECT_THROW(
      ResourceRecord::from_json(nlohmann::ordered_json::parse(R"({"name":"R2","vo":["C"]})")),
      nlohmann::json::exception);
}

TEST(GridRecords, AUsersMoneyIsReadFromItsOwnFields) {
  UserRecord u;
  u.extra = {{"fund", 100.0}, {"allowance", 25.5}, {"allowance_interval_s", 600}};
  EXPECT_EQ(fund_of(u), 100.0);
  EXPECT_EQ(allowance_of(u), 25.5);
  EXPECT_EQ(allowance_interval_s_of(u), 600.0);
  const UserRecord other;  // another model's user
  EXPECT_FALSE(fund_of(other));
  EXPECT_FALSE(allowance_of(other));
  EXPECT_FALSE(allowance_interval_s_of(other));
}
