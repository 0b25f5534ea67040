// MaxUnpool (scatter lowering, pads, output_shape), the opset-17 window functions and Det,
// checked against hand-computed values and their error paths.
#include <cmath>
#include <cstring>

#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

Tensor i64_tensor(const Shape& shape, const std::vector<int64_t>& values) {
  Tensor tensor(element::i64, shape);
  std::memcpy(tensor.data(), values.data(), values.size() * sizeof(int64_t));
  return tensor;
}

onnx::ModelProto unpool_model(bool with_output_shape) {
  auto model = make_model(11);
  add_input(model, "x", {1, 1, 2});
  add_input(model, "i", {1, 1, 2}, onnx::TensorProto::INT64);
  std::vector<std::string> inputs{"x", "i"};
  if (with_output_shape) {
    add_input(model, "shape", {3}, onnx::TensorProto::INT64);
    inputs.push_back("shape");
  }
  auto* node = add_node(model, "MaxUnpool", inputs, {"y"}, "unpool");
  set_ints(node, "kernel_shape", {2});
  set_ints(node, "strides", {2});
  add_output(model, "y");
  return model;
}

TEST(OnnxMaxUnpool, ScattersAtFlatIndicesOfTheUnpooledShape) {
  // Length 2 -> (2 - 1) * 2 + 2 = 4; values land at indices 1 and 2.
  TensorVector outputs;
  auto proto = unpool_model(false);
  ASSERT_TRUE(read(proto)->evaluate(outputs, {f32_tensor({1, 1, 2}, {7, 9}), i64_tensor({1, 1, 2}, {1, 2})}));
  EXPECT_EQ(outputs[0].get_shape(), (Shape{1, 1, 4}));
  EXPECT_EQ(f32_values(outputs[0]), (std::vector<float>{0, 7, 9, 0}));
  // pads [1, 1] shrink it to 2 elements.
  set_ints(proto.mutable_graph()->mutable_node(0), "pads", {1, 1});
  EXPECT_EQ(run(read(proto), {f32_tensor({1, 1, 2}, {7, 9}), i64_tensor({1, 1, 2}, {1, 0})}),
            (std::vector<float>{9, 7}));
}

TEST(OnnxMaxUnpool, OutputShapeKeepsCoordinatesAndPadsTheEnd) {
  TensorVector outputs;
  ASSERT_TRUE(read(unpool_model(true))
                  ->evaluate(outputs, {f32_tensor({1, 1, 2}, {7, 9}), i64_tensor({1, 1, 2}, {0, 3}),
                                       i64_tensor({3}, {1, 1, 6})}));
  EXPECT_EQ(outputs[0].get_shape(), (Shape{1, 1, 6}));
  EXPECT_EQ(f32_values(outputs[0]), (std::vector<float>{7, 0, 0, 9, 0, 0}));
}

TEST(OnnxMaxUnpool, RefusesMissingOrMismatchedAttributes) {
  auto proto = unpool_model(false);
  auto* node = proto.mutable_graph()->mutable_node(0);
  node->mutable_attribute()->DeleteSubrange(0, 1);  // kernel_shape
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "attribute 'kernel_shape' is missing");
  set_ints(node, "kernel_shape", {2, 2});
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "needs 1 kernel_shape and strides values and 2 pads");
}

std::vector<float> window(const std::string& op_type, int64_t size, int64_t periodic) {
  auto model = make_model(17);
  add_input(model, "size", {}, onnx::TensorProto::INT64);
  auto* node = add_node(model, op_type, {"size"}, {"y"}, "w");
  set_int(node, "periodic", periodic);
  add_output(model, "y");
  TensorVector outputs;
  EXPECT_TRUE(read(model)->evaluate(outputs, {i64_tensor({}, {size})}));
  return f32_values(outputs.at(0));
}

void expect_near(const std::vector<float>& actual, const std::vector<double>& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) EXPECT_NEAR(actual[i], expected[i], 1e-6) << "element " << i;
}

TEST(OnnxWindows, HannHammingBlackmanByHand) {
  // Periodic size 4: N = 4, cos(2 pi n / 4) = 1, 0, -1, 0.
  expect_near(window("HannWindow", 4, 1), {0.0, 0.5, 1.0, 0.5});
  expect_near(window("HammingWindow", 4, 1), {4.0 / 46, 25.0 / 46, 1.0, 25.0 / 46});
  // Blackman adds 0.08 cos(4 pi n / 4) = 0.08, -0.08, 0.08, -0.08.
  expect_near(window("BlackmanWindow", 4, 1), {0.0, 0.34, 1.0, 0.34});
  // Symmetric size 3: N = 2, cos(pi n) = 1, -1, 1.
  expect_near(window("HannWindow", 3, 0), {0.0, 1.0, 0.0});
}

TEST(OnnxWindows, OutputDatatypeAndBadSize) {
  auto model = make_model(17);
  add_input(model, "size", {}, onnx::TensorProto::INT64);
  auto* node = add_node(model, "HannWindow", {"size"}, {"y"}, "w");
  set_int(node, "output_datatype", onnx::TensorProto::DOUBLE);
  add_output(model, "y");
  TensorVector outputs;
  ASSERT_TRUE(read(model)->evaluate(outputs, {i64_tensor({}, {2})}));
  ASSERT_EQ(outputs[0].get_element_type(), element::f64);
  EXPECT_NEAR(static_cast<const double*>(outputs[0].data())[1], 1.0, 1e-12);
  auto bad = make_model(17);
  add_input(bad, "size", {});
  add_node(bad, "BlackmanWindow", {"size"}, {"y"}, "w");
  add_output(bad, "y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(bad)), "input 'size' must be an integer scalar");
}

TEST(OnnxDet, BatchedDeterminants) {
  auto model = make_model(11);
  add_input(model, "x", {2, 2, 2});
  add_node(model, "Det", {"x"}, {"y"}, "det");
  add_output(model, "y");
  const auto y = run(read(model), {f32_tensor({2, 2, 2}, {1, 2, 3, 4, 0, 5, -2, 1})});
  expect_near(y, {-2.0, 10.0});
  auto bad = make_model(11);
  add_input(bad, "x", {2, 3});
  add_node(bad, "Det", {"x"}, {"y"}, "det");
  add_output(bad, "y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(bad)), "must be square");
}

}  // namespace
}  // namespace ferry
