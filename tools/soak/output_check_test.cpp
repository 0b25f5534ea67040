#include "output_check.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace ferry::tools {
namespace {

testing::StoredTensor reference_of(const std::vector<float>& values) {
  testing::StoredTensor tensor{"probs", element::f32, Shape{1, values.size()}, {}};
  tensor.bytes.resize(values.size() * sizeof(float));
  std::memcpy(tensor.bytes.data(), values.data(), tensor.bytes.size());
  return tensor;
}

Tensor tensor_of(std::vector<float>& values) { return Tensor(element::f32, Shape{1, values.size()}, values.data()); }

TEST(OutputCheck, WithinToleranceMatches) {
  const testing::StoredTensor expected = reference_of({1.0f, -2.0f, 100.0f});
  std::vector<float> got = {1.00005f, -2.0001f, 100.01f};
  const OutputComparison comparison = compare_output(tensor_of(got), expected, Tolerance{});
  EXPECT_TRUE(comparison.matches()) << comparison.first_mismatch;
  EXPECT_NEAR(comparison.max_abs_error, 0.01, 1e-4);
}

TEST(OutputCheck, CountsEveryElementBeyondTolerance) {
  const testing::StoredTensor expected = reference_of({1.0f, 2.0f, 3.0f, 4.0f});
  std::vector<float> got = {1.0f, 2.1f, 3.0f, std::numeric_limits<float>::quiet_NaN()};
  const OutputComparison comparison = compare_output(tensor_of(got), expected, Tolerance{});
  EXPECT_EQ(comparison.mismatched_elements, 2u);
  EXPECT_NE(comparison.first_mismatch.find("probs[1] = 2.1, expected 2"), std::string::npos)
      << comparison.first_mismatch;
}

TEST(OutputCheck, WrongShapeMismatchesEveryElement) {
  const testing::StoredTensor expected = reference_of({1.0f, 2.0f});
  std::vector<float> got = {1.0f, 2.0f, 3.0f};
  const OutputComparison comparison = compare_output(tensor_of(got), expected, Tolerance{});
  EXPECT_EQ(comparison.mismatched_elements, 2u);
  EXPECT_NE(comparison.first_mismatch.find("expected f32 [1,2]"), std::string::npos) << comparison.first_mismatch;
}

TEST(OutputCheck, OtherTypesCompareBytes) {
  testing::StoredTensor expected{"n", element::i32, Shape{2}, std::vector<char>(8, 0)};
  std::vector<int32_t> got = {0, 0};
  EXPECT_TRUE(compare_output(Tensor(element::i32, Shape{2}, got.data()), expected, Tolerance{}).matches());
  got[1] = 1;
  EXPECT_FALSE(compare_output(Tensor(element::i32, Shape{2}, got.data()), expected, Tolerance{}).matches());
}

}  // namespace
}  // namespace ferry::tools
