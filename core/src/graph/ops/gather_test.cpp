#include "ferry/graph/ops/gather.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;

std::shared_ptr<Node> scalar(int64_t v) { return Constant::create(element::i64, Shape{}, {v}); }

TEST(Gather, ShapeInference) {
  auto data = param(element::f32, PartialShape("[2,?,4..6]"));
  auto idx = param(element::i32, PartialShape("[3,1]"));
  EXPECT_EQ(std::make_shared<op::v8::Gather>(data, idx, scalar(1))->get_output_partial_shape(0),
            PartialShape("[2,3,1,4..6]"));
  EXPECT_EQ(std::make_shared<op::v8::Gather>(data, idx, scalar(-1))->get_output_partial_shape(0),
            PartialShape("[2,?,3,1]"));
  EXPECT_EQ(
      std::make_shared<op::v8::Gather>(data, idx, param(element::i64, PartialShape{}))->get_output_partial_shape(0),
      PartialShape("[?,?,?,?]"));
  auto batched = param(element::i64, PartialShape("[2,5]"));
  EXPECT_EQ(std::make_shared<op::v8::Gather>(data, batched, scalar(2), 1)->get_output_partial_shape(0),
            PartialShape("[2,?,5]"));
  EXPECT_THROW_WITH(std::make_shared<op::v8::Gather>(data, idx, scalar(3)), "Gather '", "out of range");
  EXPECT_THROW_WITH(std::make_shared<op::v8::Gather>(data, param(element::f32, PartialShape{2}), scalar(0)),
                    "i32 or i64");
  EXPECT_THROW_WITH(std::make_shared<op::v8::Gather>(data, param(element::i64, PartialShape("[3,5]")), scalar(1), 1),
                    "batch axis 0 differs");
}

TEST(Gather, EvaluateNegativeAndOutOfRangeIndices) {
  // data [[1,2,3],[4,5,6]], axis 1, indices [[-1,0],[7,1]] -> out[r][i][j] = data[r][idx[i][j]] (7: zeros).
  auto g = std::make_shared<op::v8::Gather>(param(element::i16, PartialShape::dynamic()),
                                            param(element::i64, PartialShape::dynamic()), scalar(1));
  auto out = run(g, {make_tensor(element::i16, {2, 3}, std::vector<int16_t>{1, 2, 3, 4, 5, 6}),
                     make_tensor(element::i64, {2, 2}, std::vector<int64_t>{-1, 0, 7, 1}),
                     make_tensor(element::i64, {}, std::vector<int64_t>{1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 2, 2}));
  EXPECT_EQ(values_of<int16_t>(out), (std::vector<int16_t>{3, 1, 0, 2, 6, 4, 0, 5}));
  // batch_dims 1: row r picks its own indices.
  auto b = std::make_shared<op::v8::Gather>(param(element::f32, PartialShape::dynamic()),
                                            param(element::i32, PartialShape::dynamic()), scalar(1), 1);
  out = run(b, {make_tensor(element::f32, {2, 3}, std::vector<float>{1, 2, 3, 4, 5, 6}),
                make_tensor(element::i32, {2, 2}, std::vector<int32_t>{2, 0, 1, 1}),
                make_tensor(element::i64, {}, std::vector<int64_t>{1})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 2}));
  EXPECT_EQ(values_of<float>(out), (std::vector<float>{3, 1, 5, 5}));
}

TEST(GatherElements, ShapeInferenceAndEvaluate) {
  auto data = param(element::f32, PartialShape("[3,?]"));
  EXPECT_EQ(std::make_shared<op::v6::GatherElements>(data, param(element::i64, PartialShape("[5,?]")), 0)
                ->get_output_partial_shape(0),
            PartialShape("[5,?]"));
  EXPECT_THROW_WITH(std::make_shared<op::v6::GatherElements>(data, param(element::i64, PartialShape("[3]")), 0),
                    "rank");
  EXPECT_THROW_WITH(std::make_shared<op::v6::GatherElements>(data, param(element::i64, PartialShape("[5,4]")), 2),
                    "out of range");
  auto g = std::make_shared<op::v6::GatherElements>(param(element::i32, PartialShape::dynamic()),
                                                    param(element::i64, PartialShape::dynamic()), 1);
  auto out = run(g, {make_tensor(element::i32, {2, 2}, std::vector<int32_t>{1, 2, 3, 4}),
                     make_tensor(element::i64, {2, 2}, std::vector<int64_t>{0, 0, 1, -2})})[0];
  EXPECT_EQ(values_of<int32_t>(out), (std::vector<int32_t>{1, 1, 4, 3}));
  EXPECT_THROW_WITH(run(g, {make_tensor(element::i32, {2, 2}, std::vector<int32_t>{1, 2, 3, 4}),
                            make_tensor(element::i64, {2, 2}, std::vector<int64_t>{0, 0, 2, 0})}),
                    "out of range");
}

TEST(GatherND, ShapeInferenceAndEvaluate) {
  auto data = param(element::f32, PartialShape("[2,3,4]"));
  EXPECT_EQ(
      std::make_shared<op::v8::GatherND>(data, param(element::i64, PartialShape("[5,2]")))->get_output_partial_shape(0),
      PartialShape("[5,4]"));
  EXPECT_EQ(std::make_shared<op::v8::GatherND>(data, param(element::i64, PartialShape("[2,?,1]")), 1)
                ->get_output_partial_shape(0),
            PartialShape("[2,?,4]"));
  EXPECT_THROW_WITH(std::make_shared<op::v8::GatherND>(data, param(element::i64, PartialShape("[5,4]"))),
                    "exceed data rank");
  // data [[[0,1],[2,3]],[[4,5],[6,7]]], indices [[0,1],[1,0]] -> [[2,3],[4,5]].
  auto g = std::make_shared<op::v8::GatherND>(param(element::u8, PartialShape::dynamic()),
                                              param(element::i32, PartialShape::dynamic()));
  auto out = run(g, {make_tensor(element::u8, {2, 2, 2}, std::vector<uint8_t>{0, 1, 2, 3, 4, 5, 6, 7}),
                     make_tensor(element::i32, {2, 2}, std::vector<int32_t>{0, 1, 1, 0})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 2}));
  EXPECT_EQ(values_of<uint8_t>(out), (std::vector<uint8_t>{2, 3, 4, 5}));
  auto batched = std::make_shared<op::v8::GatherND>(param(element::u8, PartialShape::dynamic()),
                                                    param(element::i32, PartialShape::dynamic()), 1);
  out = run(batched, {make_tensor(element::u8, {2, 2, 2}, std::vector<uint8_t>{0, 1, 2, 3, 4, 5, 6, 7}),
                      make_tensor(element::i32, {2, 1}, std::vector<int32_t>{1, 0})})[0];
  EXPECT_EQ(out.get_shape(), (Shape{2, 2}));
  EXPECT_EQ(values_of<uint8_t>(out), (std::vector<uint8_t>{2, 3, 4, 5}));
  EXPECT_THROW_WITH(run(g, {make_tensor(element::u8, {2, 2, 2}, std::vector<uint8_t>(8)),
                            make_tensor(element::i32, {1, 2}, std::vector<int32_t>{2, 0})}),
                    "out of range");
}

}  // namespace
}  // namespace ferry
