// A plugin library that claims another SDK API version: the core must refuse it before creating
// anything (its create function would abort if called).
#include <cstdlib>

#include "ferry/plugin/plugin_entry.hpp"

extern "C" FERRY_PLUGIN_EXPORT int ferry_plugin_api_version() { return FERRY_PLUGIN_API_VERSION + 41; }

extern "C" FERRY_PLUGIN_EXPORT int ferry_create_plugin(std::shared_ptr<ferry::IPlugin>*, char*, size_t) {
  std::abort();
}
