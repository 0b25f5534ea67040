#include "ferry/graph/ops/pad.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

std::shared_ptr<v0::Constant> pads(const std::vector<int64_t>& values) {
  return v0::Constant::create(element::i64, Shape{values.size()}, values);
}

Tensor pads_tensor(const std::vector<int64_t>& values) { return make_tensor(element::i64, {values.size()}, values); }

TEST(PadOp, ShapeInference) {
  auto pad = std::make_shared<v1::Pad>(param(element::f32, PartialShape("[2,?,1..5]")), pads({1, 0, 2}),
                                       pads({0, 3, 1}), PadMode::CONSTANT);
  EXPECT_EQ(pad->get_output_partial_shape(0), PartialShape("[3,3..,4..8]"));
  EXPECT_STREQ(pad->get_type_info().version_id, "opset1");
  auto crop = std::make_shared<v12::Pad>(param(element::i8, PartialShape("[5,2..6]")), pads({-2, -1}), pads({0, -1}),
                                         PadMode::EDGE);
  EXPECT_EQ(crop->get_output_partial_shape(0), PartialShape("[3,0..4]"));
  EXPECT_STREQ(crop->get_type_info().version_id, "opset12");
  // Pads only known at run time: the rank comes from data or from the pads' length.
  auto runtime =
      std::make_shared<v1::Pad>(param(element::f32, PartialShape::dynamic()), param(element::i32, PartialShape("[3]")),
                                param(element::i32, PartialShape("[?]")), PadMode::REFLECT);
  EXPECT_EQ(runtime->get_output_partial_shape(0), PartialShape("[?,?,?]"));
  auto dynamic = std::make_shared<v1::Pad>(param(element::f32, PartialShape::dynamic()),
                                           param(element::i32, PartialShape::dynamic()),
                                           param(element::i32, PartialShape::dynamic()), PadMode::CONSTANT);
  EXPECT_EQ(dynamic->get_output_partial_shape(0), PartialShape::dynamic());
}

TEST(PadOp, ShapeInferenceErrorsNameTheNode) {
  auto x = param(element::f32, Shape{2, 3});
  EXPECT_THROW_WITH(std::make_shared<v1::Pad>(x, pads({0, -1}), pads({0, 0}), PadMode::CONSTANT), "Pad '",
                    "non-negative in opset1");
  EXPECT_THROW_WITH(std::make_shared<v12::Pad>(x, pads({0, 3}), pads({0, 0}), PadMode::REFLECT), "Pad '",
                    "'reflect' needs pads <= 2 on axis 1");
  EXPECT_THROW_WITH(std::make_shared<v12::Pad>(x, pads({3, 0}), pads({0, 0}), PadMode::SYMMETRIC), "Pad '",
                    "'symmetric' needs pads <= 2 on axis 0");
  EXPECT_THROW_WITH(std::make_shared<v12::Pad>(x, pads({-2, 0}), pads({-1, 0}), PadMode::CONSTANT), "Pad '",
                    "negative length");
  EXPECT_THROW_WITH(std::make_shared<v1::Pad>(x, pads({0}), pads({0, 0}), PadMode::CONSTANT), "Pad '",
                    "pads_begin shape [1]", "data rank 2");
  EXPECT_THROW_WITH(
      std::make_shared<v1::Pad>(x, pads({0, 0}), pads({0, 0}), param(element::f16, Shape{}), PadMode::CONSTANT),
      "Pad '", "pad_value element type f16");
  EXPECT_THROW_WITH(std::make_shared<v1::Pad>(x, param(element::f32, Shape{2}), pads({0, 0}), PadMode::CONSTANT),
                    "Pad '", "pads_begin must be an integer tensor");
}

TEST(PadOp, EveryModeOnOneAxisHandComputed) {
  const auto x = make_tensor(element::f32, {4}, std::vector<float>{1, 2, 3, 4});
  auto p = param(element::f32, PartialShape::dynamic());
  auto b = param(element::i64, PartialShape::dynamic());
  auto e = param(element::i64, PartialShape::dynamic());
  auto eval = [&](PadMode mode) {
    auto pad = std::make_shared<v12::Pad>(p, b, e, param(element::f32, PartialShape{}), mode);
    return values_of<float>(
        run(pad, {x, pads_tensor({2}), pads_tensor({3}), make_tensor(element::f32, {}, std::vector<float>{9})})[0]);
  };
  EXPECT_EQ(eval(PadMode::CONSTANT), (std::vector<float>{9, 9, 1, 2, 3, 4, 9, 9, 9}));
  EXPECT_EQ(eval(PadMode::EDGE), (std::vector<float>{1, 1, 1, 2, 3, 4, 4, 4, 4}));
  EXPECT_EQ(eval(PadMode::REFLECT), (std::vector<float>{3, 2, 1, 2, 3, 4, 3, 2, 1}));
  EXPECT_EQ(eval(PadMode::SYMMETRIC), (std::vector<float>{2, 1, 1, 2, 3, 4, 4, 3, 2}));
}

