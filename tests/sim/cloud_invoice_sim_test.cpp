// invoice.csv (docs/cloud.md, "The invoice") under a type's billing rule: StaticProvisioning
// users whose instances stop at times worked out by hand (each is stopped once idle with no
// task left). Each instance has one row; its amount is its instances.csv cost, and a user's
// rows, as written (rounded to a millionth), add up to its spent to the cent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "cloud/records.hpp"
#include "support/sim_support.hpp"

using namespace botsim;
namespace t = botsim::test;

namespace {

// Type "vm": hosts vm-0, vm-1 and vm-2, 1 Gf, 1 core, $0.36 per 1 h unit, no boot, with the
// billing props `billing` and vm-0's state profile `vm0` (none if empty).
std::string invoice_platform(const std::string& dir, const std::string& billing,
                             const std::string& vm0 = "") {
  if (!vm0.empty()) t::write_file(dir, "vm0.txt", vm0);
  return t::write_file(dir, "cloud.xml",
                       t::three_vm_cloud_xml("0.36", billing, vm0.empty() ? "" : "vm0.txt"));
}

const std::string kPerSecond =
    R"(<prop id="billing" value="per_second"/><prop id="billing_minimum" value="60s"/>)";

// A StaticProvisioning actor: user `name`, `instances` instances of "vm", the bag `times`.
std::string renter(const std::string& dir, const std::string& name, int instances,
                   const std::vector<int>& times) {
  std::string workload;
  for (int s : times) workload += std::to_string(s) + "\n";
  t::write_file(dir, name + ".txt", workload);
  return R"(<actor host="client" function="StaticProvisioning">
      <prop id="name" value=")" +
         name + R"("/><prop id="instance_type" value="vm"/>
      <prop id="instances" value=")" +
         std::to_string(instances) + R"("/><prop id="workload" value=")" + name +
         R"(.txt"/></actor>)";
}

std::string invoice_deployment(const std::string& dir, const std::string& users) {
  return t::write_file(
      dir, "deployment.xml",
      t::platform_xml(R"(<actor host="provider" function="CloudProvider"/>)" + users));
}

// What the invoice must agree with: each instance's rows add up to its cost, and each user's
// rows as written to its spent, to the cent.
void expect_invoice_agrees(const Results& r) {
  std::map<std::string, double> by_instance, by_user;
  for (const auto& row : r.records<cloud::InvoiceRecord>()) {
    by_instance[row.instance] += row.amount;
    by_user[row.user] += std::stod(csv_number(row.amount));
  }
  for (const auto& i : r.records<cloud::InstanceRecord>())
    EXPECT_DOUBLE_EQ(by_instance[i.instance], i.cost) << i.instance;
  for (const auto& u : r.users()) EXPECT_LT(std::abs(by_user[u.name] - u.spent), 0.005) << u.name;
}

std::vector<std::string> invoice_rows(const Results& r) {
  std::vector<std::string> out;
  for (const auto& row : r.records<cloud::InvoiceRecord>()) out.push_back(row.csv_row());
  return out;
}

}  // namespace

// Per second with a 60 s minimum at $0.36 an hour ($0.0001 a second). Tasks of 61, 3600 and
// 10 s on three instances: U0-i0001 stops at 61 s, 1 s after the minimum: 61 s, 61/3600 of a
// unit, $0.0061; U0-i0002 at 3600 s, a unit boundary: 1 unit, $0.36; U0-i0003 at 10 s, within
// the minimum: 60 s, $0.006. Spent $0.3721; 3 units begun.
TEST(CloudInvoice, PerSecondAfterAMinute) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(invoice_platform(dir, kPerSecond),
                            invoice_deployment(dir, renter(dir, "U0", 3, {61, 3600, 10})));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 3);
  EXPECT_NEAR(u.spent, 0.3721, 1e-12);
  EXPECT_EQ(u.charged_units, 3);
  EXPECT_EQ(invoice_rows(r), (std::vector<std::string>{
                                 "U0,U0-i0001,vm,on_demand,0,61,0.016944,0.36,0.0061",
                                 "U0,U0-i0002,vm,on_demand,0,3600,1,0.36,0.36",
                                 "U0,U0-i0003,vm,on_demand,0,60,0.016667,0.36,0.006",
                             }));
  std::map<std::string, std::string> inst;
  for (const auto& i : r.records<cloud::InstanceRecord>()) inst[i.instance] = i.csv_row();
  EXPECT_EQ(inst["U0-i0001"], "U0,U0-i0001,vm,0,61,1,0.0061");
  EXPECT_EQ(inst["U0-i0002"], "U0,U0-i0002,vm,0,3600,1,0.36");
  EXPECT_EQ(inst["U0-i0003"], "U0,U0-i0003,vm,0,10,1,0.006");
  expect_invoice_agrees(r);
}

