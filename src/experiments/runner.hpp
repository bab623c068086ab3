#pragma once
// `botsim experiment NAME`: reproduces one paper's evaluation. Every replication is a separate
// `botsim run` process (one simulation per process, forked: set_run_entry); --jobs runs J of
// them at once. This header gathers the pieces an experiment runs with:
#include "experiments/child_process.hpp"  // the child processes a run is done in
#include "experiments/data_files.hpp"     // the shipped data files (find_data_file)
#include "experiments/registry.hpp"       // the experiments and their options
#include "experiments/run_many.hpp"       // the run scheduler
#include "experiments/workspace.hpp"      // the working directory (Workspace)
