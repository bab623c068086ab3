#pragma once
// `botsim run --transfers`: every message a run sends, one row each in transfers.csv, for
// bench/'s transfer floor (a bare SimGrid program that replays the same executions and the same
// transfers). Off by default: a run that does not ask pays one null test per message.
#include <cstdint>
#include <memory>
#include <string>

#include "core/results.hpp"

namespace botsim {

struct TransferRecord {
  static constexpr const char* kFile = "transfers.csv";
  static constexpr const char* kHeader = "time_s,from_actor,from_host,to_mailbox,to_host,bytes";
  static constexpr bool kStreamed = true;  // hundreds of thousands of rows

  double time_s = 0;  // when the put was made
  long from_actor = 0;  // the sender's SimGrid pid (one replaying actor per sender)
  std::string from_host, to_mailbox, to_host;
  std::uint64_t bytes = 0;

  std::string csv_row() const;
};

/// While it lives, every send() of the run (platform/messaging.hpp) adds a TransferRecord to
/// `results`, and SimGrid's own send signal is counted: the two counts must agree (every
/// message botsim sends goes through send()).
class TransferLog {
 public:
  explicit TransferLog(Results& results);
  ~TransferLog();
  TransferLog(const TransferLog&) = delete;
  TransferLog& operator=(const TransferLog&) = delete;

  long noted() const;
  /// Sends seen on SimGrid's Comm::on_send signal while this log lived.
  long signalled() const;
};

}  // namespace botsim
