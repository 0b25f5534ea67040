// Neural-network ONNX ops: Gemm, Softmax, Conv, MaxPool, AveragePool, GlobalAveragePool.
#include <algorithm>
#include <numeric>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

int64_t normalize_axis(const NodeContext& context, int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank) context.fail("axis ", axis, " is out of range for rank ", rank);
  return axis < 0 ? axis + rank : axis;
}

// Y = alpha * A' * B' + beta * C
OutputVector convert_gemm(const NodeContext& context) {
  const float alpha = context.attr_float("alpha", 1.0f);
  const float beta = context.attr_float("beta", 1.0f);
  const bool trans_a = context.attr_int("transA", 0) != 0;
  const bool trans_b = context.attr_int("transB", 0) != 0;
  context.has_attribute("broadcast");  // opset < 7 only; broadcasting is implied since
  Output<Node> product = std::make_shared<op::v0::MatMul>(context.input(0), context.input(1), trans_a, trans_b);
  if (alpha != 1.0f) product = std::make_shared<op::v1::Multiply>(product, scalar_like(product, alpha));
  if (context.has_input(2)) {
    Output<Node> bias = context.input(2);
    if (beta != 1.0f) bias = std::make_shared<op::v1::Multiply>(bias, scalar_like(bias, beta));
    product = std::make_shared<op::v1::Add>(product, bias);
  }
  return {product};
}

OutputVector convert_softmax(const NodeContext& context) {
  const Output<Node>& input = context.input(0);
  if (context.opset() >= 13) {
    int64_t axis = context.attr_int("axis", -1);
    if (input.get_partial_shape().rank().is_static()) axis = normalize_axis(context, axis, static_rank(context, input));
    return {std::make_shared<op::v8::Softmax>(input, axis)};
  }
  // Before opset 13 the input is coerced to 2-D [d0*..*d(axis-1), d(axis)*..*dn] around `axis`.
  const int64_t rank = static_rank(context, input);
  const int64_t axis = normalize_axis(context, context.attr_int("axis", 1), rank);
  if (axis == rank - 1) return {std::make_shared<op::v8::Softmax>(input, axis)};
  if (!input.get_partial_shape().is_static()) context.fail("needs a static input shape for axis ", axis);
  const Shape shape = input.get_partial_shape().to_shape();
  const auto rows = std::accumulate(shape.begin(), shape.begin() + axis, int64_t{1}, std::multiplies<int64_t>());
  const auto cols = std::accumulate(shape.begin() + axis, shape.end(), int64_t{1}, std::multiplies<int64_t>());
  const auto flat = std::make_shared<op::v1::Reshape>(input, i64_constant({rows, cols}), false);
  const auto softmax = std::make_shared<op::v8::Softmax>(flat, 1);
  return {std::make_shared<op::v1::Reshape>(softmax, i64_constant(std::vector<int64_t>(shape.begin(), shape.end())),
                                            false)};
}

op::PadType pad_type(const NodeContext& context) {
  const std::string auto_pad = context.attr_string("auto_pad", "NOTSET");
  if (auto_pad == "NOTSET") return op::PadType::EXPLICIT;
  if (auto_pad == "VALID") return op::PadType::VALID;
  if (auto_pad == "SAME_UPPER") return op::PadType::SAME_UPPER;
  if (auto_pad == "SAME_LOWER") return op::PadType::SAME_LOWER;
  context.fail("attribute 'auto_pad' has unsupported value '", auto_pad, "'");
}

// The window attributes Conv and the pools share, sized to `spatial` dimensions.
struct Window {
  op::PadType auto_pad;
  std::vector<int64_t> strides, dilations, pads_begin, pads_end, kernel;
};

