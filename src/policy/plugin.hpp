#pragma once
// A C++ plug-in of policies (docs/policies.md): a shared library built against an installed
// botsim (find_package(botsim), target botsim::policy) that `botsim ... --plugin FILE.so`
// loads. It names itself and declares its policies in one block:
//
//   #include <botsim/policy/plugin.hpp>
//   BOTSIM_PLUGIN("my-policies", registrar) {
//     registrar.provisioning("greedy", "one instance per waiting task", make_greedy);
//   }
//
// botsim refuses a plug-in built against another version of botsim (the interfaces may have
// changed), naming both versions. A plug-in runs inside botsim with botsim's rights: load only
// plug-ins you trust.
#include "policy_version.hpp"
#include "registrar.hpp"

namespace botsim::policy {

/// What a plug-in says of itself (its entry point botsim_plugin_info).
struct PluginInfo {
  const char* magic;           // kPluginMagic
  const char* botsim_version;  // the botsim it was built against
  const char* name;            // the plug-in's own name
};

/// The plug-in interface: raised whenever the policy headers change the ABI (2: spot
/// instances, ProvisioningPolicy::interruption_notice and CloudView::spot_price).
inline constexpr const char* kPluginMagic = "botsim-policy-plugin-2";
inline constexpr const char* kPluginMagicPrefix = "botsim-policy-plugin-";

}  // namespace botsim::policy

/// The version a plug-in declares (a test may build one that claims another).
#ifndef BOTSIM_PLUGIN_BUILT_AGAINST
#define BOTSIM_PLUGIN_BUILT_AGAINST BOTSIM_POLICY_VERSION
#endif

/// Declares the plug-in NAME; the block that follows adds its policies through REGISTRAR.
#define BOTSIM_PLUGIN(NAME, REGISTRAR)                                                      \
  static void botsim_plugin_declare(::botsim::policy::Registrar& REGISTRAR);                \
  extern "C" __attribute__((visibility("default"))) const ::botsim::policy::PluginInfo*     \
  botsim_plugin_info() {                                                                    \
    static const ::botsim::policy::PluginInfo info{::botsim::policy::kPluginMagic,          \
                                                   BOTSIM_PLUGIN_BUILT_AGAINST, NAME};      \
    return &info;                                                                           \
  }                                                                                         \
  extern "C" __attribute__((visibility("default"))) void botsim_plugin_register(            \
      ::botsim::policy::Registrar& registrar) {                                             \
    botsim_plugin_declare(registrar);                                                       \
  }                                                                                         \
  static void botsim_plugin_declare(::botsim::policy::Registrar& REGISTRAR)