TEST(PadOp, TwoAxesNegativePadsAndTypes) {
  const auto x = make_tensor(element::i32, {2, 3}, std::vector<int32_t>{1, 2, 3, 4, 5, 6});
  auto p = param(element::i32, PartialShape::dynamic());
  auto b = param(element::i64, PartialShape::dynamic());
  auto e = param(element::i64, PartialShape::dynamic());
  const auto reflect =
      run(std::make_shared<v1::Pad>(p, b, e, PadMode::REFLECT), {x, pads_tensor({1, 0}), pads_tensor({0, 2})})[0];
  EXPECT_EQ(reflect.get_shape(), (Shape{3, 5}));
  EXPECT_EQ(values_of<int32_t>(reflect), (std::vector<int32_t>{4, 5, 6, 5, 4, 1, 2, 3, 2, 1, 4, 5, 6, 5, 4}));
  // opset12 crops with negative pads; constant mode without pad_value fills zeros.
  const auto crop =
      run(std::make_shared<v12::Pad>(p, b, e, PadMode::CONSTANT), {x, pads_tensor({0, -1}), pads_tensor({1, 0})})[0];
  EXPECT_EQ(crop.get_shape(), (Shape{3, 2}));
  EXPECT_EQ(values_of<int32_t>(crop), (std::vector<int32_t>{2, 3, 5, 6, 0, 0}));
  // v1 rejects negative pads at run time too.
  EXPECT_THROW_WITH(
      run(std::make_shared<v1::Pad>(p, b, e, PadMode::CONSTANT), {x, pads_tensor({0, -1}), pads_tensor({0, 0})}),
      "Pad '", "non-negative");
  // f16 with a pad value, edge mode ignores the value.
  auto h = param(element::f16, PartialShape::dynamic());
  auto v = param(element::f16, PartialShape{});
  const auto hx = make_tensor(element::f16, {1, 2}, std::vector<float16>{float16(1.5f), float16(-2.f)});
  const auto hv = make_tensor(element::f16, {}, std::vector<float16>{float16(0.25f)});
  const auto constant = values_of<float16>(run(std::make_shared<v1::Pad>(h, b, e, v, PadMode::CONSTANT),
                                               {hx, pads_tensor({0, 1}), pads_tensor({1, 0}), hv})[0]);
  const std::vector<float> expected = {0.25f, 1.5f, -2.f, 0.25f, 0.25f, 0.25f};
  ASSERT_EQ(constant.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(float(constant[i]), expected[i]) << i;
  const auto edge = values_of<float16>(
      run(std::make_shared<v1::Pad>(h, b, e, v, PadMode::EDGE), {hx, pads_tensor({0, 1}), pads_tensor({0, 1}), hv})[0]);
  EXPECT_EQ(float(edge[0]), 1.5f);
  EXPECT_EQ(float(edge[3]), -2.f);
}

TEST(PadOp, CloneAndAttributes) {
  auto x = param(element::f32, Shape{2, 3});
  auto pad = std::make_shared<v12::Pad>(x, pads({1, 1}), pads({1, 1}), PadMode::SYMMETRIC);
  auto copy =
      std::dynamic_pointer_cast<v12::Pad>(pad->clone_with_new_inputs({x, pad->input_value(1), pad->input_value(2)}));
  ASSERT_TRUE(copy);
  EXPECT_EQ(copy->get_pad_mode(), PadMode::SYMMETRIC);
  EXPECT_EQ(copy->get_output_partial_shape(0), PartialShape("[4,5]"));
  EXPECT_EQ(enum_to_string(PadMode::REFLECT), "reflect");
  EXPECT_THROW_WITH(pad->clone_with_new_inputs({x}), "Pad '", "expects 3 or 4 inputs");
}

}  // namespace
}  // namespace ferry
