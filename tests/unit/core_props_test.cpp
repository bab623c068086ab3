// Typed, validated reading of <prop>s (core/props.hpp): every error names file, element, property.
#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"
#include "core/props.hpp"

using namespace botsim;

namespace {

const std::string kWhere = "deploy.xml: actor #2 'Broker' on host 'U0': ";

PropReader reader(PropReader::Map props) {
  return PropReader(std::move(props), "deploy.xml", "actor #2 'Broker' on host 'U0'");
}

// The InputError message `f` throws ("" if it throws none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(InputError, JoinsFileElementProblem) {
  EXPECT_STREQ(InputError("a.xml", "host 'R0'", "no speed").what(), "a.xml: host 'R0': no speed");
  EXPECT_STREQ(InputError("", "--out", "bad").what(), "--out: bad");
  EXPECT_STREQ(InputError("a.xml", "", "bad").what(), "a.xml: bad");
  EXPECT_STREQ(InputError("just a message").what(), "just a message");
}

TEST(Props, NamesFileAndElement) {
  auto p = reader({});
  EXPECT_EQ(p.file(), "deploy.xml");
  EXPECT_EQ(p.element(), "actor #2 'Broker' on host 'U0'");
}

TEST(Props, RequiredText) {
  auto p = reader({{"policy", "global"}});
  EXPECT_TRUE(p.has("policy"));
  EXPECT_FALSE(p.has("vo"));
  EXPECT_EQ(p.text("policy"), "global");
  EXPECT_EQ(p.text("vo", "A"), "A");
  EXPECT_EQ(error_of([&] { p.text("vo"); }), kWhere + "property 'vo': is required but missing");
}

TEST(Props, NumberWithRanges) {
  auto p = reader({{"fund", "100"}, {"bid", "-5"}, {"rate", "700"}, {"pct", "1.5"}, {"x", "abc"}});
  EXPECT_DOUBLE_EQ(p.number("fund", std::nullopt, 0), 100);
  EXPECT_DOUBLE_EQ(p.number("missing", 7.5), 7.5);
  EXPECT_EQ(error_of([&] { p.number("bid", std::nullopt, 0); }),
            kWhere + "property 'bid': '-5' must be >= 0");
  EXPECT_EQ(error_of([&] { p.number("rate", std::nullopt, -INFINITY, 500); }),
            kWhere + "property 'rate': '700' must be <= 500");
  EXPECT_EQ(error_of([&] { p.number("pct", std::nullopt, 0, 1); }),
            kWhere + "property 'pct': '1.5' must be in [0, 1]");
  EXPECT_EQ(error_of([&] { p.number("x"); }), kWhere + "property 'x': 'abc' is not a number");
  EXPECT_EQ(error_of([&] { p.number("missing"); }),
            kWhere + "property 'missing': is required but missing");
}

TEST(Props, Duration) {
  auto p = reader({{"deadline", "10h"}, {"period", "10 min"}, {"neg", "-1h"}, {"bad", "5 days"}});
  EXPECT_DOUBLE_EQ(p.duration("deadline"), 36000);
  EXPECT_DOUBLE_EQ(p.duration("period"), 600);
  EXPECT_DOUBLE_EQ(p.duration("start", 60.0), 60);
  EXPECT_EQ(error_of([&] { p.duration("neg"); }), kWhere + "property 'neg': '-1h' must be >= 0 s");
  EXPECT_EQ(error_of([&] { p.duration("bad"); }),
            kWhere + "property 'bad': '5 days' is not a duration (a number with s, min or h)");
}

// Money is capped (kMaxMoney): a budget of 1e308 overflowed BaTS's counts of tasks.
TEST(Props, MoneyIsCapped) {
  auto p = reader({{"budget", "1e9"}, {"fund", "1e308"}, {"bid", "inf"}, {"price", "-1"}});
  EXPECT_EQ(p.money("budget"), 1e9);
  EXPECT_EQ(p.money("allowance", 0.0), 0);
  EXPECT_EQ(error_of([&] { p.money("fund"); }),
            kWhere + "property 'fund': '1e308' must be in [0, 1000000000]");
  EXPECT_EQ(error_of([&] { p.money("bid"); }), kWhere + "property 'bid': 'inf' is out of range");
  EXPECT_EQ(error_of([&] { p.money("price", std::nullopt, 1e-9); }),
            kWhere + "property 'price': '-1' must be positive and at most 1000000000");
}

TEST(Props, DurationBeyondTheHorizon) {
  auto p = reader({{"start", "1e300"}, {"period", "876601h"}});
  EXPECT_EQ(error_of([&] { p.duration("start", 0.0, 0.0, 1e308); }),
            kWhere +
                "property 'start': '1e300' is beyond the horizon of a simulated century "
                "(3155760000 s)");
  EXPECT_EQ(error_of([&] { p.duration("period", std::nullopt, -1e300); }),
            kWhere +
                "property 'period': '876601h' is beyond the horizon of a simulated century "
                "(3155760000 s)");
}

