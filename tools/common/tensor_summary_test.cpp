#include "tensor_summary.hpp"

#include <gtest/gtest.h>

namespace ferry::tools {
namespace {

TEST(TensorSummary, FloatTensor) {
  Tensor tensor(element::f32, Shape{2, 3});
  const float values[] = {1.5f, -2.0f, 0.5f, 4.0f, 0.0f, 2.0f};
  std::copy(std::begin(values), std::end(values), tensor.data<float>());
  const TensorSummary summary = summarize(tensor, 4);
  EXPECT_EQ(summary.count, 6u);
  EXPECT_DOUBLE_EQ(summary.min, -2.0);
  EXPECT_DOUBLE_EQ(summary.max, 4.0);
  EXPECT_DOUBLE_EQ(summary.mean, 1.0);  // 6 / 6
  EXPECT_EQ(summary.first, (std::vector<double>{1.5, -2.0, 0.5, 4.0}));
  EXPECT_EQ(format_summary(summary), "min -2  max 4  mean 1  first: 1.5 -2 0.5 4 ...");
}

TEST(TensorSummary, IntegerAndHalfTensors) {
  Tensor ints(element::i64, Shape{3});
  int64_t* data = ints.data<int64_t>();
  data[0] = 7;
  data[1] = -3;
  data[2] = 2;
  const TensorSummary summary = summarize(ints);
  EXPECT_DOUBLE_EQ(summary.min, -3);
  EXPECT_DOUBLE_EQ(summary.max, 7);
  EXPECT_DOUBLE_EQ(summary.mean, 2);
  EXPECT_EQ(format_summary(summary), "min -3  max 7  mean 2  first: 7 -3 2");

  Tensor halves(element::f16, Shape{2});
  halves.data<float16>()[0] = float16(0.25f);
  halves.data<float16>()[1] = float16(-1.0f);
  EXPECT_DOUBLE_EQ(summarize(halves).min, -1.0);
  EXPECT_DOUBLE_EQ(summarize(halves).max, 0.25);
}

TEST(TensorSummary, ViewIsReadThroughACopy) {
  Tensor tensor(element::f32, Shape{2, 2});
  float* data = tensor.data<float>();
  data[0] = 1;
  data[1] = 2;
  data[2] = 3;
  data[3] = 4;
  const Tensor column(tensor, Coordinate{0, 1}, Coordinate{2, 2});  // {2, 4}
  const TensorSummary summary = summarize(column);
  EXPECT_EQ(summary.first, (std::vector<double>{2, 4}));
}

TEST(TensorSummary, EmptyAndPackedTensors) {
  EXPECT_EQ(format_summary(summarize(Tensor(element::f32, Shape{0}))), "no elements");
  EXPECT_THROW(summarize(Tensor(element::u4, Shape{4})), Exception);
  EXPECT_THROW(summarize(Tensor()), Exception);
}

}  // namespace
}  // namespace ferry::tools
