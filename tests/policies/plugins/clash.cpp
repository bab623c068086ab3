// A C++ plug-in that declares a policy named like a built-in one (tests): refused, exit code 2.
#include <botsim/policy/policy.hpp>

BOTSIM_PLUGIN("clash", registrar) {
  registrar.provisioning(
      "Silva", "takes botsim's own name (tests)",
      [](const botsim::policy::Props&, const botsim::policy::CloudSetup&)
          -> std::unique_ptr<botsim::policy::ProvisioningPolicy> { return nullptr; });
}
