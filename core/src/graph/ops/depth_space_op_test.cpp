#include "ferry/graph/ops/depth_space.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

std::vector<float> iota_floats(size_t n) {
  std::vector<float> v(n);
  std::iota(v.begin(), v.end(), 0.f);
  return v;
}

// The spec's definition for rank 4: reshape to 6-D, transpose, reshape back. Written as a
// generic 6-D transpose over the reshaped input.
std::vector<float> naive_depth_to_space(const std::vector<float>& x, size_t n, size_t c, size_t h, size_t w, size_t bs,
                                        bool blocks_first) {
  const size_t cc = c / (bs * bs);
  const std::vector<size_t> dims =
      blocks_first ? std::vector<size_t>{n, bs, bs, cc, h, w} : std::vector<size_t>{n, cc, bs, bs, h, w};
  const std::vector<size_t> perm =
      blocks_first ? std::vector<size_t>{0, 3, 4, 1, 5, 2} : std::vector<size_t>{0, 1, 4, 2, 5, 3};
  std::vector<size_t> out_dims(6);
  for (size_t i = 0; i < 6; ++i) out_dims[i] = dims[perm[i]];
  std::vector<float> y(x.size());
  std::vector<size_t> idx(6, 0);
  for (size_t linear = 0; linear < x.size(); ++linear) {
    size_t rest = linear;
    for (size_t i = 6; i-- > 0;) {
      idx[i] = rest % dims[i];
      rest /= dims[i];
    }
    size_t target = 0;
    for (size_t i = 0; i < 6; ++i) target = target * out_dims[i] + idx[perm[i]];
    y[target] = x[linear];
  }
  return y;
}

TEST(DepthSpaceOps, ShapeInference) {
  auto d2s =
      std::make_shared<v0::DepthToSpace>(param(element::f32, PartialShape("[1,8,3,?]")), BlockMode::DEPTH_FIRST, 2);
  EXPECT_EQ(d2s->get_output_partial_shape(0), PartialShape("[1,2,6,?]"));
  EXPECT_STREQ(d2s->get_type_info().version_id, "opset1");
  // Bounded channels: the multiples of 4 in 5..17 are 8..16 -> 2..4.
  EXPECT_EQ(
      std::make_shared<v0::DepthToSpace>(param(element::u8, PartialShape("[?,5..17,1..3]")), BlockMode::BLOCKS_FIRST, 4)
          ->get_output_partial_shape(0),
      PartialShape("[?,2..4,4..12]"));
  auto s2d = std::make_shared<v0::SpaceToDepth>(param(element::i32, PartialShape("[2,3,4,3..9,6]")),
                                                BlockMode::BLOCKS_FIRST, 2);
  EXPECT_EQ(s2d->get_output_partial_shape(0), PartialShape("[2,24,2,2..4,3]"));
  EXPECT_EQ(s2d->get_output_element_type(0), element::i32);
  EXPECT_EQ(std::make_shared<v0::SpaceToDepth>(param(element::f32, PartialShape::dynamic()), BlockMode::BLOCKS_FIRST, 2)
                ->get_output_partial_shape(0),
            PartialShape::dynamic());
}

TEST(DepthSpaceOps, ShapeInferenceErrorsNameTheNode) {
  EXPECT_THROW_WITH(
      std::make_shared<v0::DepthToSpace>(param(element::f32, Shape{1, 6, 2, 2}), BlockMode::BLOCKS_FIRST, 2),
      "DepthToSpace '", "channel dimension 6", "block_size^2 = 4");
  EXPECT_THROW_WITH(
      std::make_shared<v0::SpaceToDepth>(param(element::f32, Shape{1, 1, 4, 5}), BlockMode::BLOCKS_FIRST, 2),
      "SpaceToDepth '", "spatial dimension 5 of axis 3");
  EXPECT_THROW_WITH(std::make_shared<v0::SpaceToDepth>(param(element::f32, Shape{1, 4}), BlockMode::BLOCKS_FIRST, 2),
                    "SpaceToDepth '", "rank >= 3");
  EXPECT_THROW_WITH(std::make_shared<v0::DepthToSpace>(param(element::f32, Shape{1, 4, 1}), BlockMode::BLOCKS_FIRST, 0),
                    "DepthToSpace '", "'block_size' must be > 0");
  EXPECT_THROW_WITH(
      std::make_shared<v0::DepthToSpace>(param(element::f32, PartialShape("[1,5..7,1]")), BlockMode::BLOCKS_FIRST, 4),
      "DepthToSpace '", "channel dimension 5..7");
}

