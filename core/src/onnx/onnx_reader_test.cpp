// Small ONNX models built with the protobuf API: the converted graph's ports and the results of
// Model::evaluate against hand-computed values.
#include <fstream>

#include "ferry/graph/ops.hpp"
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

TEST(OnnxReader, InputsInitializersAndNamedOutputs) {
  auto proto = make_model();
  add_input(proto, "x", {-1, 3});
  add_input(proto, "w", {3});  // also an initializer: a Constant, not a model input
  add_initializer(proto, float_tensor("w", {3}, {1, 2, 3}));
  add_node(proto, "Add", {"x", "w"}, {"sum"}, "add0");
  add_output(proto, "sum");
  const auto model = read(proto);

  ASSERT_EQ(model->get_parameters().size(), 1u);
  EXPECT_EQ(model->input(0).get_any_name(), "x");
  EXPECT_TRUE(model->input("x").get_partial_shape()[0].is_dynamic());  // dim_param "N"
  EXPECT_EQ(model->input("x").get_partial_shape()[1], Dimension(3));
  EXPECT_EQ(model->output("sum").get_node()->get_type_name(), std::string("Result"));
  EXPECT_EQ(model->get_friendly_name(), "g");
  EXPECT_EQ(run(model, {f32_tensor({2, 3}, {0, 0, 0, 10, 20, 30})}), (std::vector<float>{1, 2, 3, 11, 22, 33}));
}

TEST(OnnxReader, NodesInAnyOrder) {
  auto proto = make_model(11);
  add_input(proto, "x", {2});
  add_node(proto, "Relu", {"t"}, {"y"});  // consumes what the next node makes
  add_node(proto, "Sub", {"x", "c"}, {"t"});
  add_node(proto, "Constant", {}, {"c"});
  auto* constant = proto.mutable_graph()->mutable_node(2);
  auto* value = constant->add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  *value->mutable_t() = float_tensor("", {1}, {1.5f});
  add_output(proto, "y");
  EXPECT_EQ(run(read(proto), {f32_tensor({2}, {1, 4})}), (std::vector<float>{0, 2.5f}));
}

TEST(OnnxReader, NaryMaxMinMulDiv) {
  auto proto = make_model(13);
  add_input(proto, "a", {2});
  add_input(proto, "b", {2});
  add_input(proto, "c", {2});
  add_node(proto, "Max", {"a", "b", "c"}, {"max"});
  add_node(proto, "Min", {"a", "b"}, {"min"});
  add_node(proto, "Mul", {"max", "min"}, {"prod"});
  add_node(proto, "Div", {"prod", "c"}, {"y"});
  add_output(proto, "y");
  add_output(proto, "max");
  const auto model = read(proto);
  const TensorVector inputs{f32_tensor({2}, {1, 8}), f32_tensor({2}, {4, 2}), f32_tensor({2}, {2, 4})};
  // max = {4, 8}, min = {1, 2}, prod = {4, 16}, / c = {2, 4}
  EXPECT_EQ(run(model, inputs, 0), (std::vector<float>{2, 4}));
  EXPECT_EQ(run(model, inputs, 1), (std::vector<float>{4, 8}));
  EXPECT_EQ(model->output(1).get_any_name(), "max");
}

TEST(OnnxReader, GemmWithAlphaBetaTransB) {
  auto proto = make_model(13);
  add_input(proto, "a", {2, 2});
  add_initializer(proto, float_tensor("b", {2, 2}, {1, 2, 3, 4}));  // B' = [[1, 3], [2, 4]]
  add_initializer(proto, float_tensor("c", {2}, {1, -1}));
  auto* gemm = add_node(proto, "Gemm", {"a", "b", "c"}, {"y"});
  set_float(gemm, "alpha", 2.0f);
  set_float(gemm, "beta", 3.0f);
  set_int(gemm, "transB", 1);
  add_output(proto, "y");
  // A = [[1, 0], [0, 1]] -> A*B' = B' ; 2*B' + 3*c = [[2+3, 6-3], [4+3, 8-3]]
  EXPECT_EQ(run(read(proto), {f32_tensor({2, 2}, {1, 0, 0, 1})}), (std::vector<float>{5, 3, 7, 5}));
}

