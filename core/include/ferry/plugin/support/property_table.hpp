#pragma once

// A declarative property table: a plugin or compiled model declares each of its properties once
// (key, mutability, how it is read, how it is checked and stored), and SUPPORTED_PROPERTIES,
// get_property, set_property and their errors follow from the table.
//
//   m_properties.read_only(device::full_name, [] { return std::string("My device"); })
//       .setting(ferry::enable_profiling, &Config::enable_profiling);
//   ...
//   Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
//     return m_properties.get(name, m_settings.get(), arguments);  // m_settings: sdk::DeviceSettings
//   }
//
// Settings are fields of the plugin's Config (a struct of plain values that compile_model copies
// into each compiled model and export_model records); read-only properties are computed on each
// read. Values arrive typed or as text (plugins.xml, the command line): Any::as<T> parses both.

#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/properties.hpp"
#include "ferry/value/property.hpp"

namespace ferry::sdk {

// Whether a setting is also a (read-only) property of the models compiled with it.
enum class Reach { kCompiledModel, kPluginOnly };

// How a table names its owner in errors, and what it adds to a refused set of a read-only key.
struct TableOwner {
  std::function<std::string()> name;  // "device 'GPU'", "a model compiled for GPU.0"
  std::string read_only_reason;       // "" or ": it is fixed at compile time"
};

// A plugin: "device 'GPU' has no property 'X'". `device_name` is read at error time, since the
// core renames a plugin after constructing it.
inline TableOwner device_owner(std::function<std::string()> device_name) {
  return {[device_name] { return "device '" + device_name() + "'"; }, ""};
}

// A compiled model: every property is read-only, fixed at compile time.
inline TableOwner compiled_model_owner(std::function<std::string()> device_name) {
  return {[device_name] { return "a model compiled for " + device_name(); }, ": it is fixed at compile time"};
}

// The value as text for error messages, whatever it holds.
std::string value_text(const Any& value);

template <typename Config>
class PropertyTable {
 public:
  explicit PropertyTable(TableOwner owner) : m_owner(std::move(owner)) {
    m_entries.push_back(Entry{supported_properties, nullptr, nullptr, nullptr, Reach::kPluginOnly});
  }

  // A read-only property computed on each read: `get()`, or `get(arguments)` for one that reads
  // the get_property arguments (DEVICE_ID, MODEL_PTR). A read-write key is read-only here (a
  // compiled model's NUM_STREAMS).
  template <typename T, PropertyMutability Mutability, typename Get>
  PropertyTable& read_only(const Property<T, Mutability>& key, Get get) {
    return add(Entry{PropertyName(key.name(), PropertyMutability::RO),
                     [get](const Config&, const AnyMap& arguments) {
                       if constexpr (std::is_invocable_v<const Get&, const AnyMap&>) {
                         return Any(T(get(arguments)));
                       } else {
                         return Any(T(get()));
                       }
                     },
                     nullptr, nullptr, Reach::kPluginOnly});
  }

  // A get_property argument the table accepts (DEVICE_ID, MODEL_PTR): `check(value)` refuses a
  // bad value by throwing. get() refuses any argument not declared.
  template <typename T, PropertyMutability Mutability, typename Check>
  PropertyTable& argument(const Property<T, Mutability>& key, Check check) {
    FERRY_ASSERT(!find_argument(key.name()), "argument '", key.name(), "' is declared twice");
    m_arguments.push_back(Argument{key.name(), check});
    return *this;
  }

  // A setting stored in a field of Config. `check(value)` refuses a value by throwing.
  template <typename T, typename Check = std::nullptr_t>
  PropertyTable& setting(const Property<T, PropertyMutability::RW>& key, T Config::*field, Check check = nullptr,
                         Reach reach = Reach::kCompiledModel) {
    return setting(
        key, [field](const Config& config) { return config.*field; },
        [field, check](Config& config, const T& value) {
          if constexpr (!std::is_same_v<Check, std::nullptr_t>) check(value);
          config.*field = value;
        },
        reach);
  }

  // A setting with its own reading and storing: `get(config)` returns a T, `store(config, value)`
  // checks and stores one (a value derived from several fields).
  template <typename T, typename Get, typename Store>
  PropertyTable& setting(const Property<T, PropertyMutability::RW>& key, Get get, Store store,
                         Reach reach = Reach::kCompiledModel) {
    const std::function<Any(const Config&)> value = [get](const Config& config) { return Any(T(get(config))); };
    return add(Entry{key, [value](const Config& config, const AnyMap&) { return value(config); },
                     [store](Config& config, const Any& any) { store(config, any.as<T>()); }, value, reach});
  }

