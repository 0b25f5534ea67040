// The batch_norm primitive's f16 storage form (BatchNormInference-5, all five inputs f16) against
// the f32 reference on the same numbers; the f32 form is covered by primitives_test.cpp.
//
// Tolerance: identical inputs, float arithmetic, one rounding of the output to f16 (<= 2^-11
// ~ 4.9e-4 relative): 2e-3 relative (about four f16 ulps) + 1e-3 absolute.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/batch_norm.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"

namespace ferry::gpu::test {
namespace {

ModelOfType batch_norm(const Shape& shape) {
  return [=](const element::Type& type) {
    auto x = param(shape, type);
    const Shape channels{shape[1]};
    auto bn = std::make_shared<op::v5::BatchNormInference>(
        x, half_exact_constant(type, channels, 2), half_exact_constant(type, channels, 3),
        half_exact_constant(type, channels, 4), half_exact_constant(type, channels, 5, 0.25, 3.0), 1e-3);
    return model_of(bn, {x});
  };
}

TEST(GpuBatchNormPrimitives, HalfStorage) {
  expect_half_matches_f32_reference(batch_norm({2, 3, 4, 4}), 1, 1e-3, 2e-3);
  expect_half_matches_f32_reference(batch_norm({3, 5}), 6, 1e-3, 2e-3);  // no spatial axes
}

TEST(GpuBatchNormPrimitives, HalfStorageIsClaimed) {
  auto half = batch_norm({1, 2, 3})(element::f16);
  half->get_results()[0]->get_input_node_shared_ptr(0)->set_friendly_name("half_bn");
  Core core = make_core();
  EXPECT_EQ(core.query_model(half, "GPU").count("half_bn"), 1u);
}

}  // namespace
}  // namespace ferry::gpu::test
