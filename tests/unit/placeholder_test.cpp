// placeholder
#include <gtest/gtest.h>
#include "core/units.hpp"
TEST(Units, Duration) { EXPECT_EQ(botsim::parse_duration("10min"), 600); }
