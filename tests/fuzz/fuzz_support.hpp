#pragma once
// What every fuzz target shares: the input as text or as a file, and a failed property.
#include <cstddef>
#include <cstdint>
#include <string>

namespace botsim::fuzz {

/// The fuzzer's bytes as a string (NUL bytes kept).
std::string text_of(const std::uint8_t* data, std::size_t size);

/// Writes the bytes to this process's own scratch file (readers take a path) and returns it.
std::string write_scratch(const std::uint8_t* data, std::size_t size);

/// A property that must hold for every input failed: prints `what` and aborts (a crash for
/// libFuzzer, a failure for the replay tests).
[[noreturn]] void fail(const std::string& what, const std::string& input);

inline void check(bool ok, const std::string& what, const std::string& input) {
  if (!ok) fail(what, input);
}

}  // namespace botsim::fuzz

/// libFuzzer's entry point, defined by each target.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
