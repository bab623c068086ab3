// Fuzz target: the SWF job-trace reader (traces/trace_reader.hpp), plain or gzip, and the bags
// of tasks found in what it reads (fuzz_trace_common.hpp says what is checked).
#include "fuzz_trace_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  botsim::fuzz::check_trace(data, size, botsim::traces::TraceFormat::Swf);
  return 0;
}
