#include "ferry/base/shape.hpp"

#include <sstream>

namespace ferry {
namespace {

template <typename Values>
std::string join(const Values& values) {
  std::ostringstream out;
  out << '[';
  for (size_t i = 0; i < values.size(); ++i) out << (i ? "," : "") << values[i];
  out << ']';
  return out.str();
}

}  // namespace

std::string Shape::to_string() const { return join(*this); }

size_t shape_size(const std::vector<size_t>& shape) {
  size_t size = 1;
  for (size_t length : shape) size *= length;
  return size;
}

Strides row_major_strides(const std::vector<size_t>& shape) {
  Strides strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
  return strides;
}

std::string to_string(const Shape& shape) { return shape.to_string(); }
std::ostream& operator<<(std::ostream& out, const Shape& shape) { return out << join(shape); }
std::ostream& operator<<(std::ostream& out, const Strides& strides) { return out << join(strides); }
std::ostream& operator<<(std::ostream& out, const CoordinateDiff& diff) { return out << join(diff); }

}  // namespace ferry
