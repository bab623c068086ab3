#pragma once
// Loading plug-ins of policies (docs/policies.md): `--plugin FILE.so`, a C++ shared library
// declared with BOTSIM_PLUGIN (policy/plugin.hpp). Its policies join the registry
// (registry.hpp), named like botsim's own.
#include <string>
#include <vector>

namespace botsim::policy {

/// Loads `path` and registers its policies. Throws InputError naming the file and the problem:
/// a missing file, one that is not a .so, a .so that cannot be loaded, is not a botsim plug-in
/// or was built against another botsim, a policy name that is taken, a plug-in that declares
/// none. A file loaded already is not loaded again.
void load_plugin(const std::string& path);
/// The files loaded, as absolute paths, in order.
const std::vector<std::string>& loaded_plugins();

}  // namespace botsim::policy
