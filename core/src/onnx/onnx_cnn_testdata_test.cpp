// ONNX backend node cases (Debian's libonnx-testdata) for the CNN / detection converters: each
// case's model.onnx run on every test_data_set_* must give its expected outputs (rtol 1e-3,
// atol 1e-7 as ONNX's runner; NaN positions must match; integer outputs exactly).
#include <cmath>
#include <fstream>
#include <sstream>

#include "ferry/graph/element_convert.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "onnx_tensor.hpp"
#include "onnx_test_util.hpp"

namespace ferry {
namespace {

bool exists(const std::string& path) { return static_cast<bool>(std::ifstream(path)); }

// The runfiles copy when the test's data names the case, else Debian's installed copy.
std::string case_dir(const std::string& name) {
  const char* root = std::getenv("TEST_SRCDIR");
  const std::string runfiles = std::string(root ? root : ".") + "/onnx/share/libonnx-testdata/data/node/" + name + "/";
  if (exists(runfiles + "model.onnx")) return runfiles;
  return "/usr/share/libonnx-testdata/data/node/" + name + "/";
}

Tensor read_tensor(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << file.rdbuf();
  onnx::TensorProto proto;
  EXPECT_TRUE(proto.ParseFromString(bytes.str())) << path;
  const auto constant = onnx_frontend::constant_from_tensor(proto, "", path);
  Tensor tensor(constant->get_element_type(), constant->get_shape());
  if (constant->get_byte_size() > 0)  // empty tensors may have no buffer at all
    std::memcpy(tensor.data(), constant->get_data_ptr(), constant->get_byte_size());
  return tensor;
}

std::vector<double> values_of(const Tensor& tensor) {
  std::vector<double> values(tensor.get_size());
  element::visit_storage(tensor.get_element_type(), "expected output", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* data = static_cast<const T*>(tensor.data());
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(data[i]);
  });
  return values;
}

void check_data_set(const std::shared_ptr<Model>& model, const std::string& dir) {
  TensorVector inputs, expected;
  for (size_t i = 0; exists(dir + "input_" + std::to_string(i) + ".pb"); ++i)
    inputs.push_back(read_tensor(dir + "input_" + std::to_string(i) + ".pb"));
  for (size_t i = 0; exists(dir + "output_" + std::to_string(i) + ".pb"); ++i)
    expected.push_back(read_tensor(dir + "output_" + std::to_string(i) + ".pb"));
  ASSERT_FALSE(expected.empty()) << "no expected outputs under " << dir;
  TensorVector outputs;
  ASSERT_TRUE(model->evaluate(outputs, inputs));
  ASSERT_EQ(outputs.size(), expected.size());
  for (size_t o = 0; o < outputs.size(); ++o) {
    ASSERT_EQ(outputs[o].get_element_type(), expected[o].get_element_type()) << "output " << o;
    ASSERT_EQ(outputs[o].get_shape(), expected[o].get_shape()) << "output " << o;
    const auto actual = values_of(outputs[o]);
    const auto wanted = values_of(expected[o]);
    for (size_t i = 0; i < actual.size(); ++i) {
      if (std::isnan(wanted[i])) {
        ASSERT_TRUE(std::isnan(actual[i])) << "output " << o << " element " << i;
        continue;
      }
      ASSERT_LE(std::fabs(actual[i] - wanted[i]), 1e-7 + 1e-3 * std::fabs(wanted[i]))
          << "output " << o << " element " << i << ": " << actual[i] << " vs " << wanted[i];
    }
  }
}

class OnnxCnnNodeTest : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxCnnNodeTest, MatchesExpectedOutputs) {
  const std::string dir = case_dir(GetParam());
  ASSERT_TRUE(exists(dir + "model.onnx")) << dir;
  const auto model = read_onnx(dir + "model.onnx");
  for (size_t set = 0; exists(dir + "test_data_set_" + std::to_string(set) + "/output_0.pb"); ++set) {
    SCOPED_TRACE("test_data_set_" + std::to_string(set));
    check_data_set(model, dir + "test_data_set_" + std::to_string(set) + "/");
  }
}