TEST(OnnxReader, GroupedConvWithBiasAndPads) {
  auto proto = make_model(11);
  add_input(proto, "x", {1, 2, 2, 2});
  // Two groups, one 1x1 filter each: channel 0 * 2, channel 1 * -1.
  add_initializer(proto, float_tensor("w", {2, 1, 1, 1}, {2, -1}));
  add_initializer(proto, float_tensor("b", {2}, {10, 20}));
  auto* conv = add_node(proto, "Conv", {"x", "w", "b"}, {"y"});
  set_int(conv, "group", 2);
  set_ints(conv, "kernel_shape", {1, 1});
  set_ints(conv, "pads", {0, 0, 0, 1});  // one extra column at the end of W
  add_output(proto, "y");
  const auto model = read(proto);
  EXPECT_EQ(model->output(0).get_partial_shape(), PartialShape({1, 2, 2, 3}));
  EXPECT_EQ(run(model, {f32_tensor({1, 2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})}),
            (std::vector<float>{12, 14, 10, 16, 18, 10, 15, 14, 20, 13, 12, 20}));
}

TEST(OnnxReader, SoftmaxBeforeOpset13CoercesTo2D) {
  // Opset 11, axis 1 on [1, 2, 2]: one softmax over all four values.
  auto old_proto = make_model(11);
  add_input(old_proto, "x", {1, 2, 2});
  add_node(old_proto, "Softmax", {"x"}, {"y"});
  add_output(old_proto, "y");
  const auto x = f32_tensor({1, 2, 2}, {0, 0, 0, 0});
  for (const float value : run(read(old_proto), {x})) EXPECT_FLOAT_EQ(value, 0.25f);

  // Opset 13, axis 1: softmax over the two rows of each column.
  auto new_proto = make_model(13);
  add_input(new_proto, "x", {1, 2, 2});
  set_int(add_node(new_proto, "Softmax", {"x"}, {"y"}), "axis", 1);
  add_output(new_proto, "y");
  for (const float value : run(read(new_proto), {x})) EXPECT_FLOAT_EQ(value, 0.5f);
}

TEST(OnnxReader, ShapeOps) {
  auto proto = make_model(13);
  add_input(proto, "x", {2, 3});
  add_node(proto, "Transpose", {"x"}, {"t"});  // default perm reverses: [3, 2]
  add_initializer(proto, [] {
    onnx::TensorProto shape;
    shape.set_name("shape");
    shape.set_data_type(onnx::TensorProto::INT64);
    shape.add_dims(2);
    shape.add_int64_data(0);  // allowzero=0: copy dimension 0
    shape.add_int64_data(-1);
    return shape;
  }());
  add_node(proto, "Reshape", {"t", "shape"}, {"r"});
  add_node(proto, "Concat", {"r", "r"}, {"c"});
  set_int(proto.mutable_graph()->mutable_node(2), "axis", 1);  // [3, 4]
  auto* mean = add_node(proto, "ReduceMean", {"c"}, {"m"});
  set_ints(mean, "axes", {1});
  set_int(mean, "keepdims", 0);
  add_node(proto, "Flatten", {"c"}, {"f"});
  add_node(proto, "Identity", {"m"}, {"id"});
  add_output(proto, "id");
  add_output(proto, "f");
  const auto model = read(proto);
  const auto x = f32_tensor({2, 3}, {1, 2, 3, 4, 5, 6});
  // t = [[1, 4], [2, 5], [3, 6]]; means of [1,4,1,4] ... = {2.5, 3.5, 4.5}
  EXPECT_EQ(run(model, {x}, 0), (std::vector<float>{2.5f, 3.5f, 4.5f}));
  EXPECT_EQ(model->output("id").get_partial_shape(), PartialShape({3}));
  EXPECT_EQ(model->output("f").get_partial_shape(), PartialShape({3, 4}));
  EXPECT_EQ(run(model, {x}, 1), (std::vector<float>{1, 4, 1, 4, 2, 5, 2, 5, 3, 6, 3, 6}));
}

// PyTorch's CNN exports flatten [N, C, 1, 1] at axis 1 with a static N: the model must still
// reshape to another batch (BATCH:, Model::reshape, bounded dynamic batch).
TEST(OnnxReader, FlattenKeepsTheBatchReshapeable) {
  auto proto = make_model(17);
  add_input(proto, "x", {1, 3, 1, 2});
  add_node(proto, "Flatten", {"x"}, {"f"});
  auto* leading = add_node(proto, "Flatten", {"x"}, {"g"});
  set_int(leading, "axis", 3);
  add_output(proto, "f");
  add_output(proto, "g");
  const auto model = read(proto);
  EXPECT_EQ(model->output("f").get_partial_shape(), PartialShape({1, 6}));
  model->reshape(PartialShape({4, 3, 1, 2}));
  EXPECT_EQ(model->output("f").get_partial_shape(), PartialShape({4, 6}));
  EXPECT_EQ(model->output("g").get_partial_shape(), PartialShape({12, 2}));
  std::vector<float> values(24);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i);
  EXPECT_EQ(run(model, {f32_tensor({4, 3, 1, 2}, values)}, 0), values);
}

