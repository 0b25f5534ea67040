#pragma once

#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/value/any_text.hpp"

namespace ferry {

class Any;
// Named parameters: properties, remote context and tensor parameters.
using AnyMap = std::map<std::string, Any>;
// Runtime info of a model, node or port (OpenVINO's name for the same map).
using RTMap = AnyMap;

// A copyable value of any copyable type, or nothing. Copies are deep.
//
// Text is a universal form: as<std::string>() prints any printable value, and as<T>() on an Any
// holding a string parses it into T (so "4" set in plugins.xml reads as an int, "THROUGHPUT" as a
// hint::PerformanceMode). A printable value of another type converts to T the same way, through
// its text, so an int reads as an unsigned when its text is a valid unsigned.
//
// Converted values are cached in the Any: concurrent as<T>() calls that convert the same Any need
// the same synchronisation as any other non-const use.
class Any {
 public:
  Any() = default;
  Any(std::nullptr_t) {}  // NOLINT: an empty Any, as in OpenVINO
  Any(const Any& other);
  Any(Any&& other) noexcept = default;
  Any& operator=(const Any& other);
  Any& operator=(Any&& other) noexcept;
  ~Any();

  // A copy that also keeps `so` (plugin libraries) alive: the value's code may live in a plugin.
  Any(const Any& other, const std::vector<std::shared_ptr<void>>& so);

  // Strings from character pointers and string views are stored as std::string.
  template <typename T, typename D = std::decay_t<T>,
            typename = std::enable_if_t<!std::is_base_of<Any, D>::value && !std::is_same<D, std::nullptr_t>::value>>
  Any(T&& value) {  // NOLINT: implicit, so AnyMap{{"KEY", 4}} works
    if constexpr (std::is_same<D, const char*>::value || std::is_same<D, char*>::value ||
                  std::is_same<D, std::string_view>::value) {
      _impl = std::make_unique<Impl<std::string>>(std::string(value));
    } else {
      static_assert(std::is_copy_constructible<D>::value, "ferry::Any holds copyable values only");
      _impl = std::make_unique<Impl<D>>(std::forward<T>(value));
    }
  }

  template <typename T, typename... Args>
  static Any make(Args&&... args) {
    Any result;
    if constexpr (sizeof...(Args) == 0) {
      result._impl = std::make_unique<Impl<T>>(T{});
    } else {
      T value(std::forward<Args>(args)...);  // direct-initialisation: no casts between pointers
      result._impl = std::make_unique<Impl<T>>(std::move(value));
    }
    return result;
  }

  bool empty() const { return _impl == nullptr; }
  // typeid(void) when empty.
  const std::type_info& type_info() const;
  // The readable name of the stored type ("<empty>" when empty).
  std::string type_name() const;

  template <typename T>
  bool is() const {
    return _impl && _impl->type_info() == typeid(T);
  }

  // The stored T, or a T converted through text (see the class comment). Throws ferry::Exception
  // naming both types, or the text and the type when parsing fails.
  template <typename T>
  T& as() {
    return *convert<std::decay_t<T>>();
  }
  template <typename T>
  const T& as() const {
    return *convert<std::decay_t<T>>();
  }

  // Prints the value's text; throws for a type that has no operator<<. Prints nothing when empty.
  void print(std::ostream& out) const;

  // Equal when both are empty, or the values have one type and compare equal, or one is a string
  // equal to the other's text. Throws for a stored type that has no operator==.
  bool operator==(const Any& other) const;
  bool operator!=(const Any& other) const { return !(*this == other); }

  const std::vector<std::shared_ptr<void>>& get_so() const { return _so; }

 private:
  struct Base {
    virtual ~Base() = default;
    virtual const std::type_info& type_info() const = 0;
    virtual std::unique_ptr<Base> clone() const = 0;
    virtual bool printable() const = 0;
    virtual void print(std::ostream& out) const = 0;
    virtual bool comparable() const = 0;
    virtual bool equal(const Base& other) const = 0;  // other holds the same type
    virtual void* address() = 0;
  };

  template <typename T>
  struct Impl final : Base {
    template <typename U>
    explicit Impl(U&& v) : value(std::forward<U>(v)) {}
    const std::type_info& type_info() const override { return typeid(T); }
    std::unique_ptr<Base> clone() const override { return std::make_unique<Impl<T>>(value); }
    bool printable() const override { return util::Write<T>::enabled; }
    void print(std::ostream& out) const override {
      if constexpr (util::Write<T>::enabled) {
        util::Write<T>::write(out, value);
      } else {
        raise_not_printable(typeid(T));
      }
    }
    bool comparable() const override { return util::is_equality_comparable<T>::value; }
    bool equal(const Base& other) const override {
      if constexpr (util::is_equality_comparable<T>::value) {
        return bool(value == static_cast<const Impl<T>&>(other).value);
      } else {
        raise_not_comparable(typeid(T));
      }
    }
    void* address() override { return &value; }
    T value;
  };

  [[noreturn]] static void raise_not_printable(const std::type_info& type);
  [[noreturn]] static void raise_not_comparable(const std::type_info& type);
  [[noreturn]] void raise_empty(const std::type_info& requested) const;
  [[noreturn]] void raise_bad_cast(const std::type_info& requested) const;
  [[noreturn]] static void raise_parse_failure(const std::string& text, const std::type_info& stored,
                                               const std::type_info& requested);
  // The stored value's text; throws when it is not printable.
  std::string text() const;

  template <typename T>
  T* convert() const {
    if (!_impl) raise_empty(typeid(T));
    if (_impl->type_info() == typeid(T)) return static_cast<T*>(_impl->address());
    if constexpr (std::is_same<T, std::string>::value) {
      _temp = std::make_unique<Impl<std::string>>(text());
      return static_cast<T*>(_temp->address());
    } else if constexpr (util::Read<T>::enabled) {
      if (!_impl->printable()) raise_bad_cast(typeid(T));
      const std::string source = text();
      T value{};
      if (!util::Read<T>::read(source, value)) raise_parse_failure(source, _impl->type_info(), typeid(T));
      _temp = std::make_unique<Impl<T>>(std::move(value));
      return static_cast<T*>(_temp->address());
    } else {
      raise_bad_cast(typeid(T));
    }
  }

  // Declared first so it is destroyed last: the values' code may live in these libraries.
  std::vector<std::shared_ptr<void>> _so;
  std::unique_ptr<Base> _impl;
  mutable std::unique_ptr<Base> _temp;
};

// For an Any itself only: were conversions allowed, every type would look printable (Any is
// constructible from anything) and printing a type without operator<< would recurse forever.
template <typename A, std::enable_if_t<std::is_same<A, Any>::value, int> = 0>
std::ostream& operator<<(std::ostream& out, const A& any) {
  any.print(out);
  return out;
}
// Prints "{KEY: value, ...}".
std::ostream& operator<<(std::ostream& out, const AnyMap& map);

namespace util {
template <>
struct Write<Any> {
  static constexpr bool enabled = true;
  static void write(std::ostream& out, const Any& value) { value.print(out); }
};
// Text read into an Any stays text; as<T>() parses it later, when T is known.
template <>
struct Read<Any> {
  static constexpr bool enabled = true;
  static bool read(const std::string& text, Any& value) {
    value = text;
    return true;
  }
};
}  // namespace util

}  // namespace ferry
