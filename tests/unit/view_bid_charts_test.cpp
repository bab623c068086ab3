// The bids and shares charts of `botsim plot` (view/bid_charts.hpp): what each draws of a row of
// bids.csv, worked out by hand.
#include <gtest/gtest.h>

#include <vector>

#include "view/bid_charts.hpp"

using namespace botsim;
using namespace botsim::view;

// U0 was granted a quarter of R0 at 0 s (eq. 1's S) but ran alone for the period (received 1):
// the shares chart draws 100 %, the granted reading 25 %. Periods of 60 s, axis in hours: 0 h to
// 60 / 3600 h.
TEST(BidCharts, TheSharesChartDrawsTheShareReceived) {
  const std::vector<Bid> rows{{0, "R0", "U0", 10, 0.25, 0.1, 1.0}};
  const Chart received = bid_chart(rows, {"U0"}, 60, BidValue::Received, 3600, "h");
  ASSERT_EQ(received.series.size(), 1u);
  EXPECT_EQ(received.series[0].y, (std::vector<double>{100, 100}));
  EXPECT_EQ(received.x_label, "time (h)");
  EXPECT_EQ(received.y_label, "share received (%)");
  EXPECT_DOUBLE_EQ(received.series[0].x[1], 60.0 / 3600);
  const Chart granted = bid_chart(rows, {"U0"}, 60, BidValue::Granted);
  EXPECT_EQ(granted.series[0].y, (std::vector<double>{25, 25}));
  EXPECT_EQ(granted.x_label, "time (simulation minutes)");
  EXPECT_EQ(granted.series[0].x, (std::vector<double>{0, 1}));
  EXPECT_EQ(bid_chart(rows, {"U0"}, 60, BidValue::Bid).series[0].y, (std::vector<double>{10, 10}));
}
