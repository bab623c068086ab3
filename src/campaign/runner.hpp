#pragma once
// `botsim experiment NAME`: reproduces one paper's evaluation. Every replication is a separate
// `botsim run` process (one simulation per process, forked: set_run_entry); --jobs runs J of
// them at once. This header gathers the pieces an experiment runs with:
#include "campaign/child_process.hpp"  // the child processes a run is done in
#include "campaign/data_files.hpp"     // the shipped data files (find_data_file)
#include "campaign/registry.hpp"       // the experiments and their options
#include "campaign/run_many.hpp"       // the run scheduler
#include "campaign/workspace.hpp"      // the working directory (Workspace)