INSTANTIATE_TEST_SUITE_P(
    NodeCases, OnnxCnnNodeTest,
    ::testing::Values(
        // existing ops' converters
        "test_batchnorm_epsilon", "test_batchnorm_example", "test_depthtospace_crd_mode",
        "test_depthtospace_crd_mode_example", "test_depthtospace_dcr_mode", "test_depthtospace_example",
        "test_spacetodepth", "test_spacetodepth_example", "test_constant_pad", "test_edge_pad", "test_reflect_pad",
        "test_prelu_broadcast", "test_prelu_example", "test_hardswish",
        // TopK, ArgMax, ArgMin
        "test_argmax_default_axis_example", "test_argmax_default_axis_example_select_last_index",
        "test_argmax_default_axis_random", "test_argmax_default_axis_random_select_last_index",
        "test_argmax_keepdims_example", "test_argmax_keepdims_example_select_last_index",
        "test_argmax_keepdims_random", "test_argmax_keepdims_random_select_last_index",
        "test_argmax_negative_axis_keepdims_example",
        "test_argmax_negative_axis_keepdims_example_select_last_index", "test_argmax_negative_axis_keepdims_random",
        "test_argmax_negative_axis_keepdims_random_select_last_index", "test_argmax_no_keepdims_example",
        "test_argmax_no_keepdims_example_select_last_index", "test_argmax_no_keepdims_random",
        "test_argmax_no_keepdims_random_select_last_index", "test_argmin_default_axis_example",
        "test_argmin_default_axis_example_select_last_index", "test_argmin_default_axis_random",
        "test_argmin_default_axis_random_select_last_index", "test_argmin_keepdims_example",
        "test_argmin_keepdims_example_select_last_index", "test_argmin_keepdims_random",
        "test_argmin_keepdims_random_select_last_index", "test_argmin_negative_axis_keepdims_example",
        "test_argmin_negative_axis_keepdims_example_select_last_index", "test_argmin_negative_axis_keepdims_random",
        "test_argmin_negative_axis_keepdims_random_select_last_index", "test_argmin_no_keepdims_example",
        "test_argmin_no_keepdims_example_select_last_index", "test_argmin_no_keepdims_random",
        "test_argmin_no_keepdims_random_select_last_index", "test_top_k", "test_top_k_negative_axis",
        "test_top_k_smallest",
        // Resize, Upsample
        "test_resize_downsample_scales_cubic",
        "test_resize_downsample_scales_cubic_align_corners", "test_resize_downsample_scales_linear",
        "test_resize_downsample_scales_linear_align_corners", "test_resize_downsample_scales_nearest",
        "test_resize_downsample_sizes_cubic", "test_resize_downsample_sizes_linear_pytorch_half_pixel",
        "test_resize_downsample_sizes_nearest", "test_resize_downsample_sizes_nearest_tf_half_pixel_for_nn",
        "test_resize_upsample_scales_cubic",
        "test_resize_upsample_scales_cubic_align_corners", "test_resize_upsample_scales_cubic_asymmetric",
        "test_resize_upsample_scales_linear", "test_resize_upsample_scales_linear_align_corners",
        "test_resize_upsample_scales_nearest", "test_resize_upsample_sizes_cubic",
        "test_resize_upsample_sizes_nearest", "test_resize_upsample_sizes_nearest_ceil_half_pixel",
        "test_resize_upsample_sizes_nearest_floor_align_corners",
        "test_resize_upsample_sizes_nearest_round_prefer_ceil_asymmetric", "test_upsample_nearest",
        // ConvTranspose
        "test_convtranspose", "test_convtranspose_1d", "test_convtranspose_3d", "test_convtranspose_autopad_same",
        "test_convtranspose_dilations", "test_convtranspose_kernel_shape", "test_convtranspose_output_shape",
        "test_convtranspose_pad", "test_convtranspose_pads", "test_convtranspose_with_kernel",
        // NonMaxSuppression
        "test_nonmaxsuppression_center_point_box_format", "test_nonmaxsuppression_flipped_coordinates",
        "test_nonmaxsuppression_identical_boxes", "test_nonmaxsuppression_limit_output_size",
        "test_nonmaxsuppression_single_box", "test_nonmaxsuppression_suppress_by_IOU",
        "test_nonmaxsuppression_suppress_by_IOU_and_scores", "test_nonmaxsuppression_two_batches",
        "test_nonmaxsuppression_two_classes",
        // Conv
        "test_basic_conv_with_padding", "test_basic_conv_without_padding", "test_conv_with_autopad_same",
        "test_conv_with_strides_and_asymmetric_padding", "test_conv_with_strides_no_padding",
        "test_conv_with_strides_padding",
        // pools
        "test_maxpool_1d_default", "test_maxpool_2d_ceil", "test_maxpool_2d_default", "test_maxpool_2d_dilations",
        "test_maxpool_2d_pads", "test_maxpool_2d_precomputed_pads", "test_maxpool_2d_precomputed_same_upper",
        "test_maxpool_2d_precomputed_strides", "test_maxpool_2d_same_lower", "test_maxpool_2d_same_upper",
        "test_maxpool_2d_strides", "test_maxpool_2d_uint8", "test_maxpool_3d_default",
        "test_maxpool_with_argmax_2d_precomputed_pads", "test_maxpool_with_argmax_2d_precomputed_strides",
        "test_averagepool_1d_default", "test_averagepool_2d_ceil", "test_averagepool_2d_default",
        "test_averagepool_2d_pads", "test_averagepool_2d_pads_count_include_pad",
        "test_averagepool_2d_precomputed_pads", "test_averagepool_2d_precomputed_pads_count_include_pad",
        "test_averagepool_2d_precomputed_same_upper", "test_averagepool_2d_precomputed_strides",
        "test_averagepool_2d_same_lower", "test_averagepool_2d_same_upper", "test_averagepool_2d_strides",
        "test_averagepool_3d_default"));

// Cases Interpolate-11 cannot express (no exclude_outside, no tf_crop_and_resize): conversion
// must refuse them with an error naming the node and the attribute.
class OnnxCnnRefusedNodeTest : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(OnnxCnnRefusedNodeTest, ConversionNamesTheCause) {
  const std::string dir = case_dir(GetParam().first);
  const std::string message = ONNX_ERROR_OF(read_onnx(dir + "model.onnx"));
  EXPECT_CONTAINS(message, "Resize");
  EXPECT_CONTAINS(message, GetParam().second);
}

INSTANTIATE_TEST_SUITE_P(
    RefusedCases, OnnxCnnRefusedNodeTest,
    ::testing::Values(std::make_pair("test_resize_downsample_scales_cubic_A_n0p5_exclude_outside", "exclude_outside"),
                      std::make_pair("test_resize_upsample_scales_cubic_A_n0p5_exclude_outside", "exclude_outside"),
                      std::make_pair("test_resize_tf_crop_and_resize", "tf_crop_and_resize")));

}  // namespace
}  // namespace ferry
