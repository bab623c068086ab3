// A shared library that is no botsim plug-in (tests): refused, exit code 2.
extern "C" int not_a_botsim_plugin() { return 42; }
