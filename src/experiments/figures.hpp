#pragma once
// What the experiments and `botsim plot` share to draw figures (core/gnuplot.hpp).
#include <filesystem>
#include <string>
#include <vector>

#include "core/gnuplot.hpp"

namespace botsim::experiments {

/// A number in a row of a results file (row 0: the first data row); throws
/// std::runtime_error naming the file and the row.
double read_csv_number(const std::string& path, size_t row, const std::string& text);

/// A row of bids.csv (the auction model's timeline).
struct Bid {
  double time_s = 0;
  std::string resource, user;
  double bid = 0, share = 0, cost = 0;
};
/// DIR/bids.csv, or nothing when the run wrote none. Throws std::runtime_error naming a bad row.
std::vector<Bid> read_bids(const std::string& dir);
/// The auction period: the smallest gap between successive distinct times (60 s if none).
double auction_period(const std::vector<Bid>& bids);
/// One step series per user of `order` over one resource's rows (time in minutes): a row holds
/// for one period; a period without a row leaves a gap. Bids in cents per minute, or shares in
/// per cent (0 to 100). A user keeps the colour of its place in `order`.
Chart bid_chart(const std::vector<Bid>& rows, const std::vector<std::string>& order, double period,
                bool share);

/// Draws every figure whose script an experiment wrote into `stage` (gnuplot); when gnuplot is
/// missing or fails, says so once on stdout and goes on: the CSVs and scripts are there.
void draw_experiment_figures(const std::string& experiment, const std::filesystem::path& stage,
                             const std::string& out_dir);

}  // namespace botsim::experiments
