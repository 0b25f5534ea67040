#pragma once

#include <memory>
#include <string>

#include "ferry/plugin/iplugin.hpp"

namespace ferry {

// A plugin created from a shared library. `library` is the dlopen handle as a shared_ptr: every
// object handed out by the plugin holds a copy, so the library stays loaded while they live.
struct LoadedPlugin {
  std::shared_ptr<void> library;
  std::shared_ptr<IPlugin> plugin;
};

// Loads `path`, checks its SDK API version and creates the plugin. Throws ferry::Exception naming
// the file and the cause: missing library (with dlerror), missing entry point, version mismatch
// (both versions), or the plugin's own creation error.
LoadedPlugin load_plugin_library(const std::string& path);

}  // namespace ferry
