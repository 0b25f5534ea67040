#include "ferry/value/any.hpp"

#include <sstream>

namespace ferry {

Any::Any(const Any& other) : _so(other._so), _impl(other._impl ? other._impl->clone() : nullptr) {}

Any::Any(const Any& other, const std::vector<std::shared_ptr<void>>& so) : Any(other) {
  _so.insert(_so.end(), so.begin(), so.end());
}

Any& Any::operator=(const Any& other) {
  if (this != &other) {
    Any copy(other);
    *this = std::move(copy);
  }
  return *this;
}

Any& Any::operator=(Any&& other) noexcept {
  if (this != &other) {
    // Values first, then the libraries that hold their code.
    _temp.reset();
    _impl = std::move(other._impl);
    _so = std::move(other._so);
    other._temp.reset();
  }
  return *this;
}

Any::~Any() {
  _temp.reset();
  _impl.reset();
}

const std::type_info& Any::type_info() const { return _impl ? _impl->type_info() : typeid(void); }

std::string Any::type_name() const { return _impl ? util::demangle(_impl->type_info()) : "<empty>"; }

void Any::print(std::ostream& out) const {
  if (_impl) _impl->print(out);
}

std::string Any::text() const {
  std::ostringstream out;
  _impl->print(out);
  return out.str();
}

bool Any::operator==(const Any& other) const {
  if (!_impl || !other._impl) return !_impl && !other._impl;
  if (_impl->type_info() == other._impl->type_info()) return _impl->equal(*other._impl);
  // Text against a value: compare the value's text, so Any("4") == Any(4).
  if (is<std::string>() && other._impl->printable()) return as<std::string>() == other.text();
  if (other.is<std::string>() && _impl->printable()) return text() == other.as<std::string>();
  return false;
}

void Any::raise_not_printable(const std::type_info& type) {
  Exception::raise("ferry::Any cannot print a value of type ", util::demangle(type), ": it has no operator<<");
}

void Any::raise_not_comparable(const std::type_info& type) {
  Exception::raise("ferry::Any cannot compare values of type ", util::demangle(type), ": it has no operator==");
}

void Any::raise_empty(const std::type_info& requested) const {
  Exception::raise("ferry::Any is empty; it cannot be read as ", util::demangle(requested));
}

void Any::raise_bad_cast(const std::type_info& requested) const {
  Exception::raise("ferry::Any holds a value of type ", util::demangle(_impl->type_info()),
                   ", which cannot be read as ", util::demangle(requested));
}

void Any::raise_parse_failure(const std::string& text, const std::type_info& stored, const std::type_info& requested) {
  Exception::raise("ferry::Any holds '", text, "' (", util::demangle(stored), "), which does not parse as ",
                   util::demangle(requested));
}

std::ostream& operator<<(std::ostream& out, const AnyMap& map) {
  util::Write<AnyMap>::write(out, map);
  return out;
}

}  // namespace ferry
