// Fuzz target: the deployment reader and the platform checker (platform/deployment.hpp), which
// read XML before SimGrid sees it. Any file is either read or refused with InputError; a
// deployment read, written back with deployment_xml and read again gives the same actors.
#include <map>
#include <string>

#include "core/error.hpp"
#include "fuzz_support.hpp"
#include "platform/deployment.hpp"

using namespace botsim;
using botsim::fuzz::check;

namespace {

// XML 1.0 allows no control characters but tab and line ends: xml_escape writes them as spaces.
std::string written(std::string text) {
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') c = ' ';
  return text;
}

bool same(const std::vector<ActorSpec>& a, const std::vector<ActorSpec>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    std::map<std::string, std::string> props;
    for (const auto& [id, value] : a[i].props) props[written(id)] = written(value);
    if (written(a[i].host) != b[i].host || written(a[i].function) != b[i].function ||
        props != b[i].props || a[i].index != b[i].index)
      return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  std::vector<ActorSpec> actors;
  try {
    actors = read_deployment(fuzz::write_scratch(data, size));
  } catch (const InputError&) {
    actors.clear();
  }
  for (size_t i = 0; i < actors.size(); ++i)
    check(!actors[i].host.empty() && !actors[i].function.empty() &&
              actors[i].index == static_cast<int>(i) + 1,
          "actor read without host, function or index", text);
  if (!actors.empty()) {
    const std::string again = deployment_xml(actors, "fuzz");
    try {
      auto reread = read_deployment(
          fuzz::write_scratch(reinterpret_cast<const std::uint8_t*>(again.data()), again.size()));
      check(same(actors, reread), "deployment_xml does not read back the same actors:\n" + again,
            text);
    } catch (const InputError& e) {
      fuzz::fail(std::string("deployment_xml's output is refused: ") + e.what(), text);
    }
  }
  try {
    check_platform_file(fuzz::write_scratch(data, size));
  } catch (const InputError&) {
  }
  return 0;
}
