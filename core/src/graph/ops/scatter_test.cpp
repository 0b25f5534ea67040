#include "ferry/graph/ops/scatter.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;

std::shared_ptr<Node> axis(int64_t v) { return Constant::create(element::i64, Shape{}, {v}); }
Tensor axis_t(int64_t v) { return make_tensor(element::i64, {}, std::vector<int64_t>{v}); }

TEST(ScatterUpdate, ShapeCheckAndEvaluate) {
  auto data = param(element::f32, PartialShape("[3,2]"));
  EXPECT_EQ(std::make_shared<op::v3::ScatterUpdate>(data, param(element::i64, PartialShape{2}),
                                                    param(element::f32, PartialShape("[2,2]")), axis(0))
                ->get_output_partial_shape(0),
            PartialShape("[3,2]"));
  EXPECT_THROW_WITH(std::make_shared<op::v3::ScatterUpdate>(data, param(element::i64, PartialShape{2}),
                                                            param(element::f32, PartialShape("[3,2]")), axis(0)),
                    "ScatterUpdate '", "should be [2,2]");
  auto s = std::make_shared<op::v3::ScatterUpdate>(param(element::i32, PartialShape::dynamic()),
                                                   param(element::i64, PartialShape::dynamic()),
                                                   param(element::i32, PartialShape::dynamic()), axis(1));
  // data 2x3 zeros; columns [2,0] <- updates [[1,2],[3,4]].
  auto out = run(s, {make_tensor(element::i32, {2, 3}, std::vector<int32_t>(6, 0)),
                     make_tensor(element::i64, {2}, std::vector<int64_t>{2, -3}),
                     make_tensor(element::i32, {2, 2}, std::vector<int32_t>{1, 2, 3, 4}), axis_t(1)})[0];
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{2, 0, 1, 4, 0, 3}));
}

TEST(ScatterElementsUpdate, Reductions) {
  auto make = [](const std::string& reduction, bool init) {
    return std::make_shared<op::v12::ScatterElementsUpdate>(
        param(element::f32, PartialShape::dynamic()), param(element::i64, PartialShape::dynamic()),
        param(element::f32, PartialShape::dynamic()), axis(1), reduction, init);
  };
  const auto data = make_tensor(element::f32, {1, 3}, std::vector<float>{10, 20, 30});
  const auto idx = make_tensor(element::i64, {1, 3}, std::vector<int64_t>{0, 0, -1});
  const auto upd = make_tensor(element::f32, {1, 3}, std::vector<float>{1, 2, 3});
  EXPECT_EQ(values_of<float>(run(make("none", true), {data, idx, upd, axis_t(1)})[0]), (std::vector<float>{2, 20, 3}));
  EXPECT_EQ(values_of<float>(run(make("sum", true), {data, idx, upd, axis_t(1)})[0]), (std::vector<float>{13, 20, 33}));
  EXPECT_EQ(values_of<float>(run(make("sum", false), {data, idx, upd, axis_t(1)})[0]), (std::vector<float>{3, 20, 3}));
  EXPECT_EQ(values_of<float>(run(make("prod", true), {data, idx, upd, axis_t(1)})[0]),
            (std::vector<float>{20, 20, 90}));
  EXPECT_EQ(values_of<float>(run(make("max", true), {data, idx, upd, axis_t(1)})[0]), (std::vector<float>{10, 20, 30}));
  EXPECT_EQ(values_of<float>(run(make("min", false), {data, idx, upd, axis_t(1)})[0]), (std::vector<float>{1, 20, 3}));
  EXPECT_EQ(values_of<float>(run(make("mean", true), {data, idx, upd, axis_t(1)})[0]),
            (std::vector<float>{13.f / 3, 20, 16.5f}));
  EXPECT_THROW_WITH(make("sub", true), "ScatterElementsUpdate '", "reduction 'sub'");
  EXPECT_THROW_WITH(
      run(make("none", true), {data, make_tensor(element::i64, {1, 3}, std::vector<int64_t>{0, 3, 0}), upd, axis_t(1)}),
      "out of range");
  EXPECT_THROW_WITH(std::make_shared<op::v12::ScatterElementsUpdate>(
                        param(element::f32, PartialShape("[2,2]")), param(element::i64, PartialShape("[2,2]")),
                        param(element::f32, PartialShape("[2,3]")), axis(0)),
                    "differs from input 2");
}

TEST(ScatterNDUpdate, ShapeCheckAndEvaluate) {
  auto data = param(element::f32, PartialShape("[4,3]"));
  EXPECT_THROW_WITH(std::make_shared<op::v3::ScatterNDUpdate>(data, param(element::i64, PartialShape("[2,1]")),
                                                              param(element::f32, PartialShape("[2,4]"))),
                    "ScatterNDUpdate '", "should be [2,3]");
  auto s = std::make_shared<op::v3::ScatterNDUpdate>(param(element::i64, PartialShape::dynamic()),
                                                     param(element::i32, PartialShape::dynamic()),
                                                     param(element::i64, PartialShape::dynamic()));
  // Rows 3 and 1 of a 4x2 tensor replaced.
  auto out = run(s, {make_tensor(element::i64, {4, 2}, std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}),
                     make_tensor(element::i32, {2, 1}, std::vector<int32_t>{3, 1}),
                     make_tensor(element::i64, {2, 2}, std::vector<int64_t>{-1, -2, -3, -4})})[0];
  EXPECT_EQ(values_of<int64_t>(out), (std::vector<int64_t>{0, 1, -3, -4, 4, 5, -1, -2}));
  auto sum = std::make_shared<op::v15::ScatterNDUpdate>(param(element::i64, PartialShape::dynamic()),
                                                        param(element::i32, PartialShape::dynamic()),
                                                        param(element::i64, PartialShape::dynamic()), "sum");
  out = run(sum, {make_tensor(element::i64, {2, 2}, std::vector<int64_t>{1, 2, 3, 4}),
                  make_tensor(element::i32, {2, 2}, std::vector<int32_t>{0, 1, 0, 1}),
                  make_tensor(element::i64, {2}, std::vector<int64_t>{10, 100})})[0];
  EXPECT_EQ(values_of<int64_t>(out), (std::vector<int64_t>{1, 112, 3, 4}));
  EXPECT_THROW_WITH(std::make_shared<op::v15::ScatterNDUpdate>(data, param(element::i64, PartialShape("[2,1]")),
                                                               param(element::f32, PartialShape("[2,3]")), "mean"),
                    "reduction 'mean'");
}

}  // namespace
}  // namespace ferry