  // The settings of `plugin` that reach compiled models, as read-only properties of this table
  // (a compiled model's, whose Config is the one it was compiled with); keys this table already
  // declares keep their own reading.
  PropertyTable& report_settings(const PropertyTable& plugin) {
    for (const auto& entry : plugin.m_entries) {
      if (!entry.store || entry.reach != Reach::kCompiledModel || find(entry.name)) continue;
      const auto value = entry.value;
      add(Entry{PropertyName(entry.name, PropertyMutability::RO),
                [value](const Config& config, const AnyMap&) { return value(config); }, nullptr, nullptr,
                Reach::kPluginOnly});
    }
    return *this;
  }

  // SUPPORTED_PROPERTIES: every key in declaration order, with its mutability.
  std::vector<PropertyName> supported() const {
    std::vector<PropertyName> names;
    for (const auto& entry : m_entries) names.push_back(entry.name);
    return names;
  }

  bool has(const std::string& name) const { return find(name) != nullptr; }
  bool is_setting(const std::string& name) const {
    const Entry* entry = find(name);
    return entry && entry->store;
  }

  // Refuses an argument the table does not declare, or a value its check refuses.
  void check_arguments(const AnyMap& arguments) const {
    for (const auto& [name, value] : arguments) {
      const Argument* argument = find_argument(name);
      if (!argument) {
        std::string accepted;
        for (const auto& known : m_arguments) accepted += (accepted.empty() ? "" : ", ") + known.name;
        Exception::raise(m_owner.name(), ": unexpected argument '", name,
                         "' (arguments: ", accepted.empty() ? "none" : accepted, ")");
      }
      try {
        argument->check(value);
      } catch (const std::exception& e) {
        Exception::raise(m_owner.name(), ": bad argument '", value_text(value), "' for '", name, "': ", e.what());
      }
    }
  }

  // get_property: throws naming the owner and the key when the table has no such key, or when
  // check_arguments refuses the arguments.
  Any get(const std::string& name, const Config& config, const AnyMap& arguments = {}) const {
    check_arguments(arguments);
    const Entry* entry = find(name);
    FERRY_ASSERT(entry, m_owner.name(), " has no property '", name, "'");
    if (!entry->read) return supported();
    return entry->read(config, arguments);
  }

  // set_property: applies every entry to a copy of `config`, so that a refused entry (unknown,
  // read-only, or a bad value) leaves `config` unchanged; the error names the key and the value.
  void set(Config& config, const AnyMap& values) const {
    Config updated = config;
    for (const auto& [name, value] : values) {
      const Entry* entry = find(name);
      FERRY_ASSERT(entry, m_owner.name(), " has no property '", name, "'");
      FERRY_ASSERT(entry->store, "property '", name, "' of ", m_owner.name(), " is read-only",
                   m_owner.read_only_reason);
      try {
        entry->store(updated, value);
      } catch (const std::exception& e) {
        Exception::raise(m_owner.name(), ": bad value '", value_text(value), "' for property '", name, "': ", e.what());
      }
    }
    config = std::move(updated);
  }

  // Every setting with its value (what export_model records and import_model gives back to set).
  AnyMap settings_of(const Config& config) const {
    AnyMap values;
    for (const auto& entry : m_entries)
      if (entry.store) values[entry.name] = entry.value(config);
    return values;
  }

 private:
  struct Argument {
    std::string name;
    std::function<void(const Any&)> check;
  };
  struct Entry {
    PropertyName name;
    std::function<Any(const Config&, const AnyMap&)> read;  // null: SUPPORTED_PROPERTIES
    std::function<void(Config&, const Any&)> store;         // null: read-only
    std::function<Any(const Config&)> value;                // settings: the stored value
    Reach reach;
  };

  PropertyTable& add(Entry entry) {
    FERRY_ASSERT(!find(entry.name), "property '", entry.name, "' is declared twice");
    m_entries.push_back(std::move(entry));
    return *this;
  }

  const Argument* find_argument(const std::string& name) const {
    for (const auto& argument : m_arguments)
      if (argument.name == name) return &argument;
    return nullptr;
  }

  const Entry* find(const std::string& name) const {
    for (const auto& entry : m_entries)
      if (entry.name == name) return &entry;
    return nullptr;
  }

  TableOwner m_owner;
  std::vector<Entry> m_entries;
  std::vector<Argument> m_arguments;
};

}  // namespace ferry::sdk
