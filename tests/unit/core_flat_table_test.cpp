// FlatTable (core/flat_table.hpp): keys to values, as a std::map would hold them.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/flat_table.hpp"

using namespace botsim;

TEST(NameTable, FindsWhatWasSetAndNothingElse) {
  NameTable<int> t;
  EXPECT_EQ(t.find("ra-0"), nullptr);  // empty
  t.set("ra-0", 7);
  t.set("ra-1", 8);
  t.set("ra-0", 9);  // set again: the value changes, the name is not added twice
  ASSERT_NE(t.find("ra-0"), nullptr);
  EXPECT_EQ(*t.find("ra-0"), 9);
  EXPECT_EQ(*t.find("ra-1"), 8);
  EXPECT_EQ(t.find("ra-2"), nullptr);
  EXPECT_EQ(t.find(""), nullptr);
  EXPECT_EQ(t.size(), 2u);
  *t.find("ra-1") = 3;  // a value may be changed in place
  EXPECT_EQ(*t.find("ra-1"), 3);
}

TEST(NameTable, AgreesWithAMapAcrossGrowth) {
  // 3000 names (the table doubles 8 times from 16 slots), long ones past the small-string size
  // too, each set twice; every one found with its last value, and none of the names not set.
  NameTable<std::size_t> t;
  std::map<std::string, std::size_t> want;
  for (std::size_t i = 0; i < 3000; ++i) {
    const std::string name =
        (i % 3 ? "ra-" : "a-much-longer-resource-host-name-") + std::to_string(i);
    t.set(name, i);
    want[name] = i;
  }
  for (std::size_t i = 0; i < 3000; i += 7) {
    const std::string name =
        (i % 3 ? "ra-" : "a-much-longer-resource-host-name-") + std::to_string(i);
    t.set(name, i + 1);
    want[name] = i + 1;
  }
  EXPECT_EQ(t.size(), want.size());
  for (const auto& [name, value] : want) {
    const std::size_t* v = t.find(name);
    ASSERT_NE(v, nullptr) << name;
    EXPECT_EQ(*v, value) << name;
  }
  for (std::size_t i = 3000; i < 3100; ++i) EXPECT_EQ(t.find("ra-" + std::to_string(i)), nullptr);
}

TEST(FlatTable, PointerKeysOfNeighbouringObjectsAcrossGrowth) {
  // Keys 16 bytes apart (as allocated objects often are), so that std::hash, the address,
  // differs only in a few middle bits: 1,000 of them (16 to 2,048 slots) each found with its
  // own value, an unknown one not; set again, a key keeps one entry.
  struct alignas(16) Obj {
    char bytes[16];
  };
  std::vector<Obj> objs(1001);
  FlatTable<const Obj*, int> t;
  EXPECT_EQ(t.find(&objs[0]), nullptr);
  for (int i = 0; i < 1000; ++i) t.set(&objs[i], i);
  for (int i = 0; i < 1000; ++i) {
    ASSERT_NE(t.find(&objs[i]), nullptr) << i;
    EXPECT_EQ(*t.find(&objs[i]), i) << i;
  }
  EXPECT_EQ(t.find(&objs[1000]), nullptr);
  t.set(&objs[7], -1);
  EXPECT_EQ(*t.find(&objs[7]), -1);
  EXPECT_EQ(t.size(), 1000u);
}
