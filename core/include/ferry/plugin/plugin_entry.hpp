#pragma once

// The C boundary between the core and a plugin library. A plugin defines exactly one entry point
// with FERRY_DEFINE_PLUGIN; the core checks the SDK API version before creating anything.

#include <cstddef>
#include <memory>

#include "ferry/plugin/iplugin.hpp"

// Bumped on any change to the SDK's classes that breaks binary compatibility.
#define FERRY_PLUGIN_API_VERSION 5

#define FERRY_PLUGIN_EXPORT __attribute__((visibility("default")))

namespace ferry::plugin_entry {
// Symbol names the core looks up with dlsym.
inline constexpr const char* kApiVersionSymbol = "ferry_plugin_api_version";
inline constexpr const char* kCreatePluginSymbol = "ferry_create_plugin";

// Status codes returned across the C boundary (no exception crosses it).
enum Status : int { kOk = 0, kFailed = 1 };

using ApiVersionFn = int (*)();
// Writes a new plugin into *plugin, or a message into error[0..error_size) and returns kFailed.
using CreatePluginFn = int (*)(std::shared_ptr<ferry::IPlugin>* plugin, char* error, size_t error_size);

void write_error(char* error, size_t error_size, const char* message);
}  // namespace ferry::plugin_entry

// FERRY_DEFINE_PLUGIN(MyPlugin): MyPlugin must be default-constructible and derive from IPlugin.
#define FERRY_DEFINE_PLUGIN(PluginType)                                                                          \
  extern "C" FERRY_PLUGIN_EXPORT int ferry_plugin_api_version() { return FERRY_PLUGIN_API_VERSION; }             \
  extern "C" FERRY_PLUGIN_EXPORT int ferry_create_plugin(std::shared_ptr<::ferry::IPlugin>* plugin, char* error, \
                                                         size_t error_size) {                                    \
    try {                                                                                                        \
      *plugin = std::make_shared<PluginType>();                                                                  \
      return ::ferry::plugin_entry::kOk;                                                                         \
    } catch (const std::exception& e) {                                                                          \
      ::ferry::plugin_entry::write_error(error, error_size, e.what());                                           \
    } catch (...) {                                                                                              \
      ::ferry::plugin_entry::write_error(error, error_size, "unknown exception");                                \
    }                                                                                                            \
    return ::ferry::plugin_entry::kFailed;                                                                       \
  }
