#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>
#include <vector>

namespace ferry {

// A static shape: one length per axis. A std::vector<size_t> with shape-specific helpers.
class Shape : public std::vector<size_t> {
 public:
  Shape() = default;
  Shape(std::initializer_list<size_t> lengths) : std::vector<size_t>(lengths) {}
  explicit Shape(const std::vector<size_t>& lengths) : std::vector<size_t>(lengths) {}
  template <typename Iterator>
  Shape(Iterator first, Iterator last) : std::vector<size_t>(first, last) {}
  Shape(size_t rank, size_t fill) : std::vector<size_t>(rank, fill) {}

  std::string to_string() const;  // "[2,3]"; "[]" for a scalar
};

// Distances between consecutive elements along each axis, in elements or bytes.
class Strides : public std::vector<size_t> {
 public:
  Strides() = default;
  Strides(std::initializer_list<size_t> values) : std::vector<size_t>(values) {}
  explicit Strides(const std::vector<size_t>& values) : std::vector<size_t>(values) {}
  template <typename Iterator>
  Strides(Iterator first, Iterator last) : std::vector<size_t>(first, last) {}
  Strides(size_t rank, size_t fill) : std::vector<size_t>(rank, fill) {}
};

// Signed per-axis offsets (paddings).
class CoordinateDiff : public std::vector<std::ptrdiff_t> {
 public:
  CoordinateDiff() = default;
  CoordinateDiff(std::initializer_list<std::ptrdiff_t> values) : std::vector<std::ptrdiff_t>(values) {}
  explicit CoordinateDiff(const std::vector<std::ptrdiff_t>& values) : std::vector<std::ptrdiff_t>(values) {}
  template <typename Iterator>
  CoordinateDiff(Iterator first, Iterator last) : std::vector<std::ptrdiff_t>(first, last) {}
  CoordinateDiff(size_t rank, std::ptrdiff_t fill) : std::vector<std::ptrdiff_t>(rank, fill) {}
};

// An ordering of axes (Transpose orders, reduction axes after normalization).
using AxisVector = std::vector<size_t>;

// Number of elements: the product of the lengths (1 for a scalar).
size_t shape_size(const std::vector<size_t>& shape);
// Element strides of a dense row-major (C order) layout.
Strides row_major_strides(const std::vector<size_t>& shape);

std::string to_string(const Shape& shape);
std::ostream& operator<<(std::ostream& out, const Shape& shape);
std::ostream& operator<<(std::ostream& out, const Strides& strides);
std::ostream& operator<<(std::ostream& out, const CoordinateDiff& diff);

}  // namespace ferry
