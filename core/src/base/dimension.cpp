#include "ferry/base/dimension.hpp"

#include <algorithm>
#include <cctype>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace {

constexpr Dimension::value_type kInf = std::numeric_limits<Dimension::value_type>::max();

Dimension::value_type add_saturated(Dimension::value_type a, Dimension::value_type b) {
  return (a == kInf || b == kInf || a > kInf - b) ? kInf : a + b;
}

Dimension::value_type multiply_saturated(Dimension::value_type a, Dimension::value_type b) {
  if (a == 0 || b == 0) return 0;
  if (a == kInf || b == kInf || a > kInf / b) return kInf;
  return a * b;
}

Dimension::value_type parse_length(const std::string& text, const std::string& whole) {
  FERRY_ASSERT(!text.empty() && std::all_of(text.begin(), text.end(), ::isdigit), "cannot parse dimension '", whole,
               "': expected a number, '?', 'a..b', '..b' or 'a..'");
  try {
    return std::stoll(text);
  } catch (const std::exception&) {
    Exception::raise("cannot parse dimension '", whole, "': length out of range");
  }
}

}  // namespace

Dimension::Dimension(value_type length) {
  if (length == -1) return;
  FERRY_ASSERT(length >= 0, "invalid dimension length ", length, " (must be >= 0, or -1 for dynamic)");
  m_min = m_max = length;
}

Dimension::Dimension(value_type min_length, value_type max_length) {
  FERRY_ASSERT(min_length >= 0, "invalid dimension interval: min length ", min_length, " < 0");
  m_min = min_length;
  m_max = max_length == -1 ? kInf : max_length;
  FERRY_ASSERT(m_max >= m_min, "invalid dimension interval: min length ", min_length, " > max length ", max_length);
}

Dimension Dimension::parse(const std::string& raw) {
  std::string text;
  for (char c : raw)
    if (!std::isspace(static_cast<unsigned char>(c))) text += c;
  if (text == "?" || text == "-1") return Dimension();
  const auto dots = text.find("..");
  if (dots == std::string::npos) return Dimension(parse_length(text, raw));
  const std::string low = text.substr(0, dots);
  const std::string high = text.substr(dots + 2);
  FERRY_ASSERT(!(low.empty() && high.empty()), "cannot parse dimension '", raw, "': empty interval");
  const value_type min_length = low.empty() ? 0 : parse_length(low, raw);
  const value_type max_length = high.empty() ? -1 : parse_length(high, raw);
  FERRY_ASSERT(max_length == -1 || min_length <= max_length, "cannot parse dimension '", raw, "': min > max");
  return Dimension(min_length, max_length);
}

Dimension::value_type Dimension::get_length() const {
  FERRY_ASSERT(is_static(), "cannot get the length of dynamic dimension ", to_string());
  return m_min;
}

bool Dimension::compatible(const Dimension& other) const {
  return std::max(m_min, other.m_min) <= std::min(m_max, other.m_max);
}

bool Dimension::same_scheme(const Dimension& other) const { return *this == other; }

bool Dimension::refines(const Dimension& other) const { return m_min >= other.m_min && m_max <= other.m_max; }

bool Dimension::merge(Dimension& dst, const Dimension& a, const Dimension& b) {
  if (!a.compatible(b)) return false;
  dst.m_min = std::max(a.m_min, b.m_min);
  dst.m_max = std::min(a.m_max, b.m_max);
  return true;
}

bool Dimension::broadcast_merge(Dimension& dst, const Dimension& a, const Dimension& b) {
  const bool a_is_one = a.is_static() && a.m_min == 1;
  const bool b_is_one = b.is_static() && b.m_min == 1;
  if (a_is_one) {
    dst = b;
    return true;
  }
  if (b_is_one) {
    dst = a;
    return true;
  }
  const bool a_may_be_one = a.contains(1);
  const bool b_may_be_one = b.contains(1);
  if (!a_may_be_one && !b_may_be_one) return merge(dst, a, b);
  if (a_may_be_one && !b_may_be_one) {  // a is 1 (result b) or equals b (result b)
    dst = b;
    return true;
  }
  if (!a_may_be_one && b_may_be_one) {
    dst = a;
    return true;
  }
  // Both may be 1: the result is any value either could take.
  dst.m_min = std::min(a.m_min, b.m_min);
  dst.m_max = std::max(a.m_max, b.m_max);
  return true;
}

Dimension Dimension::operator+(const Dimension& other) const {
  Dimension result;
  result.m_min = add_saturated(m_min, other.m_min);
  result.m_max = add_saturated(m_max, other.m_max);
  return result;
}

Dimension Dimension::operator-(const Dimension& other) const {
  Dimension result;
  result.m_min = other.m_max == kInf ? 0 : std::max<value_type>(0, m_min - other.m_max);
  result.m_max = m_max == kInf ? kInf : std::max<value_type>(0, m_max - other.m_min);
  return result;
}

Dimension Dimension::operator*(const Dimension& other) const {
  Dimension result;
  result.m_min = multiply_saturated(m_min, other.m_min);
  result.m_max = multiply_saturated(m_max, other.m_max);
  return result;
}

Dimension Dimension::operator&(const Dimension& other) const {
  Dimension result;
  FERRY_ASSERT(merge(result, *this, other), "dimensions ", to_string(), " and ", other.to_string(),
               " do not intersect");
  return result;
}

std::string Dimension::to_string() const {
  if (is_static()) return std::to_string(m_min);
  if (is_unbounded_dynamic()) return "?";
  std::string text = m_min == 0 ? "" : std::to_string(m_min);
  text += "..";
  if (m_max != kInf) text += std::to_string(m_max);
  return text;
}

std::ostream& operator<<(std::ostream& out, const Dimension& dimension) { return out << dimension.to_string(); }

}  // namespace ferry
