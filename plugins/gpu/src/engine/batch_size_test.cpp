// The batch-size rules of batch_size.hpp on hand-made models, against values computed by hand.
#include "batch_size.hpp"

#include <gtest/gtest.h>

#include "ferry/ferry.hpp"

namespace ferry::gpu {
namespace {

// x[batch, 256] x W[256, 128] -> Relu: weights 128 KiB; per item 256 + 128 + 128 floats.
std::shared_ptr<Model> mlp(const PartialShape& input) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, input);
  auto w = std::make_shared<op::v0::Constant>(element::f32, Shape{256, 128}, std::vector<float>(256 * 128, 0.5f));
  auto y = std::make_shared<op::v0::Relu>(std::make_shared<op::v0::MatMul>(x, w));
  return std::make_shared<Model>(OutputVector{y}, ParameterVector{x});
}

DeviceInfo device(uint32_t compute_units, size_t work_group, uint64_t memory) {
  DeviceInfo info;
  info.compute_units = compute_units;
  info.max_work_group_size = work_group;
  info.global_mem_size = memory;
  return info;
}

TEST(BatchSize, FootprintCountsWeightsOnceAndActivationsPerItem) {
  const ModelFootprint one = analyse_footprint(*mlp(PartialShape{1, 256}));
  EXPECT_EQ(one.weight_bytes, 256u * 128u * 4u);
  EXPECT_EQ(one.activation_bytes_per_item, (256u + 128u + 128u) * 4u);
  EXPECT_EQ(one.widest_op_elements_per_item, 256u);
  EXPECT_TRUE(one.batch_one_inputs);
  // The same model at batch 4: the same per-item numbers, and not in batch-1 form.
  const ModelFootprint four = analyse_footprint(*mlp(PartialShape{4, 256}));
  EXPECT_EQ(four.activation_bytes_per_item, one.activation_bytes_per_item);
  EXPECT_EQ(four.weight_bytes, one.weight_bytes);
  EXPECT_FALSE(four.batch_one_inputs);
  // A dynamic batch counts as 1 and is not batch-1 form either.
  const ModelFootprint dynamic = analyse_footprint(*mlp(PartialShape{Dimension::dynamic(), 256}));
  EXPECT_EQ(dynamic.activation_bytes_per_item, one.activation_bytes_per_item);
  EXPECT_FALSE(dynamic.batch_one_inputs);
}

TEST(BatchSize, MaxBatchFollowsTheMemoryRule) {
  const ModelFootprint footprint = analyse_footprint(*mlp(PartialShape{1, 256}));
  // 1 MiB: usable 1048576 / 100 * 75 = 786375; (786375 - 131072) / 2048 = 319.97.
  EXPECT_EQ(max_batch_for(footprint, 1u << 20), 319u);
  // Weights alone above the usable memory: 1, the model as given.
  EXPECT_EQ(max_batch_for(footprint, 100000), 1u);
  // Plenty of memory: capped.
  EXPECT_EQ(max_batch_for(footprint, uint64_t(1) << 50), kMaxBatchSizeCap);
}

TEST(BatchSize, OptimalBatchFillsTheDeviceOnceWithinTheBounds) {
  const ModelFootprint footprint = analyse_footprint(*mlp(PartialShape{1, 256}));
  // 4 x 256 work-items: 256 per item -> 4 items.
  EXPECT_EQ(optimal_batch_for(footprint, device(4, 256, uint64_t(1) << 30)), 4u);
  // A device too wide to fill: the cap.
  EXPECT_EQ(optimal_batch_for(footprint, device(1000, 1024, uint64_t(1) << 30)), kMaxOptimalBatchSize);
  // Memory for 3 items only (131072 + 3 x 2048 = 137216 bytes usable): the power of two below.
  EXPECT_EQ(optimal_batch_for(footprint, device(1000, 1024, 137216 * 100 / 75 + 100)), 2u);
  // A device one item fills: 1.
  EXPECT_EQ(optimal_batch_for(footprint, device(1, 256, uint64_t(1) << 30)), 1u);
  // Not in batch-1 form: nothing to stack.
  EXPECT_EQ(optimal_batch_for(analyse_footprint(*mlp(PartialShape{4, 256})), device(4, 256, uint64_t(1) << 30)), 1u);
}

}  // namespace
}  // namespace ferry::gpu
