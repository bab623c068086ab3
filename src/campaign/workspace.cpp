#include "campaign/workspace.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <iterator>

#include "core/error.hpp"
#include "core/results.hpp"

namespace fs = std::filesystem;

namespace botsim::campaign {

void prepare_work_dir(const fs::path& work, const std::string& id_name,
                      const nlohmann::ordered_json& id, bool fresh) {
  const fs::path id_file = work / id_name;
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(work, ec);
  const bool exists = st.type() != fs::file_type::not_found;
  if (exists && (!fs::is_directory(st) ||
                 (!is_results_dir(work) && !fs::exists(id_file) && !fs::is_empty(work, ec))))
    throw InputError(work.string(), "",
                     "exists and was not written by botsim (botsim keeps unfinished runs here "
                     "and never deletes what it did not write): move it away or give another "
                     "--out");
  std::string before;
  if (std::ifstream in(id_file); in) before.assign(std::istreambuf_iterator<char>(in), {});
  const bool same = before == id.dump(2) + "\n";
  if (exists && (fresh || !same)) {
    fs::remove_all(work);
    if (!fresh)
      std::cout << "starting afresh: " << work.string()
                << " was left by a run with other settings\n";
  } else if (exists) {
    std::cout << "resuming from " << work.string()
              << ": its finished runs are kept (--fresh starts over)\n";
  }
  fs::create_directories(work);
  mark_results_dir(work);
  std::ofstream(id_file) << id.dump(2) << "\n";
}

void remove_work_dir(const fs::path& work) {
  std::error_code ec;
  if (!fs::is_symlink(work, ec) && is_results_dir(work)) fs::remove_all(work, ec);
}

fs::path work_dir_of(const std::string& out_dir) { return normal_dir(out_dir).string() + ".work"; }

Workspace::Workspace(const WorkspaceOptions& opts)
    : out_(normal_dir(opts.out_dir)),
      work_(work_dir_of(opts.out_dir)),
      result_(work_ / "result"),
      scratch_(work_ / "scratch") {
  check_output_dir(opts.out_dir);
  prepare_work_dir(work_, opts.id_name, opts.id, opts.fresh);
  fs::create_directories(result_);
  fs::create_directories(scratch_);
}

void Workspace::commit() {
  replace_directory(result_, out_.string());
  remove_work_dir(work_);
}

std::string content_digest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::uint64_t h = 14695981039346656037ull;
  for (char c; in.get(c);) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return fmt::format("{:016x}", h);
}

std::vector<std::string> plugin_digests(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == "--plugin") out.push_back(content_digest(args[i + 1]));
  return out;
}

}  // namespace botsim::campaign
