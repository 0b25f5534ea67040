// Split-K convolutions (single-group f32 products too small to fill a large GPU; gemm_launch.hpp)
// against the reference: K split evenly and unevenly, fused bias + ReLU, a residual Add with
// Clamp, strides, and a pointwise convolution.

#include <gtest/gtest.h>

#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

// Sums of up to 576 products of magnitude <= 4, added in another order than the reference's:
// f32 rounding bounds the difference by about K * 1.2e-7 * 4 = 2.8e-4; an indexing error is O(1).
constexpr double kAtol = 1e-3, kRtol = 1e-4;

std::shared_ptr<op::v0::Constant> random_constant(const Shape& shape, unsigned seed) {
  const Tensor values = random_tensor(element::f32, shape, seed);
  const float* data = values.data<float>();
  return op::v0::Constant::create(element::f32, shape, std::vector<float>(data, data + values.get_size()));
}

std::shared_ptr<op::v1::Convolution> conv(const Output<Node>& x, const Shape& weights, unsigned seed, size_t stride,
                                          std::ptrdiff_t pad) {
  return std::make_shared<op::v1::Convolution>(x, random_constant(weights, seed), Strides{stride, stride},
                                               CoordinateDiff{pad, pad}, CoordinateDiff{pad, pad}, Strides{1, 1});
}

TEST(GpuSplitKConvolution, EvenSlicesWithBiasAndRelu) {
  auto x = param({1, 64, 7, 7});  // K = 576: four slices of 144
  auto y = std::make_shared<op::v0::Relu>(
      std::make_shared<op::v1::Add>(conv(x, {64, 64, 3, 3}, 1, 1, 1), random_constant({1, 64, 1, 1}, 2)));
  expect_matches_reference(model_of(y, {x}), random_inputs(model_of(y, {x}), 3), kAtol, kRtol);
}

TEST(GpuSplitKConvolution, UnevenSlicesStrideResidualAndClamp) {
  auto x = param({1, 37, 9, 9});  // K = 333: slices of 176 and 157
  auto residual = param({1, 48, 5, 5});
  auto y = std::make_shared<op::v0::Clamp>(std::make_shared<op::v1::Add>(conv(x, {48, 37, 3, 3}, 4, 2, 1), residual),
                                           -0.5, 0.5);
  auto model = model_of(y, {x, residual});
  expect_matches_reference(model, random_inputs(model, 5), kAtol, kRtol);
}

TEST(GpuSplitKConvolution, PointwiseWithBatch) {
  auto x = param({2, 300, 4, 4});  // 1x1: K = 300 in two slices
  auto y = conv(x, {40, 300, 1, 1}, 6, 1, 0);
  auto model = model_of(y, {x});
  expect_matches_reference(model, random_inputs(model, 7), kAtol, kRtol);
}

}  // namespace
}  // namespace ferry::gpu::test
