#include "policy/plugins.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "core/error.hpp"
#include "policy/plugin.hpp"
#include "policy/registry.hpp"

namespace botsim::policy {

namespace fs = std::filesystem;

namespace {

std::vector<std::string>& loaded() {
  static std::vector<std::string> files;
  return files;
}

ExitNow& stuck_exit() {
  static ExitNow e = nullptr;
  return e;
}

double& timeout_s() {
  static double t = 60;
  return t;
}

using InfoFunction = const PluginInfo* (*)();
using RegisterFunction = void (*)(Registrar&);

// A C++ plug-in: its declared version must be this botsim's.
void load_shared_library(const std::string& path) {
  // RTLD_LOCAL: the plug-in's symbols stay its own. It is never unloaded (its code backs the
  // policies it registered).
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    throw InputError(
        path, "",
        std::string("cannot load this shared library: ") + (why ? why : "unknown reason"));
  }
  auto info_of = reinterpret_cast<InfoFunction>(dlsym(handle, "botsim_plugin_info"));
  auto declare = reinterpret_cast<RegisterFunction>(dlsym(handle, "botsim_plugin_register"));
  if (!info_of || !declare)
    throw InputError(path, "",
                     "not a botsim plug-in: it has no botsim_plugin_info/botsim_plugin_register "
                     "(declare one with BOTSIM_PLUGIN, docs/policies.md)");
  const PluginInfo* info = info_of();
  if (!info || !info->magic || std::string(info->magic) != kPluginMagic) {
    const std::string magic = info && info->magic ? info->magic : "";
    if (magic.rfind(kPluginMagicPrefix, 0) == 0)
      throw InputError(path, "",
                       "built for another plug-in interface (" + magic + "; this botsim loads " +
                           kPluginMagic + "): rebuild it against this botsim (docs/policies.md)");
    throw InputError(path, "",
                     "not a botsim plug-in of this kind (its botsim_plugin_info is not "
                     "BOTSIM_PLUGIN's)");
  }
  const std::string name = info->name ? info->name : "";
  const std::string version = info->botsim_version ? info->botsim_version : "?";
  if (version != BOTSIM_POLICY_VERSION)
    throw InputError(path, "plug-in '" + name + "'",
                     "built against botsim " + version + ", and this is botsim " +
                         BOTSIM_POLICY_VERSION +
                         ": rebuild it against this botsim (docs/policies.md)");
  OriginRegistrar registrar(path);
  try {
    declare(registrar);
  } catch (const RegistrationError& e) {
    throw InputError(path, "plug-in '" + name + "'", e.what());
  } catch (const std::exception& e) {
    throw InputError(path, "plug-in '" + name + "'",
                     std::string("failed while declaring its policies: ") + e.what());
  }
  if (registrar.added().empty())
    throw InputError(path, "plug-in '" + name + "'", "declares no policy");
}

}  // namespace

void load_plugin(const std::string& given) {
  std::error_code ec;
  if (!fs::exists(given, ec)) throw InputError(given, "--plugin", "no such file");
  if (!fs::is_regular_file(given, ec)) throw InputError(given, "--plugin", "not a regular file");
  const std::string path = fs::canonical(given, ec).string();
  for (const auto& f : loaded())
    if (f == path) return;
  const std::string ext = fs::path(path).extension().string();
  if (ext == ".so" || path.find(".so.") != std::string::npos)
    load_shared_library(path);
  else if (ext == ".py")
    load_python_plugin(path);
  else
    throw InputError(given, "--plugin",
                     "not a plug-in: expected a C++ shared library (.so) or a Python file (.py)");
  loaded().push_back(path);
}

const std::vector<std::string>& loaded_plugins() { return loaded(); }

void set_policy_timeout(double seconds) { timeout_s() = seconds; }
double policy_timeout() { return timeout_s(); }

void set_stuck_policy_exit(ExitNow exit_now) { stuck_exit() = exit_now; }
void stuck_policy_exit(const std::string& line) {
  if (stuck_exit()) stuck_exit()(line);
  const std::string text = "botsim: " + line + "\n";
  ssize_t ignored = write(STDERR_FILENO, text.data(), text.size());
  (void)ignored;
  _exit(2);
}

}  // namespace botsim::policy
