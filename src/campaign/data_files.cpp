#include "campaign/data_files.hpp"

#include <cstdlib>
#include <filesystem>

#include "campaign/child_process.hpp"
#include "core/error.hpp"
#include "data_dirs.hpp"

namespace botsim::campaign {

namespace fs = std::filesystem;

static std::string& data_dir_option() {
  static std::string dir;
  return dir;
}

void set_data_dir(const std::string& dir) { data_dir_option() = dir; }

// Whether `path` lies inside `dir` (both as they are on disk).
static bool is_inside(const fs::path& path, const fs::path& dir) {
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(dir, ec);
  if (ec) return false;
  const fs::path rel = fs::weakly_canonical(path, ec).lexically_relative(real);
  return !ec && !rel.empty() && *rel.begin() != "..";
}

std::vector<std::string> data_dirs() {
  if (!data_dir_option().empty()) return {data_dir_option()};
  if (const char* env = std::getenv("BOTSIM_DATA_DIR"); env != nullptr && *env != '\0')
    return {env};
  const fs::path exe = self_exe();
  std::vector<std::string> places{"."};
  if (is_inside(exe, data_dirs::kBuildDir)) places.push_back(data_dirs::kSourceDir);
  places.push_back((exe.parent_path() / data_dirs::kInstalledFromBinDir).lexically_normal());
  if (fs::path(data_dirs::kInstalledDir) != fs::path(places.back()))
    places.push_back(data_dirs::kInstalledDir);
  return places;
}

std::string find_data_file(const std::string& relative) {
  const std::vector<std::string> places = data_dirs();
  std::string looked;
  for (const auto& dir : places) {
    // The current directory's files keep the relative name they were asked by.
    const fs::path path = dir == "." ? fs::path(relative) : fs::path(dir) / relative;
    if (fs::exists(path)) return path.string();
    looked += (looked.empty() ? "" : ", ") + (dir == "." ? "the current directory" : dir);
  }
  if (data_dir_option().empty() && places.size() == 1) looked += " ($BOTSIM_DATA_DIR)";
  throw InputError(relative, "",
                   "shipped data file not found (looked in " + looked +
                       "; give --data-dir DIR or set BOTSIM_DATA_DIR)");
}

}  // namespace botsim::campaign
