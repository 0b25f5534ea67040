// Error paths and a few values of the CNN / ranking / resize converters that the backend node
// cases do not reach.
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

onnx::ModelProto one_node(const std::string& op_type, const std::vector<int64_t>& dims, onnx::NodeProto** node,
                          int64_t opset = 13) {
  auto model = make_model(opset);
  add_input(model, "x", dims);
  *node = add_node(model, op_type, {"x"}, {"y"}, "n1");
  add_output(model, "y");
  return model;
}

TEST(OnnxCnnConverters, RefusesBadAttributesNamingTheNode) {
  onnx::NodeProto* node;
  auto depth = one_node("DepthToSpace", {1, 4, 2, 2}, &node);
  set_int(node, "blocksize", 2);
  set_string(node, "mode", "XYZ");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(depth)), "node 'n1'");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(depth)), "'mode' has unsupported value 'XYZ'");
  auto space = one_node("SpaceToDepth", {1, 1, 4, 4}, &node);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(space)), "'blocksize' must be positive");
  auto pad = one_node("Pad", {2, 3}, &node, 10);
  set_ints(node, "pads", {1, 1});
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(pad)), "'pads' must have 4 values, got 2");
  auto batch_norm = one_node("BatchNormalization", {1, 2, 3}, &node, 15);
  set_int(node, "training_mode", 1);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(batch_norm)), "training_mode 1 is not supported");
  auto arg = one_node("ArgMax", {2, 3}, &node);
  set_int(node, "axis", 2);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(arg)), "axis 2 is out of range for rank 2");
  auto upsample = one_node("Upsample", {1, 1, 2, 2}, &node, 7);
  set_string(node, "mode", "cubic");
  auto* scales = node->add_attribute();
  scales->set_name("scales");
  scales->set_type(onnx::AttributeProto::FLOATS);
  for (const float value : {1.0f, 1.0f, 2.0f, 2.0f}) scales->add_floats(value);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(upsample)), "'mode' has unsupported value 'cubic'");
  auto global = one_node("GlobalMaxPool", {1, 2, -1, 3}, &node);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(global)), "needs static spatial dimensions");
}

TEST(OnnxCnnConverters, ConvTransposeGroupsMustDivideChannels) {
  auto model = make_model(13);
  add_input(model, "x", {1, 3, 2, 2});
  add_initializer(model, float_tensor("w", {3, 1, 1, 1}, {1, 1, 1}));
  auto* node = add_node(model, "ConvTranspose", {"x", "w"}, {"y"}, "up");
  set_int(node, "group", 2);
  add_output(model, "y");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(model)), "input channels 3 are not divisible by group 2");
}

TEST(OnnxCnnConverters, MaxPoolIndicesRowMajorAndColumnMajor) {
  // One 2x3 plane, 2x2 window, stride 1: maxima at (1,1) = 5 and (0,2) = 9.
  for (const int64_t order : {0, 1}) {
    auto model = make_model(12);
    add_input(model, "x", {1, 1, 2, 3});
    auto* node = add_node(model, "MaxPool", {"x"}, {"y", "i"}, "pool");
    set_ints(node, "kernel_shape", {2, 2});
    set_int(node, "storage_order", order);
    add_output(model, "y");
    add_output(model, "i");
    TensorVector outputs;
    ASSERT_TRUE(read(model)->evaluate(outputs, {f32_tensor({1, 1, 2, 3}, {1, 2, 9, 0, 5, 3})}));
    ASSERT_EQ(outputs.size(), 2u);
    EXPECT_EQ(f32_values(outputs[0]), (std::vector<float>{5, 9}));
    const int64_t* indices = outputs[1].data<int64_t>();
    // Row-major (h * 3 + w): 4 and 2; column-major (w * 2 + h): 3 and 4.
    EXPECT_EQ(indices[0], order == 0 ? 4 : 3);
    EXPECT_EQ(indices[1], order == 0 ? 2 : 4);
  }
}

}  // namespace
}  // namespace ferry
