// ONNX backend node cases (Debian's libonnx-testdata) for the data-movement converters: each
// case's model.onnx run on every test_data_set_* must give its expected outputs (rtol 1e-3,
// atol 1e-7 as ONNX's runner; NaN positions must match; integer outputs exactly).
#include "onnx_node_case_check.hpp"

namespace ferry {
namespace {

class OnnxDataNodeTest : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxDataNodeTest, MatchesExpectedOutputs) { node_case::check_node_case(GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    NodeCases, OnnxDataNodeTest,
    ::testing::Values(
        "test_squeeze", "test_squeeze_negative_axes", "test_unsqueeze_axis_0", "test_unsqueeze_axis_1",
        "test_unsqueeze_axis_2", "test_unsqueeze_axis_3", "test_unsqueeze_negative_axes", "test_unsqueeze_three_axes",
        "test_unsqueeze_two_axes", "test_unsqueeze_unsorted_axes", "test_shape", "test_shape_clip_end",
        "test_shape_clip_start", "test_shape_end_1", "test_shape_end_negative_1", "test_shape_example",
        "test_shape_start_1", "test_shape_start_1_end_2", "test_shape_start_1_end_negative_1",
        "test_shape_start_negative_1", "test_size", "test_size_example", "test_gather_0", "test_gather_1",
        "test_gather_2d_indices", "test_gather_negative_indices", "test_gather_elements_0", "test_gather_elements_1",
        "test_gather_elements_negative_indices", "test_gathernd_example_float32", "test_gathernd_example_int32",
        "test_gathernd_example_int32_batch_dim1", "test_slice", "test_slice_default_axes", "test_slice_default_steps",
        "test_slice_end_out_of_bounds", "test_slice_neg", "test_slice_neg_steps", "test_slice_negative_axes",
        "test_slice_start_out_of_bounds", "test_split_equal_parts_1d", "test_split_equal_parts_2d",
        "test_split_equal_parts_default_axis", "test_split_variable_parts_1d", "test_split_variable_parts_2d",
        "test_split_variable_parts_default_axis", "test_split_zero_size_splits", "test_tile", "test_tile_precomputed",
        "test_expand_dim_changed", "test_expand_dim_unchanged", "test_range_float_type_positive_delta",
        "test_range_int32_type_negative_delta", "test_where_example", "test_where_long_example",
        "test_constantofshape_float_ones", "test_constantofshape_int_shape_zero", "test_constantofshape_int_zeros",
        "test_eyelike_populate_off_main_diagonal", "test_eyelike_with_dtype", "test_eyelike_without_dtype", "test_tril",
        "test_tril_neg", "test_tril_one_row_neg", "test_tril_out_neg", "test_tril_out_pos", "test_tril_pos",
        "test_tril_square", "test_tril_square_neg", "test_tril_zero", "test_triu", "test_triu_neg", "test_triu_one_row",
        "test_triu_out_neg_out", "test_triu_out_pos", "test_triu_pos", "test_triu_square", "test_triu_square_neg",
        "test_triu_zero", "test_scatter_elements_with_axis", "test_scatter_elements_with_duplicate_indices",
        "test_scatter_elements_with_negative_indices", "test_scatter_elements_without_axis", "test_scatter_with_axis",
        "test_scatter_without_axis", "test_scatternd", "test_scatternd_add", "test_scatternd_multiply",
        "test_onehot_negative_indices", "test_onehot_with_axis", "test_onehot_with_negative_axis",
        "test_onehot_without_axis", "test_cumsum_1d", "test_cumsum_1d_exclusive", "test_cumsum_1d_reverse",
        "test_cumsum_1d_reverse_exclusive", "test_cumsum_2d_axis_0", "test_cumsum_2d_axis_1",
        "test_cumsum_2d_negative_axis", "test_nonzero_example", "test_compress_0", "test_compress_1",
        "test_compress_default_axis", "test_compress_negative_axis", "test_reversesequence_batch",
        "test_reversesequence_time"),
    [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace ferry
