// The styles of an experiment's series (view/figures.hpp): fixed by their names.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/gnuplot.hpp"
#include "view/figures.hpp"

using botsim::Chart;
using botsim::Series;

// A figure's series must all be among the names that fix their styles: a name left out of an
// experiment's list is a mistake, not a silent fallback.
TEST(FigureStyles, AnUnlistedSeriesIsNamed) {
  Chart c;
  c.title = "Fig. 12";
  c.series = {Series{"fixed, n = 3", {0}, {1}}, Series{"i-elastic", {0}, {1}}};
  c.series[0].key = "fixed";
  botsim::view::style_by_name(c, {"fixed", "generalized", "i-elastic"});
  EXPECT_EQ(botsim::series_style(c, 1).number, 2u);
  c.series.push_back(Series{"other", {0}, {1}});
  try {
    botsim::view::style_by_name(c, {"fixed", "generalized", "i-elastic"});
    FAIL() << "no error for a series that is not listed";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("'other'"), std::string::npos) << e.what();
  }
}