Window read_window(const NodeContext& context, size_t spatial) {
  Window window;
  window.auto_pad = pad_type(context);
  window.strides = context.attr_ints("strides", std::vector<int64_t>(spatial, 1));
  window.dilations = context.attr_ints("dilations", std::vector<int64_t>(spatial, 1));
  window.kernel = context.attr_ints("kernel_shape", {});
  const auto pads = context.attr_ints("pads", std::vector<int64_t>(2 * spatial, 0));
  if (window.strides.size() != spatial || window.dilations.size() != spatial || pads.size() != 2 * spatial)
    context.fail("strides, dilations and pads must have ", spatial, ", ", spatial, " and ", 2 * spatial,
                 " values, got ", window.strides.size(), ", ", window.dilations.size(), " and ", pads.size());
  if (!window.kernel.empty() && window.kernel.size() != spatial)
    context.fail("kernel_shape must have ", spatial, " values, got ", window.kernel.size());
  for (const auto value : pads)
    if (value < 0) context.fail("negative pads are not supported");
  for (const auto value : window.strides)
    if (value <= 0) context.fail("strides must be positive");
  for (const auto value : window.dilations)
    if (value <= 0) context.fail("dilations must be positive");
  // ONNX orders pads [x1_begin, x2_begin, ..., x1_end, x2_end, ...].
  window.pads_begin.assign(pads.begin(), pads.begin() + spatial);
  window.pads_end.assign(pads.begin() + spatial, pads.end());
  if (window.auto_pad != op::PadType::EXPLICIT) {
    std::fill(window.pads_begin.begin(), window.pads_begin.end(), 0);
    std::fill(window.pads_end.begin(), window.pads_end.end(), 0);
  }
  return window;
}

template <typename To>
To as(const std::vector<int64_t>& values) {
  To result;
  for (const auto value : values) result.push_back(static_cast<typename To::value_type>(value));
  return result;
}

OutputVector convert_conv(const NodeContext& context) {
  const Output<Node>& data = context.input(0);
  const Output<Node>& filters = context.input(1);
  const int64_t filter_rank = static_rank(context, filters);
  if (filter_rank < 3) context.fail("weights need rank 3 or more, got ", filter_rank);
  const auto spatial = static_cast<size_t>(filter_rank - 2);
  const Window window = read_window(context, spatial);
  const int64_t group = context.attr_int("group", 1);
  if (group < 1) context.fail("attribute 'group' must be positive, got ", group);
  Output<Node> result;
  if (group == 1) {
    result = std::make_shared<op::v1::Convolution>(
        data, filters, as<Strides>(window.strides), as<CoordinateDiff>(window.pads_begin),
        as<CoordinateDiff>(window.pads_end), as<Strides>(window.dilations), window.auto_pad);
  } else {
    // [C_out, C_in/group, k...] -> [group, C_out/group, C_in/group, k...]
    if (!filters.get_partial_shape().is_static()) context.fail("grouped convolution needs static weight shapes");
    const Shape shape = filters.get_partial_shape().to_shape();
    if (shape[0] % static_cast<size_t>(group) != 0)
      context.fail("output channels ", shape[0], " are not divisible by group ", group);
    std::vector<int64_t> grouped{group, static_cast<int64_t>(shape[0]) / group};
    for (size_t i = 1; i < shape.size(); ++i) grouped.push_back(static_cast<int64_t>(shape[i]));
    const auto reshaped = std::make_shared<op::v1::Reshape>(filters, i64_constant(grouped), false);
    result = std::make_shared<op::v1::GroupConvolution>(
        data, reshaped, as<Strides>(window.strides), as<CoordinateDiff>(window.pads_begin),
        as<CoordinateDiff>(window.pads_end), as<Strides>(window.dilations), window.auto_pad);
  }
  if (context.has_input(2)) {
    // Bias [C_out] broadcast over [N, C_out, spatial...].
    std::vector<int64_t> bias_shape(spatial + 2, 1);
    bias_shape[1] = -1;
    const auto bias = std::make_shared<op::v1::Reshape>(context.input(2), i64_constant(bias_shape), false);
    result = std::make_shared<op::v1::Add>(result, bias);
  }
  return {result};
}

