#include "output_check.hpp"

#include <cmath>
#include <cstring>
#include <sstream>

namespace ferry::tools {

OutputComparison compare_output(const Tensor& got, const testing::StoredTensor& expected, const Tolerance& tolerance) {
  OutputComparison result;
  const size_t count = shape_size(expected.shape);
  if (got.get_shape() != expected.shape || got.get_element_type() != expected.type) {
    result.mismatched_elements = count == 0 ? 1 : count;
    std::ostringstream text;
    text << expected.name << " is " << got.get_element_type() << " " << got.get_shape() << ", expected "
         << expected.type << " " << expected.shape;
    result.first_mismatch = text.str();
    return result;
  }
  if (expected.type != element::f32) {
    if (std::memcmp(got.data(), expected.bytes.data(), expected.bytes.size()) != 0) {
      result.mismatched_elements = count;
      result.first_mismatch = expected.name + " differs from the reference bytes";
    }
    return result;
  }
  const float* values = static_cast<const float*>(got.data());
  const float* reference = reinterpret_cast<const float*>(expected.bytes.data());
  for (size_t i = 0; i < count; ++i) {
    const double error = std::abs(static_cast<double>(values[i]) - reference[i]);
    if (error <= tolerance.absolute + tolerance.relative * std::abs(reference[i])) {  // false for NaN
      if (error > result.max_abs_error) result.max_abs_error = error;
      continue;
    }
    if (result.mismatched_elements++ == 0) {
      std::ostringstream text;
      text << expected.name << "[" << i << "] = " << values[i] << ", expected " << reference[i];
      result.first_mismatch = text.str();
    }
  }
  return result;
}

}  // namespace ferry::tools
