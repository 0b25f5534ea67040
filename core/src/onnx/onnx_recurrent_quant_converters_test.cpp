// The recurrent and quantisation converters' own paths: dynamic batch and time (zero initial
// states and full lengths built in the graph), and the errors that name node and cause.
#include <cmath>

#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

// An RNN over X [seq, batch, 2] with W, R as initializers (hidden 2) and the given X dims.
onnx::ModelProto rnn_model(const std::vector<int64_t>& x_dims, const std::string& direction = "forward") {
  auto model = make_model(14);
  add_input(model, "X", x_dims);
  add_initializer(model, float_tensor("W", {1, 2, 2}, {0.5f, -0.25f, 0.125f, 1.f}));
  add_initializer(model, float_tensor("R", {1, 2, 2}, {0.25f, 0.5f, -0.5f, 0.75f}));
  auto* node = add_node(model, "RNN", {"X", "W", "R"}, {"Y", "Y_h"}, "rnn1");
  set_int(node, "hidden_size", 2);
  set_string(node, "direction", direction);
  add_output(model, "Y");
  add_output(model, "Y_h");
  return model;
}

TEST(OnnxRecurrentConverters, DynamicBatchAndTimeMatchStaticShapes) {
  const std::vector<float> x = {1, 2, -1, 0.5f, 0.25f, -2, 3, 1, -0.5f, 0, 2, -1};  // [3, 2, 2]
  const auto dynamic = read(rnn_model({-1, -1, 2}));
  const auto fixed = read(rnn_model({3, 2, 2}));
  const TensorVector inputs = {f32_tensor({3, 2, 2}, x)};
  const auto a = run(dynamic, inputs), b = run(fixed, inputs);
  ASSERT_EQ(a.size(), 12u);
  EXPECT_EQ(a, b);
  // First step by hand: h = tanh(W x_0) for batch entry 0, x_0 = (1, 2): (0.5 - 0.5, 0.125 + 2)
  EXPECT_NEAR(b[0], 0.f, 1e-6);
  EXPECT_NEAR(b[1], std::tanh(2.125f), 1e-6);
}

TEST(OnnxRecurrentConverters, BadAttributesNameTheNode) {
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(rnn_model({3, 2, 2}, "sideways"))), "'rnn1'");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(rnn_model({3, 2, 2}, "sideways"))), "direction");
  auto model = rnn_model({3, 2, 2});
  auto* activations = model.mutable_graph()->mutable_node(0)->add_attribute();
  activations->set_name("activations");
  activations->set_type(onnx::AttributeProto::STRINGS);
  activations->add_strings("Tanh");
  activations->add_strings("Relu");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(model)), "expects 1 activations per direction, got 2");
  auto lstm = make_model(14);
  add_input(lstm, "X", {1, 1, 1});
  add_input(lstm, "W", {1, 4, 1});
  add_input(lstm, "R", {1, 4, 1});
  set_int(add_node(lstm, "LSTM", {"X", "W", "R"}, {"Y"}, "lstm1"), "input_forget", 1);
  add_output(lstm, "Y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(lstm)), "input_forget is not supported");
}

TEST(OnnxQuantizationConverters, QuantizeRoundsHalfToEvenAndSaturates) {
  auto model = make_model(13);
  add_input(model, "x", {6});
  add_initializer(model, float_tensor("scale", {}, {0.5f}));
  onnx::TensorProto zero;
  zero.set_name("zero");
  zero.set_data_type(onnx::TensorProto::INT8);
  zero.add_int32_data(-1);
  add_initializer(model, zero);
  add_node(model, "QuantizeLinear", {"x", "scale", "zero"}, {"q"});
  add_node(model, "DequantizeLinear", {"q", "scale", "zero"}, {"y"});
  add_output(model, "q");
  add_output(model, "y");
  const auto read_model = read(model);
  TensorVector outputs;
  ASSERT_TRUE(read_model->evaluate(outputs, {f32_tensor({6}, {0.25f, 0.75f, -0.25f, 1.3f, 100.f, -100.f})}));
  ASSERT_EQ(outputs[0].get_element_type(), element::i8);
  const int8_t* q = outputs[0].data<int8_t>();
  // x / 0.5 = 0.5 -> 0, 1.5 -> 2, -0.5 -> -0, 2.6 -> 3; then + (-1); 200 and -200 saturate
  EXPECT_EQ(std::vector<int>(q, q + 6), (std::vector<int>{-1, 1, -1, 2, 127, -128}));
  // (q + 1) * 0.5
  EXPECT_EQ(f32_values(outputs[1]), (std::vector<float>{0.f, 1.f, 0.f, 1.5f, 64.f, -63.5f}));
}

TEST(OnnxQuantizationConverters, BadZeroPointTypeAndRankAreErrors) {
  auto model = make_model(13);
  add_input(model, "x", {2, 3});
  add_input(model, "scale", {2, 3});
  add_node(model, "QuantizeLinear", {"x", "scale"}, {"q"}, "quant1");
  add_output(model, "q");
  const std::string error = ONNX_ERROR_OF(read(model));
  EXPECT_CONTAINS(error, "'quant1'");
  EXPECT_CONTAINS(error, "scalars or 1-D");
  auto wide = make_model(13);
  add_input(wide, "x", {2});
  add_input(wide, "scale", {});
  add_input(wide, "zero", {}, onnx::TensorProto::INT32);
  add_node(wide, "QuantizeLinear", {"x", "scale", "zero"}, {"q"});
  add_output(wide, "q");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(wide)), "u8 or i8 only");
}

}  // namespace
}  // namespace ferry
