// Bag identification (traces/bags.hpp) on a dozen hand-written jobs, worked out by hand:
// a user's job within Δ (inclusive) of that user's previous submission joins its bag.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "traces/bags.hpp"

using namespace botsim::traces;

namespace {

TraceJob bag_job(long long id, const std::string& user, double submit, double run = 10) {
  TraceJob j;
  j.id = id;
  j.user = user;
  j.submit_s = submit;
  j.run_s = run;
  j.line = id;
  return j;
}

// Thirteen jobs, one out of submission order, one of unknown run time, one of unknown user.
std::vector<TraceJob> hand_jobs() {
  return {
      bag_job(1, "u1", 0),       bag_job(2, "u2", 10),
      bag_job(3, "u1", 100),     bag_job(4, "u1", 220),  // 120 after job 3: exactly Δ, joins
      bag_job(5, "u2", 200),                             // 190 after job 2: a new bag
      bag_job(6, "u1", 341),                             // 121 after job 4: a new bag
      bag_job(7, "u3", 350, -1),                         // unknown run time: left out
      bag_job(8, "u2", 300),     bag_job(9, "u1", 400),
      bag_job(10, "u2", 1000),   bag_job(11, "-1", 1010),  // unknown user: left out
      bag_job(12, "u1", 380),  // listed late, submitted between jobs 6 and 9
      bag_job(13, "u3", 500),
  };
}

// "user#index:id,id,..." for each bag, in order.
std::vector<std::string> describe(const std::vector<Bag>& bags, const std::vector<TraceJob>& jobs) {
  std::vector<std::string> out;
  for (const auto& b : bags) {
    std::string s = b.user + "#" + std::to_string(b.index) + ":";
    for (size_t k = 0; k < b.jobs.size(); ++k)
      s += (k ? "," : "") + std::to_string(jobs[b.jobs[k]].id);
    out.push_back(s);
  }
  return out;
}

}  // namespace

TEST(TraceBags, IosupRuleByHand) {
  auto jobs = hand_jobs();
  long long left_out = 0;
  auto bags = identify_bags(jobs, BagOptions{}, &left_out);
  EXPECT_EQ(describe(bags, jobs), (std::vector<std::string>{"u1#1:1,3,4", "u2#1:2", "u2#2:5,8",
                                                            "u1#2:6,12,9", "u3#1:13", "u2#3:10"}));
  EXPECT_EQ(left_out, 2);
  EXPECT_EQ(bags[0].submit_s, 0);
  EXPECT_EQ(bags[3].submit_s, 341);
}

TEST(TraceBags, MinTasksKeepsTheNumbers) {
  auto jobs = hand_jobs();
  BagOptions o;
  o.min_tasks = 2;
  EXPECT_EQ(describe(identify_bags(jobs, o), jobs),
            (std::vector<std::string>{"u1#1:1,3,4", "u2#2:5,8", "u1#2:6,12,9"}));
}

TEST(TraceBags, WindowAndUsers) {
  auto jobs = hand_jobs();
  BagOptions w;
  parse_window("150..600", w);
  EXPECT_EQ(*w.from_s, 150);
  EXPECT_EQ(*w.to_s, 600);
  // u1 from 220: 220, then 341 (121 later), 380, 400; u2: 200, 300; u3: 500.
  EXPECT_EQ(describe(identify_bags(jobs, w), jobs),
            (std::vector<std::string>{"u2#1:5,8", "u1#1:4", "u1#2:6,12,9", "u3#1:13"}));
  BagOptions u;
  u.users = {"u2"};
  EXPECT_EQ(describe(identify_bags(jobs, u), jobs),
            (std::vector<std::string>{"u2#1:2", "u2#2:5,8", "u2#3:10"}));
  BagOptions open_end;
  parse_window("..10min", open_end);
  EXPECT_FALSE(open_end.from_s);
  EXPECT_EQ(*open_end.to_s, 600);
  EXPECT_THROW(parse_window("600..150", open_end), std::invalid_argument);
  EXPECT_THROW(parse_window("600", open_end), std::invalid_argument);
}

TEST(TraceBags, DeltaDecides) {
  auto jobs = hand_jobs();
  BagOptions none;
  none.delta_s = 0;  // every job its own bag
  none.users = {"u1"};
  EXPECT_EQ(identify_bags(jobs, none).size(), 6u);
  BagOptions wide;
  wide.delta_s = 1000;  // u1's six jobs, u2's four in one bag each
  auto bags = identify_bags(jobs, wide);
  EXPECT_EQ(describe(bags, jobs),
            (std::vector<std::string>{"u1#1:1,3,4,6,12,9", "u2#1:2,5,8,10", "u3#1:13"}));
}

TEST(TraceBags, WorkOfAJob) {
  TraceJob j = bag_job(1, "u", 0, 10);
  j.procs = 4;
  EXPECT_EQ(job_work_s(j), 40);  // run time x processors
  j.procs = -1;
  j.req_procs = 2;
  j.run_s = 0;
  EXPECT_EQ(job_work_s(j), 1);  // 0 s counts as 0.5 s; requested processors stand in
  j.req_procs = -1;
  j.run_s = 5;
  EXPECT_EQ(job_work_s(j), 5);
}
