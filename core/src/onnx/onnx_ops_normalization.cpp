// Normalisation ONNX ops: LayerNormalization, InstanceNormalization and MeanVarianceNormalization
// onto MVN-6 (with Multiply/Add for scale and bias), LpNormalization (p=2) onto NormalizeL2, LRN, and
// LogSoftmax and Hardmax (opset 13's single axis, or before it the 2-D coercion around "axis").
#include <numeric>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

int64_t normalized_axis(const NodeContext& context, int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank) context.fail("axis ", axis, " is out of range for rank ", rank);
  return axis < 0 ? axis + rank : axis;
}

std::vector<int64_t> axes_from(int64_t first, int64_t rank) {
  std::vector<int64_t> axes;
  for (int64_t axis = first; axis < rank; ++axis) axes.push_back(axis);
  return axes;
}

bool wants_output(const NodeContext& context, size_t i) {
  return i < context.output_count() && !context.proto().output(static_cast<int>(i)).empty();
}

// Y = (X - mean) / sqrt(var + epsilon) * Scale + B over the axes from "axis" to the last; the
// optional outputs Mean and InvStdDev keep the reduced axes with length 1.
OutputVector convert_layer_normalization(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const int64_t rank = static_rank(context, x);
  const int64_t axis = normalized_axis(context, context.attr_int("axis", -1), rank);
  const float epsilon = context.attr_float("epsilon", 1e-5f);
  context.attr_int("stash_type", 1);  // statistics are computed in f32 or wider anyway
  const auto axes = i64_constant(axes_from(axis, rank));
  Output<Node> y = std::make_shared<op::v6::MVN>(x, axes, true, epsilon, op::MVNEpsMode::INSIDE_SQRT);
  y = std::make_shared<op::v1::Multiply>(y, context.input(1));
  if (context.has_input(2)) y = std::make_shared<op::v1::Add>(y, context.input(2));
  OutputVector outputs{y};
  if (wants_output(context, 1) || wants_output(context, 2)) {
    const auto mean = std::make_shared<op::v1::ReduceMean>(x, axes, true);
    const auto centred = std::make_shared<op::v1::Subtract>(x, mean);
    const auto variance =
        std::make_shared<op::v1::ReduceMean>(std::make_shared<op::v1::Multiply>(centred, centred), axes, true);
    const auto deviation =
        std::make_shared<op::v0::Sqrt>(std::make_shared<op::v1::Add>(variance, scalar_like(x, epsilon)));
    outputs.push_back(mean);
    outputs.push_back(std::make_shared<op::v1::Divide>(scalar_like(x, 1.0), deviation, false));
  }
  return outputs;
}

// A per-channel [C] tensor as [C, 1, ..., 1], to broadcast over [N, C, spatial...].
Output<Node> per_channel(const Output<Node>& value, int64_t rank) {
  std::vector<int64_t> shape(static_cast<size_t>(rank - 1), 1);
  shape[0] = -1;
  return std::make_shared<op::v1::Reshape>(value, i64_constant(shape), false);
}

// y = scale * (x - mean) / sqrt(var + epsilon) + B per instance and channel (over spatial axes).
OutputVector convert_instance_normalization(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const int64_t rank = static_rank(context, x);
  if (rank < 3) context.fail("needs an input of rank 3 or more, got ", rank);
  const float epsilon = context.attr_float("epsilon", 1e-5f);
  const auto normalized =
      std::make_shared<op::v6::MVN>(x, i64_constant(axes_from(2, rank)), true, epsilon, op::MVNEpsMode::INSIDE_SQRT);
  const auto scaled = std::make_shared<op::v1::Multiply>(normalized, per_channel(context.input(1), rank));
  return {std::make_shared<op::v1::Add>(scaled, per_channel(context.input(2), rank))};
}

// (X - E[X]) / (sqrt(E[(X - E[X])^2]) + 1e-9) over "axes" (default [0, 2, 3]), as ONNX's function.
OutputVector convert_mean_variance_normalization(const NodeContext& context) {
  const std::vector<int64_t> axes = context.attr_ints("axes", {0, 2, 3});
  return {
      std::make_shared<op::v6::MVN>(context.input(0), i64_constant(axes), true, 1e-9f, op::MVNEpsMode::OUTSIDE_SQRT)};
}

