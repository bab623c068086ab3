// A botsim plug-in whose block declares no policy (tests): refused, exit code 2, as a Python
// file that declares none is.
#include <botsim/policy/plugin.hpp>

BOTSIM_PLUGIN("declares-nothing", registrar) { (void)registrar; }
