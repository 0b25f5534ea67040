#include "ferry/graph/ops/fake_quantize.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/base/float16.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::FakeQuantize;

std::shared_ptr<FakeQuantize> make(const element::Type& type, const char* x, const char* range, int64_t levels = 256) {
  auto r = [&] { return param(type, PartialShape(range)); };
  return std::make_shared<FakeQuantize>(param(type, PartialShape(x)), r(), r(), r(), r(), levels);
}

TEST(FakeQuantize, ShapeInference) {
  EXPECT_EQ(make(element::f32, "[2,3,4]", "[]")->get_output_partial_shape(0), PartialShape("[2,3,4]"));
  EXPECT_EQ(make(element::f32, "[?,3,4]", "[1,3,1]")->get_output_partial_shape(0), PartialShape("[?,3,4]"));
  EXPECT_EQ(make(element::f32, "[?,3,1..8]", "[1]")->get_output_partial_shape(0), PartialShape("[?,3,1..8]"));
  EXPECT_EQ(make(element::f16, "[...]", "[3,1]")->get_output_partial_shape(0), PartialShape::dynamic());
  EXPECT_EQ(make(element::bf16, "[2]", "[1]")->get_output_element_type(0), element::bf16);
}

TEST(FakeQuantize, ShapeAndTypeErrors) {
  EXPECT_THROW_WITH(make(element::f32, "[2,3]", "[4]"), "FakeQuantize", "input_low", "does not broadcast");
  EXPECT_THROW_WITH(make(element::f32, "[3]", "[2,3]"), "higher rank");
  EXPECT_THROW_WITH(make(element::i32, "[3]", "[]"), "must be real");
  EXPECT_THROW_WITH(make(element::f32, "[3]", "[]", 1), "levels must be 2");
  auto x = param(element::f32, PartialShape("[3]"));
  EXPECT_THROW_WITH(std::make_shared<FakeQuantize>(x, x, x, x, param(element::f16, PartialShape("[]")), 4),
                    "output_high", "f16");
}

TEST(FakeQuantize, EvaluateLevelsAndTiesToEven) {
  auto node = make(element::f32, "[...]", "[...]", 3);  // levels 0, 0.5, 1
  const auto scalar = [](float v) { return make_tensor(element::f32, {}, std::vector<float>{v}); };
  const std::vector<float> x = {-1.f, 0.f, 0.3f, 0.25f, 0.75f, 1.f, 2.f};
  // by hand: (x-0)/1*2 -> -, -, 0.6->1, 0.5->0 (even), 1.5->2, 2, -; then /2
  const auto out = run(node, {make_tensor(element::f32, {7}, x), scalar(0), scalar(1), scalar(0), scalar(1)})[0];
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{0.f, 0.f, 0.5f, 0.f, 1.f, 1.f, 1.f}));
  // Output range [-10, 10] and inverted input range [1, 0]: x <= 0 -> out_lo, x > 1 -> out_hi.
  const auto mapped = run(node, {make_tensor(element::f32, {7}, x), scalar(1), scalar(0), scalar(-10), scalar(10)})[0];
  // inside: round((x-1)/(-1)*2): 0.3->1.4->1 -> 0; 0.25->1.5->2 -> 10; 0.75->0.5->0 -> -10; 1 -> 0 -> -10
  EXPECT_EQ(values_of<float>(mapped), (std::vector<float>{-10.f, -10.f, 0.f, 10.f, -10.f, -10.f, 10.f}));
}

TEST(FakeQuantize, EvaluatePerChannelRangesAndHalf) {
  auto p = param(element::f32, PartialShape::dynamic());
  auto node = std::make_shared<FakeQuantize>(p, p, p, p, p, 256);
  // Channel 0 quantises [0, 2.55] to 0..255 steps of 0.01; channel 1 [0, 255] to integers.
  const auto lo = make_tensor(element::f32, {2, 1}, std::vector<float>{0.f, 0.f});
  const auto hi = make_tensor(element::f32, {2, 1}, std::vector<float>{2.55f, 255.f});
  const auto out =
      run(node, {make_tensor(element::f32, {2, 2}, std::vector<float>{1.004f, 3.f, 17.4f, 17.6f}), lo, hi, lo, hi})[0];
  const auto v = values_of<float>(out);
  EXPECT_NEAR(v[0], 1.0f, 1e-5);
  EXPECT_EQ(v[1], 2.55f);
  EXPECT_NEAR(v[2], 17.f, 1e-4);
  EXPECT_NEAR(v[3], 18.f, 1e-4);

  auto h = param(element::f16, PartialShape::dynamic());
  auto half = std::make_shared<FakeQuantize>(h, h, h, h, h, 5);  // levels -1, -0.5, 0, 0.5, 1
  const auto f16 = [](std::vector<float> v, Shape s) {
    std::vector<float16> h;
    for (float f : v) h.push_back(float16(f));
    return make_tensor(element::f16, s, h);
  };
  const auto r =
      run(half, {f16({-0.7f, 0.3f, 0.9f}, {3}), f16({-1}, {}), f16({1}, {}), f16({-1}, {}), f16({1}, {})})[0];
  const auto hv = values_of<float16>(r);
  EXPECT_EQ(float(hv[0]), -0.5f);
  EXPECT_EQ(float(hv[1]), 0.5f);
  EXPECT_EQ(float(hv[2]), 1.0f);
  EXPECT_THROW_WITH(run(half, {f16({0}, {2, 2}), f16({0, 0, 0}, {3}), f16({1}, {}), f16({0}, {}), f16({1}, {})}),
                    "input_low", "does not broadcast");
}

}  // namespace
}  // namespace ferry
