// Every refusal names what it refuses: the node (name, index), op type, domain and opset for op
// errors; the file for data errors.
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

onnx::ModelProto relu_model(const std::string& op_type = "Relu", int64_t opset = 13) {
  auto proto = make_model(opset);
  add_input(proto, "x", {2});
  add_node(proto, op_type, {"x"}, {"y"}, "n0");
  add_output(proto, "y");
  return proto;
}

TEST(OnnxReaderErrors, UnknownOpNamesNodeOpDomainAndOpset) {
  const auto message = ONNX_ERROR_OF(read(relu_model("FancyOp", 12)));
  EXPECT_CONTAINS(message, "node 'n0' (#0, FancyOp, domain '', opset 12)");
  EXPECT_CONTAINS(message, "not supported");
}

TEST(OnnxReaderErrors, ForeignDomain) {
  auto proto = relu_model();
  proto.mutable_graph()->mutable_node(0)->set_domain("com.example");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "domain 'com.example'");
}

TEST(OnnxReaderErrors, UnsupportedAttribute) {
  auto proto = relu_model();
  set_int(proto.mutable_graph()->mutable_node(0), "mystery", 1);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "attribute 'mystery' is not supported");
}

TEST(OnnxReaderErrors, AttributeOfWrongTypeOrValue) {
  auto proto = make_model(13);
  add_input(proto, "x", {1, 1, 2, 2});
  auto* pool = add_node(proto, "MaxPool", {"x"}, {"y"}, "pool");
  set_string(pool, "kernel_shape", "2x2");
  add_output(proto, "y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "attribute 'kernel_shape' has type STRING, expected INTS");

  pool->clear_attribute();
  set_ints(pool, "kernel_shape", {2, 2});
  set_string(pool, "auto_pad", "SIDEWAYS");
  const auto message = ONNX_ERROR_OF(read(proto));
  EXPECT_CONTAINS(message, "node 'pool' (#0, MaxPool");
  EXPECT_CONTAINS(message, "'auto_pad' has unsupported value 'SIDEWAYS'");
}

TEST(OnnxReaderErrors, ShapeErrorsFromOpsNameTheNode) {
  auto proto = make_model(13);
  add_input(proto, "a", {2, 3});
  add_input(proto, "b", {2, 3});
  add_node(proto, "MatMul", {"a", "b"}, {"y"}, "mm");
  add_output(proto, "y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "node 'mm' (#0, MatMul");
}

TEST(OnnxReaderErrors, MissingExternalDataNamesTheFile) {
  auto proto = relu_model("Relu");
  onnx::TensorProto external;
  external.set_name("w");
  external.set_data_type(onnx::TensorProto::FLOAT);
  external.add_dims(1);
  external.set_data_location(onnx::TensorProto::EXTERNAL);
  auto* location = external.add_external_data();
  location->set_key("location");
  location->set_value("no_such_weights.bin");
  add_initializer(proto, external);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto, "/nonexistent")), "'/nonexistent/no_such_weights.bin'");
}

TEST(OnnxReaderErrors, MalformedBytesAndMissingFile) {
  EXPECT_CONTAINS(ONNX_ERROR_OF(read_onnx_from_memory("\x0a\xff\xff\xff\x0f garbage", "", "bad.onnx")),
                  "'bad.onnx': not a valid ONNX protobuf");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read_onnx("/nonexistent/model.onnx")), "'/nonexistent/model.onnx'");
}

TEST(OnnxReaderErrors, OpsetOutOfRange) {
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(relu_model("Relu", 18))), "opset 18 is not supported");
  auto proto = relu_model();
  proto.clear_opset_import();
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "imports no opset");
}

TEST(OnnxReaderErrors, CyclesAndDanglingInputs) {
  auto cycle = make_model(13);
  add_input(cycle, "x", {2});
  add_node(cycle, "Add", {"x", "b"}, {"a"}, "first");
  add_node(cycle, "Relu", {"a"}, {"b"}, "second");
  add_output(cycle, "b");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(cycle)), "cycle");

  auto dangling = relu_model();
  dangling.mutable_graph()->mutable_node(0)->set_input(0, "nowhere");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(dangling)), "input 'nowhere' of node 'n0'");
}

TEST(OnnxReaderErrors, BadInitializerData) {
  auto proto = relu_model();
  add_initializer(proto, float_tensor("w", {3}, {1, 2}));
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "tensor 'w'");
  proto.mutable_graph()->clear_initializer();
  onnx::TensorProto strings;
  strings.set_name("s");
  strings.set_data_type(onnx::TensorProto::STRING);
  add_initializer(proto, strings);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(proto)), "element type STRING is not supported");
}

}  // namespace
}  // namespace ferry
