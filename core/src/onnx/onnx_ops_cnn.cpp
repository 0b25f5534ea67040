// CNN ONNX ops onto existing Ferry ops: BatchNormalization, DepthToSpace, SpaceToDepth, Pad,
// PRelu, Elu, HardSwish, Softplus, GlobalMaxPool, ConvTranspose,
// NonMaxSuppression.
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

// spatial=0 (opsets 1-8): scale, B, mean and var have the shape [C, D1, ..., Dn] of one sample,
// which numpy broadcasting lines up with [N, C, D1, ..., Dn].
Output<Node> per_activation_batch_norm(const NodeContext& context, double epsilon) {
  const Output<Node>& x = context.input(0);
  const auto centred = std::make_shared<op::v1::Subtract>(x, context.input(3));
  const auto deviation =
      std::make_shared<op::v0::Sqrt>(std::make_shared<op::v1::Add>(context.input(4), scalar_like(x, epsilon)));
  const auto normalized = std::make_shared<op::v1::Divide>(centred, deviation, false);
  return std::make_shared<op::v1::Add>(std::make_shared<op::v1::Multiply>(normalized, context.input(1)),
                                       context.input(2));
}

OutputVector convert_batch_norm(const NodeContext& context) {
  if (context.attr_int("training_mode", 0) != 0) context.fail("training_mode 1 is not supported");
  // Before opset 7, is_test=0 (the default) asks for training. Ferry infers, and old exports left
  // the default in models made for inference, so it is read and ignored, as onnxruntime does.
  context.attr_int("is_test", 0);
  context.attr_float("momentum", 0.9f);      // a training-only statistic
  context.attr_ints("consumed_inputs", {});  // opset < 6 bookkeeping
  const double epsilon = context.attr_float("epsilon", 1e-5f);
  if (context.input_count() != 5) context.fail("expects 5 inputs, got ", context.input_count());
  const bool spatial = context.attr_int("spatial", 1) != 0;  // opsets 1-8; later ones are spatial
  if (!spatial && context.opset() < 9) return {per_activation_batch_norm(context, epsilon)};
  return {std::make_shared<op::v5::BatchNormInference>(context.input(0), context.input(1), context.input(2),
                                                       context.input(3), context.input(4), epsilon)};
}

int64_t block_size(const NodeContext& context) {
  const int64_t size = context.attr_int("blocksize", 0);
  if (size < 1) context.fail("attribute 'blocksize' must be positive, got ", size);
  return size;
}

OutputVector convert_depth_to_space(const NodeContext& context) {
  const std::string mode = context.attr_string("mode", "DCR");
  op::BlockMode block_mode;
  if (mode == "DCR")
    block_mode = op::BlockMode::BLOCKS_FIRST;
  else if (mode == "CRD")
    block_mode = op::BlockMode::DEPTH_FIRST;
  else
    context.fail("attribute 'mode' has unsupported value '", mode, "'");
  return {
      std::make_shared<op::v0::DepthToSpace>(context.input(0), block_mode, static_cast<size_t>(block_size(context)))};
}

OutputVector convert_space_to_depth(const NodeContext& context) {
  // ONNX SpaceToDepth puts the block offsets first in the channel index.
  return {std::make_shared<op::v0::SpaceToDepth>(context.input(0), op::BlockMode::BLOCKS_FIRST,
                                                 static_cast<size_t>(block_size(context)))};
}

// Row `row` of a [2 * rank] pads tensor seen as [2, rank]: a MatMul with a one-hot row picks it
// without needing the values at conversion time (ONNX 11+ may feed pads at run time).
Output<Node> pads_half(const Output<Node>& pads, int64_t rank, int64_t row) {
  const auto matrix = std::make_shared<op::v1::Reshape>(pads, i64_constant({2, rank}), false);
  const auto picker = std::make_shared<op::v1::Reshape>(
      i64_constant(row == 0 ? std::vector<int64_t>{1, 0} : std::vector<int64_t>{0, 1}), i64_constant({1, 2}), false);
  const auto picked = std::make_shared<op::v0::MatMul>(picker, matrix);
  return std::make_shared<op::v1::Reshape>(picked, i64_constant({rank}), false);
}

