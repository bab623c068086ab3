// One version: CMakeLists.txt's project(botsim VERSION X.Y.Z) is its only source. botsim
// --version prints it, and the README changelog's newest version heading and CITATION.cff name
// it, so that none of them can drift from the others.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "support/cli_support.hpp"

namespace t = botsim::test;

namespace {

// The first submatch of `pattern` in `text`, or "" when there is none.
std::string first_match(const std::string& text, const std::string& pattern) {
  std::smatch m;
  return std::regex_search(text, m, std::regex(pattern)) ? m[1].str() : "";
}

}  // namespace

TEST(VersionCli, VersionAndChangelogAndCitationAreTheProjects) {
  const std::string version =
      first_match(t::read_text(t::source_path("CMakeLists.txt")),
                  R"(\nproject\(botsim VERSION ([0-9]+\.[0-9]+\.[0-9]+)[ )])");
  ASSERT_FALSE(version.empty()) << "no project(botsim VERSION X.Y.Z) in CMakeLists.txt";

  auto r = t::botsim({"--version"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "botsim " + version + "\n");

  // The changelog is README's "## Changelog" section; its newest version is its first heading
  // "### X.Y.Z" (a "### Unreleased" above it names none).
  const std::string readme = t::read_text(t::source_path("README.md"));
  const auto at = readme.find("\n## Changelog\n");
  ASSERT_NE(at, std::string::npos) << "README.md has no '## Changelog' section";
  std::string changelog = readme.substr(at + 1);
  changelog = changelog.substr(0, changelog.find("\n## "));
  EXPECT_EQ(first_match(changelog, R"(\n### ([0-9]+\.[0-9]+\.[0-9]+)[ \n])"), version)
      << "the changelog's newest version heading is not CMakeLists.txt's version";

  const std::string citation = t::read_text(t::source_path("CITATION.cff"));
  EXPECT_EQ(first_match(citation, R"re(\nversion: "?([0-9.]+)"?\n)re"), version)
      << "CITATION.cff's version is not CMakeLists.txt's";
}
