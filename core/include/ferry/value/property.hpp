#pragma once

// The machinery of typed properties: Property<T, Mutability>, PropertyName and the helper that
// lets variadic API functions accept `ferry::num_streams(2), ferry::cache_dir("x")...`.
// The property keys themselves are in properties.hpp.

#include <string>
#include <type_traits>
#include <utility>

#include "ferry/value/any.hpp"

namespace ferry {

// RW: set and queried; RO: queried only (a metric); WO: set only (OpenVINO's write-only
// properties, e.g. cache_encryption_callbacks, whose value cannot be read back).
enum class PropertyMutability { RW, RO, WO };

// A property key that knows whether it may be set (what SUPPORTED_PROPERTIES lists).
class PropertyName : public std::string {
 public:
  PropertyName(const std::string& name = {}, PropertyMutability mutability = PropertyMutability::RW)  // NOLINT
      : std::string(name), _mutability(mutability) {}
  PropertyName(const char* name, PropertyMutability mutability = PropertyMutability::RW)  // NOLINT
      : std::string(name), _mutability(mutability) {}
  template <typename P, typename = decltype(P::mutability), typename = decltype(std::declval<const P&>().name())>
  PropertyName(const P& property)  // NOLINT: lists of supported properties read like {ferry::cache_dir, ...}
      : std::string(property.name()), _mutability(P::mutability) {}

  // As OpenVINO's: true for RW only (WO keys are settable but not queryable: see mutability()).
  bool is_mutable() const { return _mutability == PropertyMutability::RW; }
  PropertyMutability mutability() const { return _mutability; }

 private:
  PropertyMutability _mutability = PropertyMutability::RW;
};

namespace util {

template <typename... Args>
struct all_string_any : std::conjunction<std::is_constructible<std::pair<std::string, Any>, Args>...> {};

// R when every Args is a (key, value) pair: guards variadic `compile_model(m, "GPU", props...)`.
template <typename R, typename... Args>
using EnableIfAllStringAny = std::enable_if_t<all_string_any<Args...>::value, R>;

// T from the arguments of a property call: direct-initialisation for one argument (so an int
// variable initialises an unsigned), list-initialisation otherwise (so a vector takes a list).
template <typename T, typename... Args>
T make_property_value(Args&&... args) {
  if constexpr (sizeof...(Args) == 1 && std::is_constructible<T, Args...>::value) {
    T value(std::forward<Args>(args)...);
    return value;
  } else {
    return T{std::forward<Args>(args)...};
  }
}

}  // namespace util

template <typename T, PropertyMutability Mutability = PropertyMutability::RW>
class Property;

// What every property has: a key and a value type.
template <typename T, PropertyMutability Mutability>
class PropertyKey {
 public:
  using value_type = T;
  static constexpr PropertyMutability mutability = Mutability;

  constexpr explicit PropertyKey(const char* name) : _name(name) {}
  constexpr const char* name() const { return _name; }
  operator std::string() const { return _name; }  // NOLINT: usable where a key string is expected

 private:
  const char* _name;
};

// A read-only property (a metric): it can be queried, not set.
template <typename T>
class Property<T, PropertyMutability::RO> : public PropertyKey<T, PropertyMutability::RO> {
 public:
  using PropertyKey<T, PropertyMutability::RO>::PropertyKey;
};

// A property that can be set: `cache_dir("/tmp/c")` makes the {"CACHE_DIR", Any} pair to set it.
template <typename T, PropertyMutability Mutability>
class SettablePropertyKey : public PropertyKey<T, Mutability> {
 public:
  using PropertyKey<T, Mutability>::PropertyKey;

  template <typename... Args>
  std::pair<std::string, Any> operator()(Args&&... args) const {
    return {this->name(), Any(util::make_property_value<T>(std::forward<Args>(args)...))};
  }
};

// A read-write property.
template <typename T>
class Property<T, PropertyMutability::RW> : public SettablePropertyKey<T, PropertyMutability::RW> {
 public:
  using SettablePropertyKey<T, PropertyMutability::RW>::SettablePropertyKey;
};

// A write-only property: it can be set (given to compile_model), not queried.
template <typename T>
class Property<T, PropertyMutability::WO> : public SettablePropertyKey<T, PropertyMutability::WO> {
 public:
  using SettablePropertyKey<T, PropertyMutability::WO>::SettablePropertyKey;
};

}  // namespace ferry
