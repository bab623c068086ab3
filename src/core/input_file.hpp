#pragma once
// Opening the files botsim reads (platforms, deployments, workloads, sweep specs, profiles).
#include <fstream>
#include <string>

namespace botsim {

/// Opens `path` for reading. Only a regular file (or a symbolic link to one) is read: a FIFO
/// with no writer would block for ever, a device never end. Throws InputError naming `path`
/// and `what` ("workload file") when it does not exist, is no regular file or cannot be read.
std::ifstream open_input_file(const std::string& path, const std::string& what);

/// The whole of open_input_file(path, what).
std::string read_input_file(const std::string& path, const std::string& what);

}  // namespace botsim
