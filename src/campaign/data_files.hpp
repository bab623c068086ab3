#pragma once
// Where botsim finds its shipped data files (platforms/, deployments/, workloads/).
#include <string>
#include <vector>

namespace botsim::campaign {

/// A shipped file (platforms/..., deployments/..., workloads/...): the first of data_dirs()
/// that has it (a path relative to the current directory when found there). Not found:
/// InputError naming the file and every place looked in.
std::string find_data_file(const std::string& relative);
/// Where shipped files are looked for, in order (README, "Install"): only the directory
/// set_data_dir named (`--data-dir`), else only $BOTSIM_DATA_DIR when set, else the current
/// directory ("."), the source tree of the build botsim runs from (when the running program
/// lies in its build directory), the share/botsim beside the running program's bin/ directory,
/// and the share/botsim of the prefix botsim was configured with.
std::vector<std::string> data_dirs();
void set_data_dir(const std::string& dir);

}  // namespace botsim::campaign
