#include "core/input_file.hpp"

#include <filesystem>
#include <iterator>

#include "core/error.hpp"

namespace botsim {

std::ifstream open_input_file(const std::string& path, const std::string& what) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status)) throw InputError(path, "", "cannot open " + what + " (does it exist?)");
  if (!fs::is_regular_file(status))
    throw InputError(path, "",
                     "cannot open " + what + ": not a regular file (a directory, FIFO or device)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "", "cannot open " + what + " (is it readable?)");
  return in;
}

std::string read_input_file(const std::string& path, const std::string& what) {
  std::ifstream in = open_input_file(path, what);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace botsim