TEST(OnnxReader, PoolsAndCast) {
  auto proto = make_model(13);
  add_input(proto, "x", {1, 1, 2, 2});
  auto* max_pool = add_node(proto, "MaxPool", {"x"}, {"max"});
  set_ints(max_pool, "kernel_shape", {2, 2});
  set_ints(max_pool, "pads", {1, 1, 0, 0});
  auto* avg_pool = add_node(proto, "AveragePool", {"x"}, {"avg"});
  set_ints(avg_pool, "kernel_shape", {2, 2});
  set_ints(avg_pool, "pads", {1, 1, 0, 0});
  set_int(avg_pool, "count_include_pad", 1);
  add_node(proto, "GlobalAveragePool", {"x"}, {"gap"});
  set_int(add_node(proto, "Cast", {"gap"}, {"i"}), "to", onnx::TensorProto::INT32);
  add_output(proto, "max");
  add_output(proto, "avg");
  add_output(proto, "gap");
  add_output(proto, "i");
  const auto model = read(proto);
  const auto x = f32_tensor({1, 1, 2, 2}, {1, 2, 3, 6});
  EXPECT_EQ(run(model, {x}, 0), (std::vector<float>{1, 2, 3, 6}));
  EXPECT_EQ(run(model, {x}, 1), (std::vector<float>{0.25f, 0.75f, 1.0f, 3.0f}));  // pads count
  EXPECT_EQ(run(model, {x}, 2), (std::vector<float>{3}));
  EXPECT_EQ(model->output("i").get_element_type(), element::i32);
}

TEST(OnnxReader, TypedAndRawInitializers) {
  auto proto = make_model(13);
  onnx::TensorProto raw;
  raw.set_name("raw");
  raw.set_data_type(onnx::TensorProto::INT16);
  raw.add_dims(2);
  const int16_t raw_values[] = {-3, 7};
  raw.set_raw_data(std::string(reinterpret_cast<const char*>(raw_values), sizeof(raw_values)));
  add_initializer(proto, raw);
  onnx::TensorProto narrow;  // int32_data carries narrower types
  narrow.set_name("narrow");
  narrow.set_data_type(onnx::TensorProto::UINT8);
  narrow.add_dims(3);
  for (const int value : {0, 128, 255}) narrow.add_int32_data(value);
  add_initializer(proto, narrow);
  onnx::TensorProto wide;
  wide.set_name("wide");
  wide.set_data_type(onnx::TensorProto::UINT32);
  wide.add_uint64_data(4000000000u);  // a scalar
  add_initializer(proto, wide);
  add_output(proto, "raw");
  add_output(proto, "narrow");
  add_output(proto, "wide");
  const auto model = read(proto);
  TensorVector outputs;
  ASSERT_TRUE(model->evaluate(outputs, {}));
  EXPECT_EQ(outputs[0].get_element_type(), element::i16);
  EXPECT_EQ(outputs[0].data<int16_t>()[0], -3);
  EXPECT_EQ(outputs[0].data<int16_t>()[1], 7);
  EXPECT_EQ(outputs[1].data<uint8_t>()[1], 128);
  EXPECT_EQ(outputs[1].data<uint8_t>()[2], 255);
  EXPECT_EQ(outputs[2].get_shape(), Shape{});
  EXPECT_EQ(outputs[2].data<uint32_t>()[0], 4000000000u);
}

TEST(OnnxReader, ExternalDataRelativeToTheModelFolder) {
  const std::string dir = temp_dir();
  const float values[] = {9, 1.5f, -2, 4};  // the tensor is the middle two values
  std::ofstream(dir + "weights.bin", std::ios::binary).write(reinterpret_cast<const char*>(values), sizeof(values));
  auto proto = make_model(13);
  add_input(proto, "x", {2});
  onnx::TensorProto external;
  external.set_name("w");
  external.set_data_type(onnx::TensorProto::FLOAT);
  external.add_dims(2);
  external.set_data_location(onnx::TensorProto::EXTERNAL);
  for (const auto& entry : std::vector<std::pair<std::string, std::string>>{
           {"location", "weights.bin"}, {"offset", "4"}, {"length", "8"}}) {
    auto* field = external.add_external_data();
    field->set_key(entry.first);
    field->set_value(entry.second);
  }
  add_initializer(proto, external);
  add_node(proto, "Mul", {"x", "w"}, {"y"});
  add_output(proto, "y");
  const std::string path = dir + "external.onnx";
  std::ofstream(path, std::ios::binary) << proto.SerializeAsString();
  EXPECT_EQ(run(read_onnx(path), {f32_tensor({2}, {2, 3})}), (std::vector<float>{3, -6}));
}

}  // namespace
}  // namespace ferry
