#include "ferry/base/partial_shape.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry {

PartialShape::PartialShape(const std::vector<int64_t>& dims) : m_rank_is_static(true) {
  for (int64_t length : dims) m_dims.emplace_back(length);
}

PartialShape::PartialShape(const Shape& shape) : m_rank_is_static(true) {
  for (size_t length : shape) m_dims.emplace_back(static_cast<Dimension::value_type>(length));
}

PartialShape PartialShape::parse(const std::string& raw) {
  std::string text;
  for (char c : raw)
    if (!std::isspace(static_cast<unsigned char>(c))) text += c;
  if (!text.empty() && text.front() == '[') {
    FERRY_ASSERT(text.back() == ']', "cannot parse shape '", raw, "': missing ']'");
    text = text.substr(1, text.size() - 2);
  }
  if (text == "...") return dynamic();
  std::vector<Dimension> dims;
  if (text.empty()) return PartialShape(dims);
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    try {
      dims.push_back(Dimension::parse(item));
    } catch (const Exception& e) {
      Exception::raise("cannot parse shape '", raw, "': ", e.what());
    }
  }
  FERRY_ASSERT(text.back() != ',', "cannot parse shape '", raw, "': trailing ','");
  return PartialShape(dims);
}

PartialShape PartialShape::dynamic(Dimension rank) {
  if (rank.is_dynamic()) {
    PartialShape shape;
    shape.m_rank_is_static = false;
    return shape;
  }
  return PartialShape(std::vector<Dimension>(static_cast<size_t>(rank.get_length()), Dimension()));
}

Dimension PartialShape::rank() const {
  return m_rank_is_static ? Dimension(static_cast<Dimension::value_type>(m_dims.size())) : Dimension();
}

bool PartialShape::is_static() const {
  return m_rank_is_static &&
         std::all_of(m_dims.begin(), m_dims.end(), [](const Dimension& d) { return d.is_static(); });
}

bool PartialShape::is_bounded() const {
  return m_rank_is_static &&
         std::all_of(m_dims.begin(), m_dims.end(), [](const Dimension& d) { return d.is_bounded(); });
}

Shape PartialShape::to_shape() const {
  FERRY_ASSERT(is_static(), "cannot make a static shape from dynamic shape ", to_string());
  Shape shape;
  for (const auto& dim : m_dims) shape.push_back(static_cast<size_t>(dim.get_length()));
  return shape;
}

Shape PartialShape::get_min_shape() const {
  FERRY_ASSERT(m_rank_is_static, "shape ", to_string(), " has a dynamic rank: no minimum shape");
  Shape shape;
  for (const auto& dim : m_dims) shape.push_back(static_cast<size_t>(dim.get_min_length()));
  return shape;
}

Shape PartialShape::get_max_shape() const {
  FERRY_ASSERT(m_rank_is_static, "shape ", to_string(), " has a dynamic rank: no maximum shape");
  Shape shape;
  for (const auto& dim : m_dims) {
    shape.push_back(dim.is_bounded() ? static_cast<size_t>(dim.get_max_length()) : std::numeric_limits<size_t>::max());
  }
  return shape;
}

bool PartialShape::compatible(const PartialShape& other) const {
  if (!m_rank_is_static || !other.m_rank_is_static) return true;
  if (m_dims.size() != other.m_dims.size()) return false;
  for (size_t i = 0; i < m_dims.size(); ++i)
    if (!m_dims[i].compatible(other.m_dims[i])) return false;
  return true;
}

bool PartialShape::same_scheme(const PartialShape& other) const { return *this == other; }

bool PartialShape::refines(const PartialShape& other) const {
  if (!other.m_rank_is_static) return true;
  if (!m_rank_is_static || m_dims.size() != other.m_dims.size()) return false;
  for (size_t i = 0; i < m_dims.size(); ++i)
    if (!m_dims[i].refines(other.m_dims[i])) return false;
  return true;
}

bool PartialShape::merge_into(PartialShape& dst, const PartialShape& src) {
  if (!dst.m_rank_is_static) {
    dst = src;
    return true;
  }
  if (!src.m_rank_is_static) return true;
  if (dst.m_dims.size() != src.m_dims.size()) return false;
  for (size_t i = 0; i < dst.m_dims.size(); ++i)
    if (!Dimension::merge(dst.m_dims[i], dst.m_dims[i], src.m_dims[i])) return false;
  return true;
}

bool PartialShape::broadcast_merge_into(PartialShape& dst, const PartialShape& src, const op::AutoBroadcastSpec& spec) {
  switch (spec.type) {
    case op::AutoBroadcastType::NONE:
      return merge_into(dst, src);
    case op::AutoBroadcastType::NUMPY: {
      if (!dst.m_rank_is_static || !src.m_rank_is_static) {
        dst = dynamic();
        return true;
      }
      const size_t rank = std::max(dst.size(), src.size());
      std::vector<Dimension> result(rank);
      for (size_t i = 0; i < rank; ++i) {
        // Align trailing axes; a missing leading axis behaves as length 1.
        const Dimension a = i < rank - dst.size() ? Dimension(1) : dst.m_dims[i - (rank - dst.size())];
        const Dimension b = i < rank - src.size() ? Dimension(1) : src.m_dims[i - (rank - src.size())];
        if (!Dimension::broadcast_merge(result[i], a, b)) return false;
      }
      dst = PartialShape(result);
      return true;
    }
    case op::AutoBroadcastType::PDPD: {
      if (!dst.m_rank_is_static || !src.m_rank_is_static) return true;  // result keeps dst
      if (src.size() > dst.size()) return false;
      int64_t axis = spec.axis == -1 ? static_cast<int64_t>(dst.size() - src.size()) : spec.axis;
      if (axis < 0 || axis + src.size() > dst.size()) return false;
      for (size_t i = 0; i < src.size(); ++i) {
        Dimension& d = dst.m_dims[axis + i];
        const Dimension& s = src.m_dims[i];
        if (s.is_static() && s.get_length() == 1) continue;
        if (!Dimension::merge(d, d, s)) return false;
      }
      return true;
    }
  }
  return false;
}

bool PartialShape::operator==(const PartialShape& other) const {
  return m_rank_is_static == other.m_rank_is_static && m_dims == other.m_dims;
}

std::string PartialShape::to_string() const {
  if (!m_rank_is_static) return "[...]";
  std::string text = "[";
  for (size_t i = 0; i < m_dims.size(); ++i) text += (i ? "," : "") + m_dims[i].to_string();
  return text + "]";
}

std::ostream& operator<<(std::ostream& out, const PartialShape& shape) { return out << shape.to_string(); }

}  // namespace ferry
