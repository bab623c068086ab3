// Fuzz target: workload files and task-size distributions (core/workload.hpp). A workload file
// either gives positive, finite task sizes or is refused with InputError; a distribution text
// either draws positive, finite sizes or is refused with std::invalid_argument.
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "core/workload.hpp"
#include "fuzz_support.hpp"

using namespace botsim;
using botsim::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  try {
    for (double s : read_workload_file(fuzz::write_scratch(data, size)))
      check(s > 0 && std::isfinite(s), "workload file gave a bad task size", text);
  } catch (const InputError&) {
  }
  // Each of the first lines as a task_length / task_time property value.
  std::istringstream lines(text);
  Rng rng = make_rng(1, "fuzz");
  std::string line;
  for (int n = 0; n < 4 && std::getline(lines, line); ++n) {
    try {
      Distribution d = Distribution::parse(line);
      for (int k = 0; k < 8; ++k) {
        double s = d.sample(rng);
        check(s > 0 && std::isfinite(s), "distribution drew a bad task size", line);
      }
    } catch (const std::invalid_argument&) {
    }
  }
  return 0;
}