// storage_order 1: an element's spatial index counts column-major (w * H + h) within its
// [H, W] plane. From MaxPool-8's plane indices s = h * W + w and whole-tensor indices.
Output<Node> column_major_indices(const NodeContext& context, const std::shared_ptr<op::v8::MaxPool>& pool,
                                  int64_t rank) {
  const auto& shape = pool->get_input_partial_shape(0);
  if (rank != 4 || shape[2].is_dynamic() || shape[3].is_dynamic())
    context.fail("storage_order 1 needs a 4-D input with static spatial dimensions, got ", shape);
  const auto height = op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{shape[2].get_length()});
  const auto width = op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{shape[3].get_length()});
  const auto plane = std::make_shared<op::v8::MaxPool>(
      pool->input_value(0), pool->get_strides(), pool->get_dilations(), pool->get_pads_begin(), pool->get_pads_end(),
      pool->get_kernel(), pool->get_rounding_type(), pool->get_auto_pad(), element::i64, 2);
  const Output<Node> s = plane->output(1);
  const auto base = std::make_shared<op::v1::Subtract>(pool->output(1), s);
  const auto h = std::make_shared<op::v1::Divide>(s, width);
  const auto w = std::make_shared<op::v1::Subtract>(s, std::make_shared<op::v1::Multiply>(h, width));
  const auto column = std::make_shared<op::v1::Add>(std::make_shared<op::v1::Multiply>(w, height), h);
  return std::make_shared<op::v1::Add>(base, column);
}

template <bool IsMax>
OutputVector convert_pool(const NodeContext& context) {
  const Output<Node>& data = context.input(0);
  const int64_t rank = static_rank(context, data);
  if (rank < 3) context.fail("needs an input of rank 3 or more, got ", rank);
  const Window window = read_window(context, static_cast<size_t>(rank - 2));
  if (window.kernel.empty()) context.fail("attribute 'kernel_shape' is missing");
  const auto rounding = context.attr_int("ceil_mode", 0) != 0 ? op::RoundingType::CEIL : op::RoundingType::FLOOR;
  if (IsMax) {
    const bool column_major = context.attr_int("storage_order", 0) != 0;
    const bool want_indices = context.output_count() > 1 && !context.proto().output(1).empty();
    // Axis 0: ONNX's Indices count over the whole flattened tensor, batch and channel included.
    const auto pool = std::make_shared<op::v8::MaxPool>(
        data, as<Strides>(window.strides), as<Strides>(window.dilations), as<Shape>(window.pads_begin),
        as<Shape>(window.pads_end), as<Shape>(window.kernel), rounding, window.auto_pad, element::i64, 0);
    if (!want_indices) return {pool->output(0)};
    if (!column_major) return {pool->output(0), pool->output(1)};
    return {pool->output(0), column_major_indices(context, pool, rank)};
  }
  const bool exclude_pad = context.attr_int("count_include_pad", 0) == 0;
  const bool dilated = std::any_of(window.dilations.begin(), window.dilations.end(), [](int64_t d) { return d != 1; });
  if (dilated) {
    return {std::make_shared<op::v16::AvgPool>(data, as<Strides>(window.strides), as<Strides>(window.dilations),
                                               as<Shape>(window.pads_begin), as<Shape>(window.pads_end),
                                               as<Shape>(window.kernel), exclude_pad, rounding, window.auto_pad)};
  }
  return {std::make_shared<op::v1::AvgPool>(data, as<Strides>(window.strides), as<Shape>(window.pads_begin),
                                            as<Shape>(window.pads_end), as<Shape>(window.kernel), exclude_pad, rounding,
                                            window.auto_pad)};
}

OutputVector convert_global_average_pool(const NodeContext& context) {
  const int64_t rank = static_rank(context, context.input(0));
  std::vector<int64_t> axes;
  for (int64_t axis = 2; axis < rank; ++axis) axes.push_back(axis);
  return {std::make_shared<op::v1::ReduceMean>(context.input(0), i64_constant(axes), true)};
}

}  // namespace

void add_nn_converters(ConverterTable& table) {
  table["Gemm"] = convert_gemm;
  table["Softmax"] = convert_softmax;
  table["Conv"] = convert_conv;
  table["MaxPool"] = convert_pool<true>;
  table["AveragePool"] = convert_pool<false>;
  table["GlobalAveragePool"] = convert_global_average_pool;
}

}  // namespace onnx_frontend
}  // namespace ferry
