// What must hold where a run with a cloud ends (cloud/run_end.hpp): each renter's `spent` is
// what its instances were billed and what its invoice rows add up to, and each instance's
// invoice rows its cost. Each check fails on a state where it does not hold.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "cloud/run_end.hpp"

using namespace botsim;
using botsim::cloud::check_bills;
using botsim::cloud::InstanceRecord;
using botsim::cloud::InvoiceRecord;

namespace {

InstanceRecord instance(const std::string& user, const std::string& name, double cost) {
  InstanceRecord r;
  r.user = user;
  r.instance = name;
  r.type = "small";
  r.cost = cost;
  return r;
}

InvoiceRecord row(const std::string& user, const std::string& name, double amount) {
  InvoiceRecord r;
  r.user = user;
  r.instance = name;
  r.type = "small";
  r.amount = amount;
  return r;
}

// The invoice of instances billed in one row each.
std::vector<InvoiceRecord> invoice_of(const std::vector<InstanceRecord>& instances) {
  std::vector<InvoiceRecord> rows;
  for (const auto& i : instances) rows.push_back(row(i.user, i.instance, i.cost));
  return rows;
}

UserRecord user(const std::string& name, double spent) {
  UserRecord u;
  u.name = name;
  u.spent = spent;
  return u;
}

std::string message_of(const std::vector<InstanceRecord>& instances,
                       const std::vector<InvoiceRecord>& invoice,
                       const std::vector<UserRecord>& users) {
  try {
    check_bills(instances, invoice, users);
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}
std::string message_of(const std::vector<InstanceRecord>& instances,
                       const std::vector<UserRecord>& users) {
  return message_of(instances, invoice_of(instances), users);
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

TEST(CloudRunEnd, AnInstancesInvoiceRowsAddUpToItsCost) {
  // i1 cost $0.30: two rows of $0.10 and $0.20 (a price change, say) are its bill.
  const std::vector<InstanceRecord> bills{instance("U0", "i0", 0.1), instance("U0", "i1", 0.3)};
  EXPECT_EQ(message_of(bills, {row("U0", "i0", 0.1), row("U0", "i1", 0.1), row("U0", "i1", 0.2)},
                       {user("U0", 0.4)}),
            "");
  // A row missing: i1's cost is not on the invoice.
  EXPECT_EQ(message_of(bills, {row("U0", "i0", 0.1), row("U0", "i1", 0.1)}, {user("U0", 0.4)}),
            "run end: instance i1 of user U0 cost $0.3 (instances.csv), but its invoice rows add "
            "up to $0.1 (invoice.csv)");
  // Rows of an instance instances.csv does not have (checked for a bare renter too).
  EXPECT_EQ(
      message_of(bills, {row("U0", "i0", 0.1), row("U0", "i1", 0.3), row("U0", "i9", 0.5)}, {}),
      "run end: user U0's invoice rows add up to $0.9 (invoice.csv), but its instances "
      "were billed $0.4 (instances.csv)");
}