OutputVector convert_pad(const NodeContext& context) {
  const Output<Node>& data = context.input(0);
  const int64_t rank = static_rank(context, data);
  const std::string mode_name = context.attr_string("mode", "constant");
  op::PadMode mode;
  if (mode_name == "constant")
    mode = op::PadMode::CONSTANT;
  else if (mode_name == "edge")
    mode = op::PadMode::EDGE;
  else if (mode_name == "reflect")
    mode = op::PadMode::REFLECT;
  else
    context.fail("attribute 'mode' has unsupported value '", mode_name, "'");
  Output<Node> begin, end, value;
  if (context.opset() < 11) {
    const auto pads = context.attr_ints(context.opset() < 2 ? "paddings" : "pads", {});
    if (pads.size() != static_cast<size_t>(2 * rank))
      context.fail("attribute 'pads' must have ", 2 * rank, " values, got ", pads.size());
    begin = i64_constant(std::vector<int64_t>(pads.begin(), pads.begin() + rank));
    end = i64_constant(std::vector<int64_t>(pads.begin() + rank, pads.end()));
    value = scalar_like(data, context.attr_float("value", 0.0f));
  } else {
    if (context.has_input(3)) context.fail("the 'axes' input is not supported");
    Output<Node> pads = context.input(1);
    if (pads.get_element_type() != element::i64) pads = std::make_shared<op::v0::Convert>(pads, element::i64);
    begin = pads_half(pads, rank, 0);
    end = pads_half(pads, rank, 1);
    if (context.has_input(2)) {
      // ONNX allows a scalar or a one-element 1-D value.
      value = std::make_shared<op::v1::Reshape>(context.input(2), i64_constant({}), false);
    } else {
      value = scalar_like(data, 0.0);
    }
  }
  if (mode != op::PadMode::CONSTANT) return {std::make_shared<op::v12::Pad>(data, begin, end, mode)};
  return {std::make_shared<op::v12::Pad>(data, begin, end, value, mode)};
}

OutputVector convert_prelu(const NodeContext& context) {
  const Output<Node>& data = context.input(0);
  Output<Node> slope = context.input(1);
  // ONNX broadcasts the slope numpy-style only; a 1-D slope would otherwise be read per channel.
  // Before opset 7 a 1-D slope is per channel (axis 1), which Ferry's PRelu does itself.
  context.attr_ints("consumed_inputs", {});  // opset < 6 bookkeeping
  const auto& slope_shape = slope.get_partial_shape();
  if (context.opset() >= 7 && data.get_partial_shape().rank().is_static() && slope_shape.rank().is_static() &&
      slope_shape.rank().get_length() == 1 && data.get_partial_shape().rank().get_length() > 2) {
    std::vector<int64_t> shape(static_cast<size_t>(data.get_partial_shape().rank().get_length()), 1);
    shape.back() = -1;
    slope = std::make_shared<op::v1::Reshape>(slope, i64_constant(shape), false);
  }
  return {std::make_shared<op::v0::PRelu>(data, slope)};
}

OutputVector convert_elu(const NodeContext& context) {
  return {std::make_shared<op::v0::Elu>(context.input(0), context.attr_float("alpha", 1.0f))};
}

template <typename FerryOp>
OutputVector convert_unary(const NodeContext& context) {
  if (context.input_count() != 1) context.fail("expects 1 input, got ", context.input_count());
  return {std::make_shared<FerryOp>(context.input(0))};
}

// A MaxPool whose window is the whole (static) spatial extent.
OutputVector convert_global_max_pool(const NodeContext& context) {
  const Output<Node>& data = context.input(0);
  const auto& shape = data.get_partial_shape();
  if (shape.rank().is_dynamic() || shape.rank().get_length() < 3)
    context.fail("needs an input of static rank 3 or more");
  Shape kernel;
  for (int64_t axis = 2; axis < shape.rank().get_length(); ++axis) {
    if (shape[axis].is_dynamic()) context.fail("needs static spatial dimensions, got ", shape);
    kernel.push_back(static_cast<size_t>(shape[axis].get_length()));
  }
  const size_t spatial = kernel.size();
  return {std::make_shared<op::v8::MaxPool>(data, Strides(spatial, 1), Strides(spatial, 1), Shape(spatial, 0),
                                            Shape(spatial, 0), kernel)
              ->output(0)};
}

op::PadType conv_transpose_pad_type(const NodeContext& context) {
  const std::string auto_pad = context.attr_string("auto_pad", "NOTSET");
  if (auto_pad == "NOTSET") return op::PadType::EXPLICIT;
  if (auto_pad == "VALID") return op::PadType::VALID;
  if (auto_pad == "SAME_UPPER") return op::PadType::SAME_UPPER;
  if (auto_pad == "SAME_LOWER") return op::PadType::SAME_LOWER;
  context.fail("attribute 'auto_pad' has unsupported value '", auto_pad, "'");
}

