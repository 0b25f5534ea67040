// Strided views and replicating copies against the core's reference: Slice, StridedSlice with
// masks, Split/VariadicSplit, Tile, Broadcast's three modes, Pad's four modes (negative pads
// crop), DepthToSpace/SpaceToDepth, Concat of integers, ShapeOf and Range.

#include <gtest/gtest.h>

#include <limits>

#include "ferry/graph/ops.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<Model> model_with(const OutputVector& outputs, const ParameterVector& parameters) {
  return std::make_shared<Model>(outputs, parameters, "slice_pad");
}

void check(const std::shared_ptr<Model>& model) { expect_matches_reference(model, random_inputs(model, 31), 0.0, 0.0); }

const int64_t kFar = std::numeric_limits<int64_t>::max();

TEST(GpuSlicePad, SliceStepsAxesAndEmptyRanges) {
  auto x = param({4, 5, 6});
  check(
      model_with({std::make_shared<op::v8::Slice>(x, ints({1, -1}), ints({3, -6}), ints({1, -2}), ints({0, 2}))}, {x}));
  check(model_with({std::make_shared<op::v8::Slice>(x, ints({-100}), ints({kFar}), ints({3}))}, {x}));
  check(model_with({std::make_shared<op::v8::Slice>(x, ints({kFar}), ints({-kFar}), ints({-1}), ints({1}))}, {x}));
  // An empty range next to a kernel: the model still runs.
  auto empty = std::make_shared<op::v8::Slice>(x, ints({3}), ints({1}), ints({1}), ints({2}));
  check(model_with({empty, std::make_shared<op::v0::Relu>(x)}, {x}));
  auto xi = param({7}, element::i64);
  check(model_with({std::make_shared<op::v8::Slice>(xi, ints({6}), ints({0}), ints({-2}))}, {xi}));
}

TEST(GpuSlicePad, StridedSliceMasks) {
  auto x = param({3, 4, 5});
  // begin/end masks, a negative stride.
  check(model_with({std::make_shared<op::v1::StridedSlice>(x, ints({1, 3}), ints({0, 0}), ints({1, -1}),
                                                           std::vector<int64_t>{0, 0}, std::vector<int64_t>{1, 1})},
                   {x}));
  // A new axis, a shrunk axis (negative index), the rest whole.
  check(model_with({std::make_shared<op::v1::StridedSlice>(
                       x, ints({0, -1, 1}), ints({0, 0, 4}), ints({1, 1, 2}), std::vector<int64_t>{},
                       std::vector<int64_t>{}, std::vector<int64_t>{1, 0, 0}, std::vector<int64_t>{0, 1, 0})},
                   {x}));
  // An ellipsis, then the last axis reversed.
  check(model_with(
      {std::make_shared<op::v1::StridedSlice>(x, ints({0, -1}), ints({0, -kFar}), ints({1, -1}), std::vector<int64_t>{},
                                              std::vector<int64_t>{}, std::vector<int64_t>{}, std::vector<int64_t>{},
                                              std::vector<int64_t>{1, 0})},
      {x}));
}

TEST(GpuSlicePad, SplitAndVariadicSplit) {
  auto x = param({2, 6, 3}, element::i32);
  auto split = std::make_shared<op::v1::Split>(x, ints({-2}), 3);
  check(model_with(split->outputs(), {x}));
  auto lengths = op::v0::Constant::create(element::i64, Shape{3}, std::vector<int64_t>{1, -1, 0});
  auto variadic = std::make_shared<op::v1::VariadicSplit>(
      x, op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{2}), lengths);
  check(model_with({variadic->output(0), variadic->output(1)}, {x}));
}

TEST(GpuSlicePad, TileAndBroadcastModes) {
  auto x = param({2, 1, 3});
  check(model_with({std::make_shared<op::v0::Tile>(x, ints({2, 1, 3, 2}))}, {x}));
  check(model_with({std::make_shared<op::v0::Tile>(x, ints({2}))}, {x}));
  check(model_with({std::make_shared<op::v3::Broadcast>(x, ints({4, 2, 5, 3}))}, {x}));
  check(model_with({std::make_shared<op::v3::Broadcast>(x, ints({2, 4, 1}), "bidirectional")}, {x}));
  auto v = param({3}, element::u8);
  check(model_with({std::make_shared<op::v3::Broadcast>(v, ints({3, 2}), ints({0}))}, {v}));
}

TEST(GpuSlicePad, PadModesValuesAndCrops) {
  auto x = param({2, 3, 4});
  for (auto mode : {op::PadMode::CONSTANT, op::PadMode::EDGE, op::PadMode::REFLECT, op::PadMode::SYMMETRIC})
    check(model_with({std::make_shared<op::v1::Pad>(x, ints({0, 2, 1}), ints({1, 1, 3}), mode)}, {x}));
  auto value = op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{7.5f});
  check(model_with(
      {std::make_shared<op::v12::Pad>(x, ints({1, -1, 0}), ints({0, 1, -2}), value, op::PadMode::CONSTANT)}, {x}));
  auto xi = param({3, 3}, element::i64);
  auto fill = param({}, element::i64);
  check(model_with({std::make_shared<op::v1::Pad>(xi, ints({1, 0}), ints({0, 2}), fill, op::PadMode::CONSTANT)},
                   {xi, fill}));
}

TEST(GpuSlicePad, DepthToSpaceAndSpaceToDepth) {
  auto depth = param({1, 8, 2, 3});
  auto space = param({2, 2, 4, 6});
  for (auto mode : {op::BlockMode::BLOCKS_FIRST, op::BlockMode::DEPTH_FIRST}) {
    check(model_with({std::make_shared<op::v0::DepthToSpace>(depth, mode, 2)}, {depth}));
    check(model_with({std::make_shared<op::v0::SpaceToDepth>(space, mode, 2)}, {space}));
  }
  auto depth3 = param({1, 16, 2, 1, 2});
  check(model_with({std::make_shared<op::v0::DepthToSpace>(depth3, op::BlockMode::DEPTH_FIRST, 2)}, {depth3}));
}

TEST(GpuSlicePad, ConcatShapeOfAndRange) {
  auto a = param({2, 3}, element::u8), b = param({2, 1}, element::u8);
  check(model_with({std::make_shared<op::v0::Concat>(OutputVector{a, b}, 1)}, {a, b}));
  auto x = param({2, 3, 4});
  check(model_with({std::make_shared<op::v3::ShapeOf>(x, element::i32), std::make_shared<op::v0::ShapeOf>(x)}, {x}));
  auto scalar = [](const element::Type& type, double value) {
    return op::v0::Constant::create(type, Shape{}, std::vector<double>{value});
  };
  check(model_with({std::make_shared<op::v4::Range>(scalar(element::i64, 7), scalar(element::i64, -5),
                                                    scalar(element::i64, -3), element::i64)},
                   {x}));
  check(model_with({std::make_shared<op::v4::Range>(scalar(element::f32, 0.5), scalar(element::f32, 3.0),
                                                    scalar(element::f32, 0.25), element::f32)},
                   {x}));
  check(model_with({std::make_shared<op::v4::Range>(scalar(element::f32, 2.9), scalar(element::f32, 9.0),
                                                    scalar(element::f32, 2.5), element::i32)},
                   {x}));
}

}  // namespace
}  // namespace ferry::gpu::test