// The default rule (every started hour whole, no minimum): tasks of 3600 and 3601 s. The stop
// exactly at the hour's end pays 1 unit, paid until 3600; the stop 1 s later 2, until 7200.
TEST(CloudInvoice, DefaultRuleAtAndPastAUnitBoundary) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(invoice_platform(dir, ""),
                            invoice_deployment(dir, renter(dir, "U0", 2, {3600, 3601})));
  EXPECT_DOUBLE_EQ(r.users().at(0).spent, 0.36 * 3);
  EXPECT_EQ(r.users().at(0).charged_units, 3);
  EXPECT_EQ(invoice_rows(r), (std::vector<std::string>{
                                 "U0,U0-i0001,vm,on_demand,0,3600,1,0.36,0.36",
                                 "U0,U0-i0002,vm,on_demand,0,7200,2,0.36,0.72",
                             }));
  expect_invoice_agrees(r);
}

// Three hosts, U0 rents two and U1 two at 0 s: the fourth request to reach the provider, U1's
// second, is refused, and has no row in instances.csv nor in invoice.csv. U0's instances run a
// 100 s task each ($0.01 each); U1-i0001 runs both of U1's (0-100, 100-200 s): $0.02.
TEST(CloudInvoice, ARefusedInstanceIsNotInvoiced) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(
      invoice_platform(dir, kPerSecond),
      invoice_deployment(dir, renter(dir, "U0", 2, {100, 100}) + renter(dir, "U1", 2, {100, 100})));
  ASSERT_EQ(r.users().size(), 2u);
  EXPECT_EQ(r.users()[1].instances, 1);
  EXPECT_NEAR(r.users()[0].spent, 0.02, 1e-12);
  EXPECT_NEAR(r.users()[1].spent, 0.02, 1e-12);
  // Rows come in the order the provider received the requests; the users' interleave.
  auto rows = invoice_rows(r);
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "U0,U0-i0001,vm,on_demand,0,100,0.027778,0.36,0.01",
                      "U0,U0-i0002,vm,on_demand,0,100,0.027778,0.36,0.01",
                      "U1,U1-i0001,vm,on_demand,0,200,0.055556,0.36,0.02",
                  }));
  EXPECT_EQ(r.records<cloud::InstanceRecord>().size(), 3u);
  expect_invoice_agrees(r);
}

// vm-0 fails at 450 s (a state profile). U0's one instance runs task 0 (0-300 s) and loses
// task 1 (from 300 s) with it: charged up to the failure, 450 s per second, 0.125 unit, $0.045;
// the 150 s of lost work cost $0.015. No instance is left: the user stops, resources failed.
TEST(CloudInvoice, AnInstanceLostToAFaultIsChargedUpToTheFailure) {
  std::string dir = t::temp_dir();
  const Results& r = t::run(invoice_platform(dir, kPerSecond, "450 0\n"),
                            invoice_deployment(dir, renter(dir, "U0", 1, {300, 300})));
  const UserRecord& u = r.users().at(0);
  EXPECT_EQ(u.tasks_done, 1);
  EXPECT_EQ(u.status(), "resources_failed");
  EXPECT_NEAR(u.spent, 0.045, 1e-12);
  ASSERT_TRUE(u.spent_on_lost_work);
  EXPECT_NEAR(*u.spent_on_lost_work, 0.015, 1e-12);
  EXPECT_EQ(invoice_rows(r),
            (std::vector<std::string>{"U0,U0-i0001,vm,on_demand,0,450,0.125,0.36,0.045"}));
  expect_invoice_agrees(r);
}
