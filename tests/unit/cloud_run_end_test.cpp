// What must hold where a run with a cloud ends (cloud/run_end.hpp): each renter's `spent` is
// what its instances were billed. Each check fails on a state where it does not hold.
#include "cloud/run_end.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using namespace botsim;
using botsim::cloud::check_bills;
using botsim::cloud::InstanceRecord;

namespace {

InstanceRecord instance(const std::string& user, const std::string& name, double cost) {
  InstanceRecord r;
  r.user = user;
  r.instance = name;
  r.type = "small";
  r.cost = cost;
  return r;
}

UserRecord user(const std::string& name, double spent) {
  UserRecord u;
  u.name = name;
  u.spent = spent;
  return u;
}

std::string message_of(const std::vector<InstanceRecord>& instances,
                       const std::vector<UserRecord>& users) {
  try {
    check_bills(instances, users);
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(CloudRunEnd, SpentIsTheSumOfTheInstancesCosts) {
  // Two users, $0.10 an ATU: U0 three instances of 1, 2 and 4 ATUs, U1 none (a grid user, say).
  const std::vector<InstanceRecord> bills{instance("U0", "i0", 0.1), instance("U0", "i1", 0.2),
                                          instance("U0", "i2", 0.4)};
  EXPECT_EQ(message_of(bills, {user("U0", 0.7), user("U1", 12)}), "");
  // Added in another order: a rounding error apart, still the same bill.
  EXPECT_EQ(message_of(bills, {user("U0", 0.4 + 0.2 + 0.1)}), "");
}

TEST(CloudRunEnd, ASpentThatIsNotTheBillIsABug) {
  const std::vector<InstanceRecord> bills{instance("U0", "i0", 0.1), instance("U0", "i1", 0.2)};
  EXPECT_EQ(message_of(bills, {user("U0", 0.2)}),
            "run end: user U0 spent $0.2, but its instances were billed $0.3 "
            "(instances.csv)");
  // U1's record says nothing of U0's bill.
  EXPECT_EQ(message_of(bills, {user("U1", 0.3), user("U0", 0.3000001)}),
            "run end: user U0 spent $0.3000001, but its instances were billed $0.3 "
            "(instances.csv)");
}
