#pragma once

// A plugin's current settings (its Config), read and changed from any thread: what
// set_property changes and what compile_model, query_model and import_model start from.

#include <functional>
#include <mutex>
#include <utility>

#include "ferry/plugin/support/property_table.hpp"

namespace ferry::sdk {

template <typename Config>
class DeviceSettings {
 public:
  // `table` must outlive the settings (both are members of the plugin, the table first).
  explicit DeviceSettings(const PropertyTable<Config>& table) : m_table(table) {}

  // A copy of the settings.
  Config get() const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_config;
  }

  // A copy with `overrides` applied (compile_model's properties); throws, naming the key and the
  // value, on what the table refuses.
  Config with(const AnyMap& overrides) const {
    Config config = get();
    m_table.set(config, overrides);
    return config;
  }

  // For plugins that run on other devices (MULTI, BATCH): a copy with the keys of `properties`
  // the table declares as settings applied, and the other keys, which are for those devices.
  std::pair<Config, AnyMap> with_own(const AnyMap& properties) const {
    AnyMap own, others;
    for (const auto& [key, value] : properties) (m_table.is_setting(key) ? own : others)[key] = value;
    return {with(own), others};
  }
  // set_property: all the values or none. The table's checks run without the settings' lock
  // held (a check may read the settings, as DEVICE_ID's reads the device list); sets run one at
  // a time, so none is lost. `changed(before, after)`, when given, runs once the new settings
  // are in place.
  void set(const AnyMap& values, const std::function<void(const Config&, const Config&)>& changed = nullptr) {
    std::lock_guard<std::mutex> one_at_a_time(m_set_mutex);
    Config updated = with(values);
    Config before;
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      before = m_config;
      m_config = updated;
    }
    if (changed) changed(before, updated);
  }

 private:
  const PropertyTable<Config>& m_table;
  std::mutex m_set_mutex;
  mutable std::mutex m_mutex;
  Config m_config;
};

}  // namespace ferry::sdk
