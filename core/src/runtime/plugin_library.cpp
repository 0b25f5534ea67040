#include "plugin_library.hpp"

#include <dlfcn.h>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/plugin_entry.hpp"

namespace ferry {

LoadedPlugin load_plugin_library(const std::string& path) {
  // RTLD_LOCAL keeps one plugin's symbols from resolving another's; RTLD_NOW reports missing
  // symbols here rather than at a random later call.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* reason = dlerror();
    Exception::raise("cannot load plugin library '", path, "': ", reason ? reason : "unknown dlopen error");
  }
  std::shared_ptr<void> library(handle, [](void* h) { dlclose(h); });

  auto version_fn = reinterpret_cast<plugin_entry::ApiVersionFn>(dlsym(handle, plugin_entry::kApiVersionSymbol));
  auto create_fn = reinterpret_cast<plugin_entry::CreatePluginFn>(dlsym(handle, plugin_entry::kCreatePluginSymbol));
  FERRY_ASSERT(version_fn && create_fn, "plugin library '", path, "' has no Ferry entry point (",
               !version_fn ? plugin_entry::kApiVersionSymbol : plugin_entry::kCreatePluginSymbol,
               " not found): was it built with FERRY_DEFINE_PLUGIN?");
  const int version = version_fn();
  FERRY_ASSERT(version == FERRY_PLUGIN_API_VERSION, "plugin library '", path,
               "' was built against Ferry plugin API version ", version, " but this core provides version ",
               FERRY_PLUGIN_API_VERSION, "; rebuild the plugin against this SDK");

  LoadedPlugin loaded;
  char error[1024] = {0};
  if (create_fn(&loaded.plugin, error, sizeof(error)) != plugin_entry::kOk || !loaded.plugin)
    Exception::raise("plugin library '", path, "' failed to create its plugin: ", error[0] ? error : "no reason given");
  loaded.library = std::move(library);
  return loaded;
}

}  // namespace ferry