// Across channels (axis 1): x / (bias + alpha / size * sum of squares in the window)^beta.
OutputVector convert_lrn(const NodeContext& context) {
  if (!context.has_attribute("size")) context.fail("attribute 'size' is missing");
  const int64_t size = context.attr_int("size", 1);
  if (size <= 0) context.fail("attribute 'size' must be positive, got ", size);
  return {std::make_shared<op::v0::LRN>(context.input(0), i64_constant({1}), context.attr_float("alpha", 1e-4f),
                                        context.attr_float("beta", 0.75f), context.attr_float("bias", 1.0f),
                                        static_cast<size_t>(size))};
}

// x / ||x||_2 along "axis"; p=1 is not supported.
OutputVector convert_lp_normalization(const NodeContext& context) {
  const int64_t p = context.attr_int("p", 2);
  if (p != 2) context.fail("only p=2 is supported, got p=", p);
  const auto axis = context.attr_int("axis", -1);
  return {std::make_shared<op::v0::NormalizeL2>(context.input(0), i64_constant({axis}), 0.0f, op::EpsMode::ADD)};
}

// Softmax-family ops: opset 13 applies `make` along one axis (default -1); before it the input is
// coerced to 2-D [d0*..*d(axis-1), d(axis)*..*dn] around "axis" (default 1) and back.
template <typename Make>
Output<Node> along_axis(const NodeContext& context, Make make) {
  const Output<Node>& input = context.input(0);
  if (context.opset() >= 13) {
    const int64_t rank = static_rank(context, input);
    return make(input, normalized_axis(context, context.attr_int("axis", -1), rank));
  }
  const int64_t rank = static_rank(context, input);
  const int64_t axis = normalized_axis(context, context.attr_int("axis", 1), rank);
  if (axis == rank - 1) return make(input, axis);
  if (!input.get_partial_shape().is_static()) context.fail("needs a static input shape for axis ", axis);
  const Shape shape = input.get_partial_shape().to_shape();
  const auto rows = std::accumulate(shape.begin(), shape.begin() + axis, int64_t{1}, std::multiplies<int64_t>());
  const auto cols = std::accumulate(shape.begin() + axis, shape.end(), int64_t{1}, std::multiplies<int64_t>());
  const auto flat = std::make_shared<op::v1::Reshape>(input, i64_constant({rows, cols}), false);
  return std::make_shared<op::v1::Reshape>(make(flat, 1),
                                           i64_constant(std::vector<int64_t>(shape.begin(), shape.end())), false);
}

OutputVector convert_log_softmax(const NodeContext& context) {
  return {along_axis(context, [](const Output<Node>& x, int64_t axis) -> Output<Node> {
    return std::make_shared<op::v5::LogSoftmax>(x, axis);
  })};
}

// 1 at the first maximum along the axis, 0 elsewhere: TopK(k=1)'s index compared with the
// positions 0..n-1 laid along the axis (n must be static).
OutputVector convert_hardmax(const NodeContext& context) {
  return {along_axis(context, [&context](const Output<Node>& x, int64_t axis) -> Output<Node> {
    const Dimension length = x.get_partial_shape()[static_cast<size_t>(axis)];
    if (length.is_dynamic()) context.fail("needs a static length along axis ", axis);
    const auto k = op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{1});
    const auto top =
        std::make_shared<op::v11::TopK>(x, k, axis, op::TopKMode::MAX, op::TopKSortType::SORT_INDICES, element::i64);
    std::vector<int64_t> positions(static_cast<size_t>(length.get_length()));
    std::iota(positions.begin(), positions.end(), int64_t{0});
    Shape positions_shape(x.get_partial_shape().size(), 1);
    positions_shape[static_cast<size_t>(axis)] = positions.size();
    const auto laid = op::v0::Constant::create(element::i64, positions_shape, positions);
    const auto hit = std::make_shared<op::v1::Equal>(laid, top->output(1));
    return std::make_shared<op::v0::Convert>(hit, x.get_element_type());
  })};
}

}  // namespace

void add_normalization_converters(ConverterTable& table) {
  table["LayerNormalization"] = convert_layer_normalization;
  table["InstanceNormalization"] = convert_instance_normalization;
  table["MeanVarianceNormalization"] = convert_mean_variance_normalization;
  table["LpNormalization"] = convert_lp_normalization;
  table["LRN"] = convert_lrn;
  table["LogSoftmax"] = convert_log_softmax;
  table["Hardmax"] = convert_hardmax;
}

}  // namespace onnx_frontend
}  // namespace ferry
