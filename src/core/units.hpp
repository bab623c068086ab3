#pragma once
// Units used across botsim (docs/units.md).
//  - length of work: MI (million instructions); 1 MI = 1 Mflop = 1e6 SimGrid flops.
//  - speed: MIPS per processing element; SimGrid "1050Mf" is 1050 MIPS.
//  - time: seconds of SimGrid clock; text values accept s, min, h suffixes.
#include <string>
#include <string_view>

namespace botsim {

constexpr double kFlopsPerMI = 1e6;

// Limits on inputs (docs/reliability.md, "Limits on inputs"): beyond them a value is refused
// at reading, so that no run goes on for ever or overflows a count.
/// The horizon: a simulated century (100 Julian years, 3,155,760,000 s). No duration, start
/// time, boot time or task may be longer.
constexpr double kHorizonS = 100 * 365.25 * 86400;
/// The largest task size: a task of kHorizonS seconds (cloud models), or of kHorizonS MI,
/// which takes the horizon on a 1 MIPS processing element (grid and agent models).
constexpr double kMaxTaskSize = kHorizonS;
/// The largest amount of money (budgets, funds, prices, bids), in any currency.
constexpr double kMaxMoney = 1e9;

inline double mi_to_flops(double mi) { return mi * kFlopsPerMI; }
inline double flops_to_mi(double flops) { return flops / kFlopsPerMI; }

/// "90", "90s", "1.5min", "10 min", "2h" -> seconds. Throws std::invalid_argument with a
/// short description of the problem (callers add the file and element), also for a duration
/// longer than kHorizonS either way.
double parse_duration(std::string_view text);

/// "'TEXT' is beyond the horizon of a simulated century (3155760000 s)".
std::string beyond_horizon(std::string_view text);

/// A plain finite number ("1e6", "-3.5"). Throws std::invalid_argument.
double parse_number(std::string_view text);

/// A whole number. Throws std::invalid_argument.
long long parse_integer(std::string_view text);

/// Shortest text that reads back as the same double ("0.1", "1e+20", "3").
std::string format_number(double value);

}  // namespace botsim
