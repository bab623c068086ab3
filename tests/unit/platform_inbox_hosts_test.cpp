// The table of each inbox's host (platform/messaging.cpp), looked up on every message sent.
#include <gtest/gtest.h>

#include <vector>

#include "platform/messaging.hpp"

namespace {

// Keys and values are only compared, never dereferenced: the addresses of array elements
// stand for inboxes and hosts (neighbours 16 bytes apart, as allocated objects often are).
struct Fake {
  alignas(16) char bytes[16];
};

const simgrid::s4u::Mailbox* inbox(const std::vector<Fake>& v, size_t i) {
  return reinterpret_cast<const simgrid::s4u::Mailbox*>(&v[i]);
}
const simgrid::s4u::Host* host(const std::vector<Fake>& v, size_t i) {
  return reinterpret_cast<const simgrid::s4u::Host*>(&v[i]);
}

}  // namespace

// 1,000 inboxes make the table grow from 16 slots to 2,048 (at most half full): every one is
// still found with its own host, an unknown one is not, and setting an inbox again replaces
// its host without adding an entry.
TEST(InboxHosts, EveryInboxKeepsItsHostAsTheTableGrows) {
  std::vector<Fake> inboxes(1001), hosts(1000);
  EXPECT_EQ(botsim::inbox_host(inbox(inboxes, 0)), nullptr);
  for (size_t i = 0; i < 1000; ++i) botsim::set_inbox_host(inbox(inboxes, i), host(hosts, i));
  for (size_t i = 0; i < 1000; ++i)
    ASSERT_EQ(botsim::inbox_host(inbox(inboxes, i)), host(hosts, i)) << i;
  EXPECT_EQ(botsim::inbox_host(inbox(inboxes, 1000)), nullptr);
  botsim::set_inbox_host(inbox(inboxes, 7), host(hosts, 8));
  EXPECT_EQ(botsim::inbox_host(inbox(inboxes, 7)), host(hosts, 8));
  EXPECT_EQ(botsim::inbox_host(inbox(inboxes, 6)), host(hosts, 6));
  botsim::set_inbox_host(inbox(inboxes, 7), nullptr);  // an inbox whose host is unknown
  EXPECT_EQ(botsim::inbox_host(inbox(inboxes, 7)), nullptr);
  EXPECT_EQ(botsim::inbox_host(inbox(inboxes, 8)), host(hosts, 8));
}
