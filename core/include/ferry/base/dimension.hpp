#pragma once

#include <cstdint>
#include <limits>
#include <ostream>
#include <string>

namespace ferry {

// One dimension of a shape: static (5), dynamic (?), or an interval of possible lengths
// (1..10, ..10, 2..). Internally always an interval [min, max]; max may be unbounded.
class Dimension {
 public:
  using value_type = int64_t;

  Dimension() = default;  // fully dynamic
  // Dimension(-1) is dynamic; any other negative length throws.
  Dimension(value_type length);  // NOLINT: a length converts implicitly, as in OpenVINO
  // An interval; max_length == -1 means unbounded. Throws when min > max or min < 0.
  Dimension(value_type min_length, value_type max_length);

  static Dimension dynamic() { return Dimension(); }
  // Parses what to_string() prints: "5", "?", "-1", "1..10", "..10", "2..".
  static Dimension parse(const std::string& text);

  bool is_static() const { return m_min == m_max; }
  bool is_dynamic() const { return m_min != m_max; }
  bool is_bounded() const { return m_max != kUnbounded; }  // a static dimension is bounded
  bool is_unbounded_dynamic() const { return m_min == 0 && m_max == kUnbounded; }

  value_type get_length() const;  // throws when dynamic
  value_type get_min_length() const { return m_min; }
  value_type get_max_length() const { return m_max == kUnbounded ? -1 : m_max; }  // -1: unbounded

  bool compatible(const Dimension& other) const;   // the intervals intersect
  bool same_scheme(const Dimension& other) const;  // the very same interval
  bool refines(const Dimension& other) const;      // this interval lies inside other's
  bool contains(value_type length) const { return length >= m_min && length <= m_max; }

  // dst = a intersected with b; false (dst untouched) when they do not intersect.
  static bool merge(Dimension& dst, const Dimension& a, const Dimension& b);
  // Numpy broadcasting of two dimensions: 1 stretches to the other; false when incompatible.
  static bool broadcast_merge(Dimension& dst, const Dimension& a, const Dimension& b);

  // Interval arithmetic; subtraction clamps at 0.
  Dimension operator+(const Dimension& other) const;
  Dimension operator-(const Dimension& other) const;
  Dimension operator*(const Dimension& other) const;
  Dimension& operator+=(const Dimension& other) { return *this = *this + other; }
  Dimension& operator*=(const Dimension& other) { return *this = *this * other; }
  // Intersection; throws when empty (use merge() to test).
  Dimension operator&(const Dimension& other) const;
  Dimension& operator&=(const Dimension& other) { return *this = *this & other; }

  bool operator==(const Dimension& other) const { return m_min == other.m_min && m_max == other.m_max; }
  bool operator!=(const Dimension& other) const { return !(*this == other); }

  std::string to_string() const;

 private:
  static constexpr value_type kUnbounded = std::numeric_limits<value_type>::max();
  value_type m_min = 0;
  value_type m_max = kUnbounded;
};

std::ostream& operator<<(std::ostream& out, const Dimension& dimension);

// A shape's rank: a Dimension, static when the number of axes is known.
using Rank = Dimension;

}  // namespace ferry