// ConvTranspose: weights [C_IN, C_OUT / group, k...]; grouped ones become [group, C_IN / group,
// C_OUT / group, k...] for GroupConvolutionBackpropData.
OutputVector convert_conv_transpose(const NodeContext& context) {
  const Output<Node>& data = context.input(0);
  Output<Node> filters = context.input(1);
  const int64_t filter_rank = static_rank(context, filters);
  if (filter_rank < 3) context.fail("weights need rank 3 or more, got ", filter_rank);
  const auto spatial = static_cast<size_t>(filter_rank - 2);
  const op::PadType auto_pad = conv_transpose_pad_type(context);
  const auto strides = context.attr_ints("strides", std::vector<int64_t>(spatial, 1));
  const auto dilations = context.attr_ints("dilations", std::vector<int64_t>(spatial, 1));
  const auto pads = context.attr_ints("pads", std::vector<int64_t>(2 * spatial, 0));
  const auto output_padding = context.attr_ints("output_padding", std::vector<int64_t>(spatial, 0));
  auto output_shape = context.attr_ints("output_shape", {});
  const auto kernel = context.attr_ints("kernel_shape", {});
  const int64_t group = context.attr_int("group", 1);
  if (strides.size() != spatial || dilations.size() != spatial || pads.size() != 2 * spatial ||
      output_padding.size() != spatial)
    context.fail("strides, dilations, pads and output_padding must have ", spatial, ", ", spatial, ", ", 2 * spatial,
                 " and ", spatial, " values");
  if (!kernel.empty() && kernel.size() != spatial) context.fail("kernel_shape must have ", spatial, " values");
  if (output_shape.size() == spatial + 2) output_shape.erase(output_shape.begin(), output_shape.begin() + 2);
  if (!output_shape.empty() && output_shape.size() != spatial)
    context.fail("output_shape must have ", spatial, " values, got ", output_shape.size());
  if (group < 1) context.fail("attribute 'group' must be positive, got ", group);
  const Strides op_strides(strides.begin(), strides.end()), op_dilations(dilations.begin(), dilations.end());
  const CoordinateDiff begin(pads.begin(), pads.begin() + spatial), end(pads.begin() + spatial, pads.end());
  const CoordinateDiff extra(output_padding.begin(), output_padding.end());
  Output<Node> result;
  const bool explicit_shape = !output_shape.empty();
  const auto shape_input = explicit_shape ? i64_constant(output_shape) : Output<Node>();
  if (group == 1) {
    result = explicit_shape ? std::make_shared<op::v1::ConvolutionBackpropData>(
                                  data, filters, shape_input, op_strides, begin, end, op_dilations, auto_pad, extra)
                            : std::make_shared<op::v1::ConvolutionBackpropData>(data, filters, op_strides, begin, end,
                                                                                op_dilations, auto_pad, extra);
  } else {
    if (!filters.get_partial_shape().is_static()) context.fail("grouped ConvTranspose needs static weight shapes");
    const Shape shape = filters.get_partial_shape().to_shape();
    if (shape[0] % static_cast<size_t>(group) != 0)
      context.fail("input channels ", shape[0], " are not divisible by group ", group);
    std::vector<int64_t> grouped{group, static_cast<int64_t>(shape[0]) / group};
    for (size_t i = 1; i < shape.size(); ++i) grouped.push_back(static_cast<int64_t>(shape[i]));
    filters = std::make_shared<op::v1::Reshape>(filters, i64_constant(grouped), false);
    result = explicit_shape ? std::make_shared<op::v1::GroupConvolutionBackpropData>(
                                  data, filters, shape_input, op_strides, begin, end, op_dilations, auto_pad, extra)
                            : std::make_shared<op::v1::GroupConvolutionBackpropData>(
                                  data, filters, op_strides, begin, end, op_dilations, auto_pad, extra);
  }
  if (context.has_input(2)) {
    std::vector<int64_t> bias_shape(spatial + 2, 1);
    bias_shape[1] = -1;
    result = std::make_shared<op::v1::Add>(
        result, std::make_shared<op::v1::Reshape>(context.input(2), i64_constant(bias_shape), false));
  }
  return {result};
}

// NonMaxSuppression: the optional [1]-shaped limits become scalars; rows keep ONNX's order
// (batch, class, selection) and only selected_indices is an ONNX output.
OutputVector convert_non_max_suppression(const NodeContext& context) {
  const int64_t center = context.attr_int("center_point_box", 0);
  if (center != 0 && center != 1) context.fail("attribute 'center_point_box' must be 0 or 1, got ", center);
  OutputVector inputs{context.input(0), context.input(1)};
  const Output<Node> defaults[] = {op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{0}),
                                   op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{0.0f}),
                                   op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{0.0f})};
  size_t last = 1;
  for (size_t i = 2; i < 5; ++i)
    if (context.has_input(i)) last = i;
  for (size_t i = 2; i <= last; ++i) {
    inputs.push_back(context.has_input(i)
                         ? Output<Node>(std::make_shared<op::v1::Reshape>(context.input(i), i64_constant({}), false))
                         : defaults[i - 2]);
  }
  const auto encoding =
      center ? op::v9::NonMaxSuppression::BoxEncodingType::CENTER : op::v9::NonMaxSuppression::BoxEncodingType::CORNER;
  return {std::make_shared<op::v9::NonMaxSuppression>(inputs, encoding, false, element::i64)->output(0)};
}

}  // namespace

void add_cnn_converters(ConverterTable& table) {
  table["BatchNormalization"] = convert_batch_norm;
  table["DepthToSpace"] = convert_depth_to_space;
  table["SpaceToDepth"] = convert_space_to_depth;
  table["Pad"] = convert_pad;
  table["PRelu"] = convert_prelu;
  table["Elu"] = convert_elu;
  table["HardSwish"] = convert_unary<op::v4::HSwish>;
  table["Softplus"] = convert_unary<op::v4::SoftPlus>;
  table["GlobalMaxPool"] = convert_global_max_pool;
  table["ConvTranspose"] = convert_conv_transpose;
  table["NonMaxSuppression"] = convert_non_max_suppression;
}

}  // namespace onnx_frontend
}  // namespace ferry
