// The fake_quantize primitive (FakeQuantize-1) against the core's reference evaluate: per-tensor
// and per-channel ranges, inverted output range, swapped input range, levels 2 to 256; the f16
// storage form against the f32 reference on the same (f16-exact) data and ranges.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/fake_quantize.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<op::v0::Constant> reals(const Shape& shape, const std::vector<float>& values) {
  return op::v0::Constant::create(element::f32, shape, values);
}

void check(const Shape& shape, const std::shared_ptr<op::v0::Constant> (&ranges)[4], int64_t levels) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape(shape));
  auto fq = std::make_shared<op::v0::FakeQuantize>(x, ranges[0], ranges[1], ranges[2], ranges[3], levels);
  auto model = std::make_shared<Model>(OutputVector{fq}, ParameterVector{x}, "fake_quantize");
  expect_matches_reference(model, random_inputs(model, 43), 1e-5, 1e-5);
}

TEST(GpuFakeQuantizePrimitives, PerTensorRanges) {
  for (int64_t levels : {2, 5, 16, 255, 256}) {
    const std::shared_ptr<op::v0::Constant> ranges[4] = {reals({}, {-1.5f}), reals({}, {1.25f}), reals({}, {0.0f}),
                                                         reals({}, {255.0f})};
    check({2, 3, 7}, ranges, levels);
  }
}

TEST(GpuFakeQuantizePrimitives, PerChannelAndInvertedRanges) {
  const std::shared_ptr<op::v0::Constant> channels[4] = {reals({1, 3, 1, 1}, {-1.0f, -2.0f, -0.5f}),
                                                         reals({1, 3, 1, 1}, {1.0f, 2.0f, 2.5f}), reals({}, {-1.0f}),
                                                         reals({3, 1, 1}, {1.0f, 3.0f, 0.5f})};
  check({2, 3, 4, 5}, channels, 7);
  const std::shared_ptr<op::v0::Constant> inverted[4] = {reals({}, {-1.0f}), reals({}, {1.0f}), reals({}, {3.0f}),
                                                         reals({}, {-3.0f})};
  check({4, 6}, inverted, 16);
  const std::shared_ptr<op::v0::Constant> swapped[4] = {reals({}, {1.0f}), reals({}, {-1.0f}), reals({}, {0.0f}),
                                                        reals({}, {1.0f})};
  check({4, 6}, swapped, 9);
}

// f16 storage: data and ranges are the same numbers in both models and the level is chosen by the
// same float operations, so only the output's rounding to f16 differs (<= 2^-11 ~ 4.9e-4
// relative): 2e-3 relative + 1e-3 absolute.
TEST(GpuFakeQuantizePrimitives, HalfStorage) {
  for (int64_t levels : {2, 16, 256})
    expect_half_matches_f32_reference(
        [&](const element::Type& type) {
          auto x = std::make_shared<op::v0::Parameter>(type, PartialShape{2, 3, 4, 5});
          const auto range = [&](const Shape& shape, const std::vector<float>& values) {
            return op::v0::Constant::create(type, shape, values);  // all f16-exact
          };
          auto fq = std::make_shared<op::v0::FakeQuantize>(x, range({1, 3, 1, 1}, {-1.0f, -2.0f, -0.5f}),
                                                           range({1, 3, 1, 1}, {1.0f, 2.0f, 2.5f}), range({}, {-1.0f}),
                                                           range({}, {255.0f}), levels);
          return std::make_shared<Model>(OutputVector{fq}, ParameterVector{x}, "fake_quantize");
        },
        47, 1e-3, 2e-3);
}

}  // namespace
}  // namespace ferry::gpu::test
