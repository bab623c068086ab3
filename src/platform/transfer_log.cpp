#include "platform/transfer_log.hpp"

#include <fmt/format.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Mailbox.hpp>

#include "platform/messaging.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim {

std::string TransferRecord::csv_row() const {
  return fmt::format("{},{},{},{},{},{}", csv_number(time_s), from_actor, from_host, to_mailbox,
                     to_host, bytes);
}

namespace {
// The live log's state. SimGrid 3.32's signals cannot be disconnected: the callback connected
// once stays, and counts only while a log is active.
struct State {
  Results* results = nullptr;
  long noted = 0;
  long signalled = 0;
};
State& state() {
  static State s;
  return s;
}

void note(const sg4::Mailbox* to, std::uint64_t bytes) {
  State& s = state();
  TransferRecord r;
  r.time_s = sg4::Engine::get_clock();
  r.from_actor = sg4::this_actor::get_pid();
  r.from_host = sg4::this_actor::get_host()->get_name();
  r.to_mailbox = to->get_name();
  const sg4::Host* host = inbox_host(to);
  r.to_host = host ? host->get_name() : "";
  r.bytes = bytes;
  s.results->timeline<TransferRecord>().add(std::move(r));
  ++s.noted;
}
}  // namespace

TransferLog::TransferLog(Results& results) {
  static bool connected = false;
  if (!connected) {
    sg4::Comm::on_send_cb([](const sg4::Comm&) {
      if (state().results) ++state().signalled;
    });
    connected = true;
  }
  state() = State{&results, 0, 0};
  detail::transfer_hook = &note;
}

TransferLog::~TransferLog() {
  detail::transfer_hook = nullptr;
  state().results = nullptr;
}

long TransferLog::noted() const { return state().noted; }
long TransferLog::signalled() const { return state().signalled; }

}  // namespace botsim
