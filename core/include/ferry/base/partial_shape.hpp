#pragma once

#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

#include "ferry/base/auto_broadcast.hpp"
#include "ferry/base/dimension.hpp"
#include "ferry/base/shape.hpp"

namespace ferry {

// A shape that may be partly unknown: a list of Dimensions, or an unknown rank.
class PartialShape {
 public:
  using iterator = std::vector<Dimension>::iterator;
  using const_iterator = std::vector<Dimension>::const_iterator;

  PartialShape() : PartialShape(std::vector<Dimension>{}) {}  // a scalar, like OpenVINO
  PartialShape(std::initializer_list<Dimension> dims) : m_rank_is_static(true), m_dims(dims) {}
  PartialShape(std::vector<Dimension> dims) : m_rank_is_static(true), m_dims(std::move(dims)) {}  // NOLINT
  PartialShape(const std::vector<int64_t>& dims);  // NOLINT: -1 entries are dynamic
  PartialShape(const Shape& shape);                // NOLINT
  // Parses what to_string() prints: "[1,?,3..5]", "[...]", "[]"; brackets optional.
  explicit PartialShape(const std::string& text) : PartialShape(parse(text)) {}
  explicit PartialShape(const char* text) : PartialShape(parse(text)) {}

  static PartialShape parse(const std::string& text);
  // Unknown rank, or (given a rank) rank unknown-length dimensions.
  static PartialShape dynamic(Dimension rank = Dimension::dynamic());

  Dimension rank() const;
  bool is_static() const;  // static rank and every dimension static
  bool is_dynamic() const { return !is_static(); }
  bool all_non_negative() const { return true; }  // kept for API parity; Dimension forbids < 0

  Shape to_shape() const;       // throws, naming the shape, when not static
  Shape get_min_shape() const;  // throws when the rank is dynamic
  // Unbounded dimensions give SIZE_MAX; throws when the rank is dynamic.
  Shape get_max_shape() const;
  bool is_bounded() const;  // static rank, every dimension bounded
  // OpenVINO's other name for to_shape().
  Shape get_shape() const { return to_shape(); }

  bool compatible(const PartialShape& other) const;
  bool same_scheme(const PartialShape& other) const;
  bool refines(const PartialShape& other) const;  // every value this allows, other allows too
  // dst = the intersection of dst and src; false (dst unspecified) when incompatible.
  static bool merge_into(PartialShape& dst, const PartialShape& src);
  // dst = the broadcast of dst and src; false when they cannot broadcast. NONE requires
  // equal shapes (merge); NUMPY aligns trailing axes; PDPD puts src at spec.axis in dst.
  static bool broadcast_merge_into(PartialShape& dst, const PartialShape& src, const op::AutoBroadcastSpec& spec);

  size_t size() const { return m_dims.size(); }  // 0 when the rank is dynamic
  Dimension& operator[](size_t i) { return m_dims.at(i); }
  const Dimension& operator[](size_t i) const { return m_dims.at(i); }
  iterator begin() { return m_dims.begin(); }
  iterator end() { return m_dims.end(); }
  const_iterator begin() const { return m_dims.begin(); }
  const_iterator end() const { return m_dims.end(); }
  void push_back(const Dimension& dim) { m_dims.push_back(dim); }
  iterator insert(const_iterator at, const Dimension& dim) { return m_dims.insert(at, dim); }
  iterator erase(const_iterator at) { return m_dims.erase(at); }
  const std::vector<Dimension>& dims() const { return m_dims; }

  bool operator==(const PartialShape& other) const;
  bool operator!=(const PartialShape& other) const { return !(*this == other); }

  std::string to_string() const;

 private:
  bool m_rank_is_static = false;
  std::vector<Dimension> m_dims;
};

std::ostream& operator<<(std::ostream& out, const PartialShape& shape);

}  // namespace ferry
