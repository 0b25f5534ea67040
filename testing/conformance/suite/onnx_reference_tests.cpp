// Conformance, OnnxReference: ONNX's own backend node test cases (Debian's libonnx-testdata),
// read with Ferry's ONNX reader, compiled and run on the device under test, and compared with the
// expected outputs stored beside each model. Those outputs were computed by ONNX's reference
// implementation, not by Ferry: unlike the Ops category, which compares a device with core's
// reference evaluation (the very code TEMPLATE runs), this category checks values against data
// independent of Ferry. Cases whose ops the device does not claim in query_model are unsupported.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "options.hpp"
#include "testing/onnx/backend_case.hpp"
#include "testing/onnx/case_steps.hpp"
#include "testing/onnx/tensor_compare.hpp"

namespace ferry::conformance {
namespace {

namespace fs = std::filesystem;

struct OnnxCase {
  std::string op;    // the ONNX op the case is chosen for; the model must contain it
  std::string name;  // its folder under the node test data, e.g. "test_add_bcast"
};

// The chosen node cases: one or two per op, covering the op families of op_cases/ (the comment
// before each group names the family). Every case passes on TEMPLATE; add a case here when a new
// op family needs an outside check.
const std::vector<OnnxCase>& onnx_cases() {
  static const std::vector<OnnxCase> cases = {
      // elementwise: arithmetic with broadcasting, comparisons and logic, unary math, Cast
      {"Add", "test_add_bcast"},
      {"Mul", "test_mul_bcast"},
      {"Div", "test_div"},
      {"Pow", "test_pow_bcast_array"},
      {"Mod", "test_mod_mixed_sign_int32"},
      {"Max", "test_max_example"},
      {"Equal", "test_equal_bcast"},
      {"Greater", "test_greater"},
      {"And", "test_and_bcast4v3d"},
      {"Not", "test_not_3d"},
      {"Where", "test_where_example"},
      {"Abs", "test_abs"},
      {"Sqrt", "test_sqrt"},
      {"Log", "test_log"},
      {"Sin", "test_sin"},
      {"Erf", "test_erf"},
      {"Cast", "test_cast_FLOAT_to_FLOAT16"},
      // activation: activations, Clip, Softmax and LogSoftmax
      {"Relu", "test_relu"},
      {"Sigmoid", "test_sigmoid"},
      {"Tanh", "test_tanh"},
      {"LeakyRelu", "test_leakyrelu"},
      {"Elu", "test_elu"},
      {"HardSwish", "test_hardswish"},
      {"PRelu", "test_prelu_broadcast"},
      {"Clip", "test_clip"},
      {"Softmax", "test_softmax_axis_1"},
      {"Softmax", "test_softmax_large_number"},
      {"LogSoftmax", "test_logsoftmax_axis_0"},
      // nn: MatMul, Gemm, convolution and pooling
      {"MatMul", "test_matmul_4d"},
      {"Gemm", "test_gemm_all_attributes"},
      {"Conv", "test_conv_with_strides_padding"},
      {"Conv", "test_conv_with_autopad_same"},
      {"MaxPool", "test_maxpool_2d_pads"},
      {"MaxPool", "test_maxpool_2d_dilations"},
      {"AveragePool", "test_averagepool_2d_pads_count_include_pad"},
      {"GlobalAveragePool", "test_globalaveragepool"},
      // transposed_convolution: ConvTranspose
      {"ConvTranspose", "test_convtranspose_pads"},
      // normalization: batch, instance, layer, local-response and mean-variance normalization
      {"BatchNormalization", "test_batchnorm_epsilon"},
      {"InstanceNormalization", "test_instancenorm_example"},
      {"LayerNormalization", "test_layer_normalization_3d_axis1_epsilon"},
      {"LRN", "test_lrn"},
      {"MeanVarianceNormalization", "test_mvn"},
      // reduction: reductions and ArgMax
      {"ReduceMean", "test_reduce_mean_keepdims_random"},
      {"ReduceMax", "test_reduce_max_do_not_keepdims_random"},
      {"ReduceL2", "test_reduce_l2_keep_dims_random"},
      {"ArgMax", "test_argmax_keepdims_random"},
      // movement: data movement and reshaping
      {"Transpose", "test_transpose_all_permutations_4"},
      {"Concat", "test_concat_3d_axis_negative_2"},
      {"Split", "test_split_equal_parts_2d"},
      {"Flatten", "test_flatten_axis2"},
      {"Reshape", "test_reshape_negative_dim"},
      {"Slice", "test_slice_neg_steps"},
      {"Squeeze", "test_squeeze_negative_axes"},
      {"Tile", "test_tile"},
      {"Expand", "test_expand_dim_changed"},
      {"DepthToSpace", "test_depthtospace_crd_mode"},
      // indexing: gathers, TopK, OneHot
      {"Gather", "test_gather_2d_indices"},
      {"GatherElements", "test_gather_elements_negative_indices"},
      {"GatherND", "test_gathernd_example_int32_batch_dim1"},
      {"TopK", "test_top_k_negative_axis"},
      {"OneHot", "test_onehot_with_axis"},
      // scatter: scatters
      {"ScatterElements", "test_scatter_elements_with_negative_indices"},
      {"ScatterND", "test_scatternd_add"},
      // shape: Shape
      {"Shape", "test_shape_start_1_end_negative_1"},
      // image: Resize
      {"Resize", "test_resize_upsample_scales_linear"},
      // sequence: recurrent cells
      {"LSTM", "test_lstm_defaults"},
      {"GRU", "test_gru_with_initial_bias"},
      {"RNN", "test_simple_rnn_defaults"},
  };
  return cases;
}

// |actual - expected| <= atol + rtol * |expected| by the output's element type: rtol is ONNX's
// backend-test tolerance, atol the Ops category's (ONNX's own atol, 1e-7, asks more of values
// near zero than a device's transcendental functions promise).
onnx_backend::Tolerance tolerance_for(const element::Type& type) {
  switch (type.get_type()) {
    case element::Type_t::f32:
    case element::Type_t::f64:
      return {1e-3, 1e-5};
    case element::Type_t::f16:
      return {1e-2, 1e-2};
    case element::Type_t::bf16:
      return {2e-2, 2e-2};
    default:
      return {0, 0};  // integers and boolean: exact (compare_tensors compares them exactly anyway)
  }
}

std::string describe(const onnx_backend::Tolerance& tolerance) {
  std::ostringstream text;
  text << "rtol " << tolerance.rtol << ", atol " << tolerance.atol;
  return text.str();
}

// How GoogleTest prints a case in a failure message.
void PrintTo(const OnnxCase& c, std::ostream* out) { *out << c.op << " " << c.name; }

class OnnxReference : public testing::TestWithParam<OnnxCase> {};

TEST_P(OnnxReference, Run) {
  const OnnxCase& c = GetParam();
  const std::string root = onnx_data_dir();
  const std::string folder = root + "/" + c.name;
  if (!fs::is_directory(folder)) {
    if (options().onnx_data.empty())
      GTEST_SKIP() << "ONNX's backend test data is not installed: no " << folder
                   << " (install Debian's libonnx-testdata, or pass --onnx_data=DIR)";
    FAIL() << "--onnx_data=" << root << " has no case folder " << c.name;
  }
  const onnx_backend::BackendCase backend = onnx_backend::describe_case("node", c.name, folder);
  ASSERT_TRUE(backend.unsupported_reason.empty()) << backend.unsupported_reason;
  ASSERT_FALSE(backend.data_sets.empty()) << folder << " has no test_data_set_* folder";
  ASSERT_NE(std::find(backend.op_types.begin(), backend.op_types.end(), c.op), backend.op_types.end())
      << backend.model << " has no " << c.op << " node: the case list is wrong";

  const std::string& device = options().device;
  Core core = make_core();
  std::shared_ptr<Model> model;
  try {
    model = core.read_model(backend.model);
  } catch (const std::exception& error) {
    FAIL() << "Ferry's ONNX reader refused " << backend.model << ": " << error.what();
  }
  const std::string missing = onnx_backend::unsupported_ops(*model, core.query_model(model, device));
  if (!missing.empty()) GTEST_SKIP() << "unsupported: " << device << " does not claim " << missing;

  CompiledModel compiled = core.compile_model(model, device);
  for (const std::string& data_set_folder : backend.data_sets) {
    const onnx_backend::DataSet data = onnx_backend::read_data_set(data_set_folder);
    ASSERT_EQ(compiled.inputs().size(), data.inputs.size()) << data.name;
    ASSERT_EQ(compiled.outputs().size(), data.expected.size()) << data.name;
    InferRequest request = compiled.create_infer_request();
    for (size_t i = 0; i < data.inputs.size(); ++i)
      request.set_input_tensor(i, onnx_backend::as_declared(data.inputs[i], compiled.input(i).get_element_type()));
    request.infer();
    for (size_t i = 0; i < data.expected.size(); ++i) {
      const Tensor expected = onnx_backend::as_declared(data.expected[i], compiled.output(i).get_element_type());
      const onnx_backend::Tolerance tolerance = tolerance_for(expected.get_element_type());
      const std::string name = i < backend.outputs.size() ? backend.outputs[i] : "#" + std::to_string(i);
      const auto mismatch = onnx_backend::compare_tensors(name, request.get_output_tensor(i), expected, tolerance);
      if (mismatch) ADD_FAILURE() << data.name << ": " << *mismatch << " (" << describe(tolerance) << ")";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Onnx, OnnxReference, testing::ValuesIn(onnx_cases()),
                         [](const testing::TestParamInfo<OnnxCase>& info) {
                           return info.param.op + "__" + info.param.name;
                         });

}  // namespace
}  // namespace ferry::conformance
