#include "platform/sim_log.hpp"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include "core/error.hpp"

namespace botsim {

namespace {
class SimClockFlag : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg&, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    fmt::format_to(std::back_inserter(dest), "{:10.3f}", simgrid::s4u::Engine::get_clock());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<SimClockFlag>();
  }
};

class ActorFlag : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg&, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    auto* self = simgrid::s4u::Actor::self();
    if (self && self->get_host()) {  // maestro has no host before the platform is loaded
      fmt::format_to(std::back_inserter(dest), "{}@{}", self->get_name(),
                     self->get_host()->get_name());
    } else {
      fmt::format_to(std::back_inserter(dest), "maestro");
    }
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<ActorFlag>();
  }
};
}  // namespace

void setup_logging(const char* level) {
  auto lvl = spdlog::level::from_str(level);
  if (lvl == spdlog::level::off && std::string(level) != "off")
    throw InputError(
        "", "--log-level",
        std::string("unknown level '") + level + "' (trace, debug, info, warn, error, off)");
  auto logger =
      std::make_shared<spdlog::logger>("botsim", std::make_shared<spdlog::sinks::stderr_sink_st>());
  logger->set_level(lvl);
  logger->set_pattern("[%l] %v");
  spdlog::set_default_logger(logger);
}

void install_sim_clock_logging() {
  auto formatter = std::make_unique<spdlog::pattern_formatter>();
  formatter->add_flag<SimClockFlag>('*').add_flag<ActorFlag>('&').set_pattern("[%*] [%&] %l: %v");
  spdlog::default_logger()->set_formatter(std::move(formatter));
}

}  // namespace botsim
