#pragma once

#include <functional>
#include <string>
#include <vector>

#include "ferry/base/shape.hpp"
#include "ferry/testing/error_of.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::template_test {

// The plugin library in the test's runfiles.
std::string plugin_library_path();
// An empty folder under $TEST_TMPDIR.
std::string make_temp_dir(const std::string& name);

// A host f32 tensor holding `values`.
Tensor make_f32(const Shape& shape, const std::vector<float>& values);
// The elements of a host f32 tensor.
std::vector<float> values_of(const Tensor& tensor);
// Element-wise comparison with an absolute tolerance (gtest EXPECT, naming the index).
void expect_values_near(const std::vector<float>& actual, const std::vector<float>& expected, float tolerance = 1e-5f);

// The message of the ferry::Exception that `action` throws; a test failure when it throws none.
using ::ferry::testing::error_of;

}  // namespace ferry::template_test
