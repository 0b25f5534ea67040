// ONNX backend node cases (Debian's libonnx-testdata) for the CNN / detection converters: each
// case's model.onnx run on every test_data_set_* must give its expected outputs (rtol 1e-3,
// atol 1e-7 as ONNX's runner; NaN positions must match; integer outputs exactly).
#include "onnx_node_case_check.hpp"

namespace ferry {
namespace {

class OnnxCnnNodeTest : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxCnnNodeTest, MatchesExpectedOutputs) { node_case::check_node_case(GetParam()); }

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
        "test_argmax_keepdims_example", "test_argmax_keepdims_example_select_last_index", "test_argmax_keepdims_random",
        "test_argmax_keepdims_random_select_last_index", "test_argmax_negative_axis_keepdims_example",
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
        "test_resize_downsample_scales_cubic", "test_resize_downsample_scales_cubic_align_corners",
        "test_resize_downsample_scales_linear", "test_resize_downsample_scales_linear_align_corners",
        "test_resize_downsample_scales_nearest", "test_resize_downsample_sizes_cubic",
        "test_resize_downsample_sizes_linear_pytorch_half_pixel", "test_resize_downsample_sizes_nearest",
        "test_resize_downsample_sizes_nearest_tf_half_pixel_for_nn", "test_resize_upsample_scales_cubic",
        "test_resize_upsample_scales_cubic_align_corners", "test_resize_upsample_scales_cubic_asymmetric",
        "test_resize_upsample_scales_linear", "test_resize_upsample_scales_linear_align_corners",
        "test_resize_upsample_scales_nearest", "test_resize_upsample_sizes_cubic", "test_resize_upsample_sizes_nearest",
        "test_resize_upsample_sizes_nearest_ceil_half_pixel", "test_resize_upsample_sizes_nearest_floor_align_corners",
        "test_resize_upsample_sizes_nearest_round_prefer_ceil_asymmetric", "test_upsample_nearest",
        // Resize on Ferry's Interpolate extensions (exclude_outside, tf_crop_and_resize + roi)
        "test_resize_downsample_scales_cubic_A_n0p5_exclude_outside",
        "test_resize_upsample_scales_cubic_A_n0p5_exclude_outside", "test_resize_tf_crop_and_resize",
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

}  // namespace
}  // namespace ferry
