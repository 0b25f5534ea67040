// Resize features the backend node data (ONNX 1.12) has no case for: Resize-18's antialias and
// axes attributes, and its refusals. The importer stops at opset 17, so the models declare 17
// and carry the Resize-18 attributes (the converter reads them at any opset). Expected values:
// onnx 1.23's ReferenceEvaluator on the same 1-D data at opset 18 (tolerance 2e-5).
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

using namespace onnx_test;

onnx::TensorProto int64_tensor(const std::string& name, const std::vector<int64_t>& values) {
  onnx::TensorProto tensor;
  tensor.set_name(name);
  tensor.set_data_type(onnx::TensorProto::INT64);
  tensor.add_dims(static_cast<int64_t>(values.size()));
  for (const auto value : values) tensor.add_int64_data(value);
  return tensor;
}

// Resize-18 of x [1, 8] to 3 along the axes attribute {-1}.
onnx::ModelProto resize18(const std::string& mode, onnx::NodeProto** node) {
  auto model = make_model(17);
  add_input(model, "x", {1, 8});
  add_initializer(model, int64_tensor("sizes", {3}));
  *node = add_node(model, "Resize", {"x", "", "", "sizes"}, {"y"}, "r1");
  set_string(*node, "mode", mode);
  set_ints(*node, "axes", {-1});
  add_output(model, "y");
  return model;
}

void expect_near(const std::vector<float>& got, const std::vector<float>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], expected[i], 2e-5f) << "element " << i;
}

const std::vector<float> kRow{1, 5, 2, 8, 3, 0, 4, 7};

TEST(OnnxResizeConverter, AntialiasAndAxesOfResize18) {
  onnx::NodeProto* node;
  auto linear = resize18("linear", &node);
  set_int(node, "antialias", 1);
  expect_near(run(read(linear), {f32_tensor({1, 8}, kRow)}), {3.0930233f, 3.952381f, 4.2093024f});
  set_int(node, "exclude_outside", 1);
  expect_near(run(read(linear), {f32_tensor({1, 8}, kRow)}), {3.368421f, 3.952381f, 3.8421052f});
  auto cubic = resize18("cubic", &node);
  set_int(node, "antialias", 1);
  expect_near(run(read(cubic), {f32_tensor({1, 8}, kRow)}), {3.1816187f, 3.9160361f, 3.958906f});
}

TEST(OnnxResizeConverter, RefusalsNameTheNodeAndAttribute) {
  onnx::NodeProto* node;
  auto nearest = resize18("nearest", &node);
  set_int(node, "antialias", 1);
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(nearest)), "node 'r1'");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(nearest)), "antialias applies to linear and cubic");
  auto policy = resize18("linear", &node);
  set_string(node, "keep_aspect_ratio_policy", "not_larger");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(policy)), "'keep_aspect_ratio_policy' 'not_larger' is not supported");
  auto transform = resize18("linear", &node);
  set_string(node, "coordinate_transformation_mode", "half_pixel_symmetric");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(transform)), "unsupported value 'half_pixel_symmetric'");
  // tf_crop_and_resize without roi.
  auto crop = resize18("linear", &node);
  set_string(node, "coordinate_transformation_mode", "tf_crop_and_resize");
  EXPECT_CONTAINS(ONNX_ERROR_OF(read(crop)), "tf_crop_and_resize needs the roi input");
}

}  // namespace
}  // namespace ferry
