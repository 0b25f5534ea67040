#include "plugins_xml_location.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace {

std::string next_to_core_library() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(&default_plugins_xml), &info) || !info.dli_fname) return {};
  // Resolve symlinks: in Bazel's runfiles libferry.so is a link into the output tree.
  std::error_code error;
  const auto library = std::filesystem::canonical(info.dli_fname, error);
  if (error) return {};
  return (library.parent_path() / "plugins.xml").string();
}

std::string in_runfiles() {
  const char* const roots[] = {std::getenv("RUNFILES_DIR"), std::getenv("TEST_SRCDIR")};
  for (const char* root : roots)
    if (root && *root) return (std::filesystem::path(root) / "ferry/plugins/plugins.xml").string();
  std::error_code error;
  const auto executable = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return executable.string() + ".runfiles/ferry/plugins/plugins.xml";
}

}  // namespace

std::string default_plugins_xml() {
  if (const char* env = std::getenv("FERRY_PLUGINS_XML"); env && *env) {
    FERRY_ASSERT(std::filesystem::exists(env), "FERRY_PLUGINS_XML points to '", env, "', which does not exist");
    return env;
  }
  for (const std::string& candidate : {next_to_core_library(), in_runfiles()})
    if (!candidate.empty() && std::filesystem::exists(candidate)) return candidate;
  return {};
}

}  // namespace ferry
