// The one registry of policies (policy/registry.hpp): botsim's own are there by name, per
// decision point; a name is one word, and taken names are refused, whatever their case.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "policy/random.hpp"
#include "policy/registry.hpp"

using namespace botsim::policy;

namespace {
std::vector<std::string> names(DecisionPoint point) {
  std::vector<std::string> out;
  for (const auto* e : policies_of(point)) out.push_back(e->name);
  return out;
}
std::unique_ptr<ProvisioningPolicy> none(const Props&, const CloudSetup&) { return nullptr; }
}  // namespace

TEST(PolicyRegistry, HoldsThePapersPoliciesByDecisionPoint) {
  auto auction = names(DecisionPoint::Auction);
  ASSERT_GE(auction.size(), 3u);
  EXPECT_EQ(std::vector<std::string>(auction.begin(), auction.begin() + 3),
            (std::vector<std::string>{"no-opt", "global", "local"}));
  auto cloud = names(DecisionPoint::Provisioning);
  EXPECT_NE(std::find(cloud.begin(), cloud.end(), "silva"), cloud.end());
  EXPECT_NE(std::find(cloud.begin(), cloud.end(), "static"), cloud.end());
  const PolicyEntry* silva = find_policy(DecisionPoint::Provisioning, "silva");
  ASSERT_NE(silva, nullptr);
  EXPECT_TRUE(silva->built_in());
  EXPECT_TRUE(silva->provisioning);
  EXPECT_FALSE(silva->auction);
  EXPECT_FALSE(silva->description.empty());
  // Names are per decision point.
  EXPECT_EQ(find_policy(DecisionPoint::Auction, "silva"), nullptr);
  EXPECT_EQ(find_policy(DecisionPoint::Provisioning, "Silva"), nullptr);  // exact spelling
  EXPECT_EQ(describe(*silva), "botsim's policy 'silva' (cloud-provisioning)");
}

TEST(PolicyRegistry, RefusesANameABuiltInPolicyHasWhateverItsCase) {
  OriginRegistrar plugin("/tmp/mine.py");
  try {
    plugin.provisioning("STATIC", "mine", none);
    FAIL() << "registered";
  } catch (const RegistrationError& e) {
    EXPECT_STREQ(e.what(),
                 "policy 'STATIC' (cloud-provisioning): the name is taken by botsim's built-in "
                 "policy 'static'");
  }
  EXPECT_TRUE(plugin.added().empty());
}

TEST(PolicyRegistry, RefusesANameAnotherPlugInTookAndNamesThatPlugIn) {
  OriginRegistrar first("/tmp/a.so"), second("/tmp/b.py");
  first.provisioning("registry-test-clash", "first", none);
  EXPECT_EQ(first.added(), std::vector<std::string>{"registry-test-clash"});
  const PolicyEntry* e = find_policy(DecisionPoint::Provisioning, "registry-test-clash");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->origin, "/tmp/a.so");
  EXPECT_EQ(describe(*e), "policy 'registry-test-clash' (cloud-provisioning) of /tmp/a.so");
  try {
    second.provisioning("Registry-Test-Clash", "second", none);
    FAIL() << "registered";
  } catch (const RegistrationError& e) {
    EXPECT_STREQ(e.what(),
                 "policy 'Registry-Test-Clash' (cloud-provisioning): the name is taken by policy "
                 "'registry-test-clash' of /tmp/a.so");
  }
}

TEST(PolicyRegistry, ANameIsOneWord) {
  OriginRegistrar plugin("/tmp/mine.py");
  for (const char* bad : {"", "two words", "a,b", "f(x)", "tab\there"})
    EXPECT_THROW(plugin.provisioning(bad, "bad", none), RegistrationError) << bad;
  EXPECT_THROW(plugin.provisioning("no-factory", "bad", nullptr), RegistrationError);
  plugin.provisioning("ok-1_2.3", "fine", none);
  EXPECT_NE(find_policy(DecisionPoint::Provisioning, "ok-1_2.3"), nullptr);
}

TEST(PolicyRandom, PermutationIsTheOrderShuffleGives) {
  // The Python stream shuffles a list by permutation(n): the same order as std::shuffle.
  std::mt19937_64 a(7), b(7);
  Random ra(a), rb(b);
  std::vector<long> items{10, 11, 12, 13, 14, 15, 16};
  ra.shuffle(items);
  auto p = rb.permutation(items.size());
  for (size_t i = 0; i < items.size(); ++i) EXPECT_EQ(items[i], 10 + static_cast<long>(p[i]));
  // index(n) and integer(0, n - 1) draw alike.
  std::mt19937_64 c(3), d(3);
  Random rc(c), rd(d);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(static_cast<long long>(rc.index(9)), rd.integer(0, 8));
  EXPECT_THROW(rc.index(0), std::invalid_argument);
  EXPECT_THROW(rc.integer(2, 1), std::invalid_argument);
}
