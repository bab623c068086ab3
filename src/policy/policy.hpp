#pragma once
// Everything a policy plug-in uses (docs/policies.md): the decision points' interfaces, the
// random stream, the props, the registrar and BOTSIM_PLUGIN.
#include "agents.hpp"
#include "auction.hpp"
#include "plugin.hpp"
#include "props.hpp"
#include "provisioning.hpp"
#include "random.hpp"
#include "registrar.hpp"
