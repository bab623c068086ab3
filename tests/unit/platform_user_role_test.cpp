// The user role every model's user actor shares: naming, the bag of tasks, streams, records.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/error.hpp"
#include "core/workload.hpp"
#include "platform/user_role.hpp"

using namespace botsim;

namespace {

PropReader props(PropReader::Map m) { return PropReader(std::move(m), "d.xml", "actor #1"); }

}  // namespace

TEST(UserSpec, NameDefaultsToTheHostAndTasksComeFromTheRunsStream) {
  botsim::Run run("p.xml", "d.xml", 7);
  ActorSite site{"SilvaCoordinator", "client", run};
  auto u = UserSpec::read(props({{"tasks", "3"}, {"task_time", "uniform(10,20)"}}), site,
                          "task_time", "workload:");
  EXPECT_EQ(u.name, "client");
  ASSERT_EQ(u.tasks.size(), 3u);
  // The same draws as the run's stream "workload:client" gives.
  Rng rng = run.rng("workload:client");
  auto d = Distribution::parse("uniform(10,20)");
  for (double t : u.tasks) EXPECT_EQ(t, d.sample(rng));
}

TEST(UserSpec, OlderSpellingIsReadButNotTogetherWithName) {
  botsim::Run run("p.xml", "d.xml", 1);
  ActorSite site{"SilvaCoordinator", "client", run};
  auto u = UserSpec::read(props({{"user", "U7"}, {"tasks", "1"}, {"task_time", "5"}}), site,
                          "task_time", "workload:", "user");
  EXPECT_EQ(u.name, "U7");
  EXPECT_THROW(
      UserSpec::read(props({{"user", "U7"}, {"name", "U8"}, {"tasks", "1"}, {"task_time", "5"}}),
                     site, "task_time", "workload:", "user"),
      InputError);
  // Without the older spelling declared, `user` is not a name (reject_unknown catches it).
  auto p = props({{"user", "U7"}, {"tasks", "1"}, {"task_time", "5"}});
  EXPECT_EQ(UserSpec::read(p, site, "task_time", "workload:").name, "client");
  EXPECT_THROW(p.reject_unknown(), InputError);
}

TEST(UserRole, OneRecordPerUserWithItsName) {
  botsim::Run run("p.xml", "d.xml", 1);
  UserRole user(run, "U0");
  EXPECT_THROW(user.record(), std::logic_error);
  UserRecord r;
  r.model = "silva";
  r.name = "someone else";
  user.open(r);
  EXPECT_EQ(user.record().name, "U0");  // the role's name wins
  EXPECT_EQ(run.results().users().size(), 1u);
  EXPECT_THROW(user.open(r), std::logic_error);
  user.record().tasks_done = 3;
  EXPECT_EQ(run.results().users()[0].tasks_done, 3);
}

TEST(UserRole, StreamsAndMessagesAreThisUsers) {
  botsim::Run run("p.xml", "d.xml", 5);
  UserRole a(run, "A"), b(run, "B");
  Rng ra = a.rng("order:"), expected = make_rng(5, "order:A"), rb = b.rng("order:");
  auto first = ra();
  EXPECT_EQ(first, expected());
  EXPECT_NE(first, rb());
  run.messages().count("A", 4);
  run.messages().count("B");
  EXPECT_EQ(a.messages(), 4);
  EXPECT_EQ(b.messages(), 1);
}
