// Fuzz target: typed property reading (core/props.hpp), as every model reads its actors' and
// hosts' <prop>s. The input is "id=value" lines; every read either returns a value within the
// range asked for or throws InputError naming the file, the element and the property.
#include <cmath>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "core/props.hpp"
#include "core/rng.hpp"
#include "core/units.hpp"
#include "core/workload.hpp"
#include "fuzz_support.hpp"

using namespace botsim;
using botsim::fuzz::check;

namespace {

PropReader::Map props_of(const std::string& text) {
  PropReader::Map props;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    auto eq = line.find('=');
    if (eq != std::string::npos) props.emplace(line.substr(0, eq), line.substr(eq + 1));
  }
  return props;
}

// `parse` of `key`'s text (a std::invalid_argument is refused as the models refuse it).
template <class F>
auto parsed(const PropReader& r, const std::string& key, F parse) {
  try {
    return parse(r.text(key));
  } catch (const std::invalid_argument& e) {
    r.fail(key, e.what());
  }
}

// The reads under the limits on inputs, as BaTS and the agents make them: money (budget),
// durations with no range of their own (deadline), task sizes in a list (ConsumerAgent's sizes)
// and a distribution (BatsMaster's task_time). Each value read is finite and within its limit.
void read_limited(const PropReader& r, const std::string& text) {
  if (r.has("budget")) {
    double b = r.money("budget");
    check(b >= 0 && b <= kMaxMoney, "money beyond its cap", text);
  }
  if (r.has("deadline")) {
    double d = r.duration("deadline", std::nullopt, 1e-9, INFINITY);
    check(d > 0 && d <= kHorizonS, "duration beyond the horizon", text);
  }
  if (r.has("sizes"))
    for (const auto& word : r.list("sizes")) {
      double size = parsed(r, "sizes", [&](const std::string&) { return parse_task_size(word); });
      check(size > 0 && size <= kMaxTaskSize, "task size beyond the largest", text);
    }
  if (r.has("task_time")) {
    Distribution d = parsed(r, "task_time", Distribution::parse);
    Rng rng = make_rng(1, "fuzz");
    for (int k = 0; k < 16; ++k) {
      double x = d.sample(rng);
      check(x > 0 && x <= kMaxTaskSize, "a drawn task size beyond the largest", text);
    }
  }
}

// Each read the models make, with ranges and fallbacks like theirs.
void read_all(const PropReader& r, const std::string& text) {
  read_limited(r, text);
  double n = r.number("number", 1.0, 0, 1e6);
  check(n >= 0 && n <= 1e6, "number out of its range", text);
  double d = r.duration("duration", std::nullopt, 0, 3600);
  check(d >= 0 && d <= 3600, "duration out of its range", text);
  long long i = r.integer("integer", 1, 1, 1000);
  check(i >= 1 && i <= 1000, "integer out of its range", text);
  std::string c = r.choice("choice", {"global", "local", "no-opt"}, std::string("global"));
  check(c == "global" || c == "local" || c == "no-opt", "choice not among those allowed", text);
  for (const auto& w : r.list("list"))
    check(!w.empty() && w.find_first_of(", ") == std::string::npos, "list word not split", text);
  r.text("text", "");
  r.reject_unknown();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  PropReader reader(props_of(text), "fuzz.xml", "actor #1 'Broker' on host 'U0'");
  try {
    read_all(reader, text);
  } catch (const InputError& e) {
    std::string what = e.what();
    check(what.rfind("fuzz.xml: actor #1 'Broker' on host 'U0': property '", 0) == 0,
          "error does not name the file, element and property: " + what, text);
  }
  return 0;
}
