#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cloud/free_hosts.hpp"

namespace botsim::cloud {
namespace {

TEST(FreeHosts, PlatformOrderUntilAHostComesBack) {
  FreeHosts f;
  for (const char* h : {"vm-2", "vm-10", "vm-1"}) f.add_initial(h);
  EXPECT_EQ(f.size(), 3u);
  EXPECT_EQ(f.front(), "vm-2");
  EXPECT_EQ(f.take(), "vm-2");
  EXPECT_EQ(f.take(), "vm-10");
  f.give_back("vm-2");  // from now on by name
  EXPECT_EQ(f.size(), 2u);
  EXPECT_EQ(f.take(), "vm-1");
  EXPECT_EQ(f.take(), "vm-2");
  EXPECT_TRUE(f.empty());
}

// The same hosts in the same order as the list it replaces: a vector sorted after each return.
TEST(FreeHosts, AsASortedVector) {
  FreeHosts f;
  std::vector<std::string> v;
  for (int i = 12; i > 0; i -= 1) {
    std::string h = "h" + std::to_string(i * 7 % 13);
    f.add_initial(h);
    v.push_back(h);
  }
  std::vector<std::string> out;
  for (int step = 0; step < 40; ++step) {
    if (step % 3 == 2 && !out.empty()) {
      f.give_back(out.back());
      v.push_back(out.back());
      std::sort(v.begin(), v.end());
      out.pop_back();
    } else if (!v.empty()) {
      ASSERT_EQ(f.size(), v.size());
      ASSERT_EQ(f.front(), v.front());
      out.push_back(f.take());
      ASSERT_EQ(out.back(), v.front());
      v.erase(v.begin());
    }
  }
  EXPECT_EQ(f.size(), v.size());
}

}  // namespace
}  // namespace botsim::cloud