TEST(Props, Integer) {
  auto p = reader({{"tasks", "50"}, {"half", "2.5"}, {"zero", "0"}, {"big", "11"}});
  EXPECT_EQ(p.integer("tasks", std::nullopt, 1), 50);
  EXPECT_EQ(p.integer("missing", 3LL), 3);
  EXPECT_EQ(error_of([&] { p.integer("half"); }),
            kWhere + "property 'half': '2.5' is not a whole number");
  EXPECT_EQ(error_of([&] { p.integer("zero", std::nullopt, 1); }),
            kWhere + "property 'zero': '0' must be >= 1");
  EXPECT_EQ(error_of([&] { p.integer("big", std::nullopt, 1, 10); }),
            kWhere + "property 'big': '11' must be in [1, 10]");
}

TEST(Props, ChoiceListsAllowedValues) {
  auto p = reader({{"policy", "fast"}, {"ok", "local"}});
  const std::vector<std::string> allowed{"no-opt", "global", "local"};
  EXPECT_EQ(p.choice("ok", allowed), "local");
  EXPECT_EQ(p.choice("missing", allowed, std::string("no-opt")), "no-opt");
  EXPECT_EQ(
      error_of([&] { p.choice("policy", allowed); }),
      kWhere + "property 'policy': unknown value 'fast' (expected one of: no-opt, global, local)");
  EXPECT_EQ(error_of([&] { p.choice("missing", allowed); }),
            kWhere + "property 'missing': is required but missing");
  // A misspelt value is named with the one it most likely is.
  auto q = reader({{"policy", "gobal"}});
  EXPECT_EQ(error_of([&] { q.choice("policy", allowed); }),
            kWhere +
                "property 'policy': unknown value 'gobal': did you mean 'global'? (expected one "
                "of: no-opt, global, local)");
}

TEST(Props, List) {
  auto p = reader({{"vo", "A,B C"}, {"one", "A"}});
  EXPECT_EQ(p.list("vo"), (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(p.list("one"), (std::vector<std::string>{"A"}));
  EXPECT_TRUE(p.list("missing").empty());
  EXPECT_EQ(split_words(" a, b  c,,d "), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_TRUE(split_words("  ,  ").empty());
}

TEST(Props, UnknownPropertyIsRejected) {
  auto p = reader({{"fund", "100"}, {"colour", "red"}});
  p.number("fund");
  p.has("deadline");
  EXPECT_EQ(error_of([&] { p.reject_unknown(); }),
            kWhere + "property 'colour': unknown property (misspelt?)");
}

TEST(Props, MisspeltPropertyGetsTheNearestName) {
  // "fnud" is 2 edits from "fund" (a swap), "dedline" 1 from "deadline", which was asked for
  // though absent: every name a read asked for is a valid name.
  auto p = reader({{"fund", "1"}, {"fnud", "1"}});
  p.number("fund");
  EXPECT_EQ(error_of([&] { p.reject_unknown(); }),
            kWhere + "property 'fnud': unknown property: did you mean 'fund'?");
  auto q = reader({{"dedline", "1h"}});
  q.has("deadline");
  q.has("budget");
  EXPECT_EQ(error_of([&] { q.reject_unknown(); }),
            kWhere + "property 'dedline': unknown property: did you mean 'deadline'?");
}

TEST(Props, MisspeltRequiredPropertyIsNamedWhenMissing) {
  auto p = reader({{"dedline", "1h"}});
  EXPECT_EQ(error_of([&] { p.duration("deadline"); }),
            kWhere +
                "property 'dedline': unknown property: did you mean 'deadline'? ('deadline' is "
                "required)");
  auto q = reader({{"colour", "red"}});
  EXPECT_EQ(error_of([&] { q.text("deadline"); }),
            kWhere + "property 'deadline': is required but missing");
}

TEST(Props, EditDistanceAndNearestName) {
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("fund", "fnud"), 2u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(nearest_name("perod", {"period", "vo"}), std::optional<std::string>("period"));
  // Up to max(2, length/3) edits: "tasks" vs "task_time" is 4 edits, too far.
  EXPECT_EQ(nearest_name("tasks", {"task_time"}), std::nullopt);
  EXPECT_EQ(nearest_name("bid_intervall", {"bid_interval", "bid"}),
            std::optional<std::string>("bid_interval"));
}

TEST(Props, EveryReadCountsAsKnown) {
  auto p = reader({{"a", "x"}, {"b", "1"}, {"c", "2"}, {"d", "A"}, {"e", "1h"}, {"f", "local"}});
  p.text("a");
  p.number("b");
  p.integer("c");
  p.list("d");
  p.duration("e");
  EXPECT_FALSE(error_of([&] { p.reject_unknown(); }).empty());  // f not read yet
  EXPECT_TRUE(p.has("f"));  // asking whether it is there counts as knowing it
  EXPECT_EQ(error_of([&] { p.reject_unknown(); }), "");
}

TEST(Props, FailNamesTheProperty) {
  auto p = reader({});
  EXPECT_EQ(error_of([&] { p.fail("min_bid", "must not exceed max_bid"); }),
            kWhere + "property 'min_bid': must not exceed max_bid");
}
