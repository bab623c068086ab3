# Test files compiled on their own rather than in a unity batch (tests/CMakeLists.txt): each
# defines a helper (a platform builder, a kHead, an error_of) under a name another file in its
# batch uses too. A new test file that clashes goes here, or renames its helper. (A file here
# also leaves the other files' batches as they were.)
set_source_files_properties(
  cli/bats_cli_test.cpp
  cli/cli_errors_test.cpp
  cli/failure_injector_cli_test.cpp
  cli/grid_cli_test.cpp
  cli/input_checks_cli_test.cpp
  cli/silva_cli_test.cpp
  sim/agents_limits_sim_test.cpp
  sim/agents_scenarios_test.cpp
  sim/bats_budget_test.cpp
  sim/bats_failure_sim_test.cpp
  sim/bats_limits_sim_test.cpp
  sim/bats_scenarios_test.cpp
  sim/grid_auction_sim_test.cpp
  sim/grid_gis_sim_test.cpp
  sim/grid_limits_sim_test.cpp
  sim/grid_start_zero_sim_test.cpp
  sim/platform_messaging_test.cpp
  sim/silva_failure_sim_test.cpp
  sim/silva_limits_sim_test.cpp
  unit/agents_broker_roles_test.cpp
  unit/agents_broker_rules_test.cpp
  unit/bats_phase_test.cpp
  unit/bats_records_test.cpp
  unit/bats_run_end_test.cpp
  unit/core_props_test.cpp
  unit/core_units_test.cpp
  unit/models_environment.cpp
  PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
