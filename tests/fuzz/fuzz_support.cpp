#include "fuzz_support.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace botsim::fuzz {

std::string text_of(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

std::string write_scratch(const std::uint8_t* data, std::size_t size) {
  // One file per process (libFuzzer's -jobs/-fork run several), rewritten for every input.
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("botsim-fuzz-" + std::to_string(getpid())))
          .string();
  static const struct Remover {
    ~Remover() { std::remove(path.c_str()); }
  } remover;
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

void fail(const std::string& what, const std::string& input) {
  std::fprintf(stderr, "fuzz property failed: %s\ninput (%zu bytes): %s\n", what.c_str(),
               input.size(), input.substr(0, 200).c_str());
  std::abort();
}

}  // namespace botsim::fuzz
