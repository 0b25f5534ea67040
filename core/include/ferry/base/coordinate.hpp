#pragma once

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace ferry {

// An index into a tensor: one position per axis (ROI corners, slice bounds).
class Coordinate : public std::vector<size_t> {
 public:
  Coordinate() = default;
  Coordinate(std::initializer_list<size_t> values) : std::vector<size_t>(values) {}
  explicit Coordinate(const std::vector<size_t>& values) : std::vector<size_t>(values) {}
  template <typename Iterator>
  Coordinate(Iterator first, Iterator last) : std::vector<size_t>(first, last) {}
  Coordinate(size_t rank, size_t fill) : std::vector<size_t>(rank, fill) {}
};

}  // namespace ferry