TEST(DepthSpaceOps, HandComputedModes) {
  // x [1,8,1,1] = 0..7, block 2, C' = 2. blocks_first: channel = block * 2 + c; depth_first: c * 4 + block.
  auto p = param(element::f32, PartialShape::dynamic());
  const auto x = make_tensor(element::f32, {1, 8, 1, 1}, iota_floats(8));
  const auto bf = run(std::make_shared<v0::DepthToSpace>(p, BlockMode::BLOCKS_FIRST, 2), {x})[0];
  EXPECT_EQ(bf.get_shape(), (Shape{1, 2, 2, 2}));
  EXPECT_EQ(values_of<float>(bf), (std::vector<float>{0, 2, 4, 6, 1, 3, 5, 7}));
  const auto df = run(std::make_shared<v0::DepthToSpace>(p, BlockMode::DEPTH_FIRST, 2), {x})[0];
  EXPECT_EQ(values_of<float>(df), (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7}));
  // 1-D spatial: x [1,4,2] blocks_first block 2: y[c, 2w + b] = x[b * 2 + c, w].
  const auto y = run(std::make_shared<v0::DepthToSpace>(p, BlockMode::BLOCKS_FIRST, 2),
                     {make_tensor(element::f32, {1, 4, 2}, iota_floats(8))})[0];
  EXPECT_EQ(y.get_shape(), (Shape{1, 2, 4}));
  EXPECT_EQ(values_of<float>(y), (std::vector<float>{0, 4, 1, 5, 2, 6, 3, 7}));
}

TEST(DepthSpaceOps, MatchesReshapeTransposeDefinition) {
  const size_t n = 2, c = 18, h = 2, w = 3, bs = 3;
  const auto x = iota_floats(n * c * h * w);
  auto p = param(element::f32, PartialShape::dynamic());
  for (BlockMode mode : {BlockMode::BLOCKS_FIRST, BlockMode::DEPTH_FIRST}) {
    const bool blocks_first = mode == BlockMode::BLOCKS_FIRST;
    const auto y =
        run(std::make_shared<v0::DepthToSpace>(p, mode, bs), {make_tensor(element::f32, {n, c, h, w}, x)})[0];
    EXPECT_EQ(y.get_shape(), (Shape{n, 2, h * bs, w * bs}));
    EXPECT_EQ(values_of<float>(y), naive_depth_to_space(x, n, c, h, w, bs, blocks_first)) << enum_to_string(mode);
    // SpaceToDepth is the inverse.
    const auto back = run(std::make_shared<v0::SpaceToDepth>(p, mode, bs), {y})[0];
    EXPECT_EQ(back.get_shape(), (Shape{n, c, h, w}));
    EXPECT_EQ(values_of<float>(back), x);
  }
}

TEST(DepthSpaceOps, OtherTypesAndRank5RoundTrip) {
  std::vector<int8_t> x(1 * 2 * 4 * 2 * 6);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<int8_t>(i * 7 % 251 - 120);
  auto p = param(element::i8, PartialShape::dynamic());
  const auto s2d = run(std::make_shared<v0::SpaceToDepth>(p, BlockMode::DEPTH_FIRST, 2),
                       {make_tensor(element::i8, {1, 2, 4, 2, 6}, x)})[0];
  EXPECT_EQ(s2d.get_shape(), (Shape{1, 16, 2, 1, 3}));
  const auto back = run(std::make_shared<v0::DepthToSpace>(p, BlockMode::DEPTH_FIRST, 2), {s2d})[0];
  EXPECT_EQ(values_of<int8_t>(back), x);
  // f16 values move unchanged.
  auto h = param(element::f16, PartialShape::dynamic());
  const std::vector<float16> hx = {float16(0.5f), float16(-1.f), float16(2.f), float16(3.25f)};
  const auto hy = run(std::make_shared<v0::SpaceToDepth>(h, BlockMode::BLOCKS_FIRST, 2),
                      {make_tensor(element::f16, {1, 1, 4}, hx)})[0];
  EXPECT_EQ(hy.get_shape(), (Shape{1, 2, 2}));
  const auto hv = values_of<float16>(hy);
  EXPECT_EQ(float(hv[0]), 0.5f);  // y[b * 1 + c, w] = x[c, 2w + b]: b=0 -> {x0, x2}, b=1 -> {x1, x3}
  EXPECT_EQ(float(hv[1]), 2.f);
  EXPECT_EQ(float(hv[2]), -1.f);
  EXPECT_EQ(float(hv[3]), 3.25f);
}

TEST(DepthSpaceOps, CloneAndAttributes) {
  auto p = param(element::f32, PartialShape("[1,4,2,2]"));
  auto d2s = std::make_shared<v0::DepthToSpace>(p, BlockMode::DEPTH_FIRST, 2);
  auto copy = std::dynamic_pointer_cast<v0::DepthToSpace>(d2s->clone_with_new_inputs({p}));
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->get_mode(), BlockMode::DEPTH_FIRST);
  EXPECT_EQ(copy->get_block_size(), 2u);
  EXPECT_EQ(enum_to_string(BlockMode::BLOCKS_FIRST), "blocks_first");
  EXPECT_THROW_WITH(enum_from_string<BlockMode>("rows_first", "mode"), "'rows_first'", "blocks_first|depth_first");
}

}  // namespace
}  // namespace ferry
