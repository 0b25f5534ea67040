// Quantisation ONNX ops lowered onto Convert / Subtract / Multiply / Divide / Round / Clamp and
// MatMul / Convolution: QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear, MatMulInteger,
// ConvInteger, QLinearMatMul, QLinearConv. Integer products run in i32 on zero-point-corrected
// operands, so their results are exact; requantisation divides in f32 and rounds half to even.
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

Output<Node> convert(const Output<Node>& value, const element::Type& type) {
  if (value.get_element_type() == type) return value;
  return std::make_shared<op::v0::Convert>(value, type);
}

Output<Node> reshape(const Output<Node>& value, const std::vector<int64_t>& shape) {
  return std::make_shared<op::v1::Reshape>(value, i64_constant(shape), false);
}

// A per-axis parameter (1-D, one value per slice of `axis`) shaped to broadcast against a tensor
// of `rank` axes; scalars pass through.
Output<Node> along_axis(const NodeContext& context, const Output<Node>& value, int64_t axis, int64_t rank) {
  const auto& shape = value.get_partial_shape();
  if (shape.rank().is_dynamic()) context.fail("needs scales and zero points of known rank");
  if (shape.size() == 0) return value;
  if (shape.size() != 1) context.fail("scales and zero points must be scalars or 1-D, got ", shape);
  if (axis < -rank || axis >= rank) context.fail("axis ", axis, " is out of range for rank ", rank);
  if (axis < 0) axis += rank;
  std::vector<int64_t> target(static_cast<size_t>(rank), 1);
  target[static_cast<size_t>(axis)] = -1;
  return reshape(value, target);
}

// saturate(round(value / scale) + zero_point) in `type` (u8 or i8); value and scale are real.
Output<Node> quantize(const NodeContext& context, const Output<Node>& value, const Output<Node>& scale,
                      const Output<Node>* zero_point, const element::Type& type) {
  if (type != element::u8 && type != element::i8) context.fail("quantises to u8 or i8 only, got ", type);
  const element::Type real = value.get_element_type();
  Output<Node> q = std::make_shared<op::v5::Round>(std::make_shared<op::v1::Divide>(value, convert(scale, real)),
                                                   op::RoundMode::HALF_TO_EVEN);
  if (zero_point) q = std::make_shared<op::v1::Add>(q, convert(*zero_point, real));
  const double lo = type == element::u8 ? 0 : -128, hi = type == element::u8 ? 255 : 127;
  return convert(std::make_shared<op::v0::Clamp>(q, lo, hi), type);
}

// An integer tensor minus its zero point, in i32.
Output<Node> centred(const Output<Node>& value, const Output<Node>* zero_point) {
  const Output<Node> wide = convert(value, element::i32);
  if (!zero_point) return wide;
  return std::make_shared<op::v1::Subtract>(wide, convert(*zero_point, element::i32));
}

OutputVector convert_quantize_linear(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const int64_t rank = static_rank(context, x), axis = context.attr_int("axis", 1);
  if (context.attr_int("saturate", 1) != 1) context.fail("saturate=0 is not supported");
  const Output<Node> scale = along_axis(context, context.input(1), axis, rank);
  if (!context.has_input(2)) return {quantize(context, x, scale, nullptr, element::u8)};
  const Output<Node> zero_point = along_axis(context, context.input(2), axis, rank);
  return {quantize(context, x, scale, &zero_point, context.input(2).get_element_type())};
}

OutputVector convert_dequantize_linear(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const int64_t rank = static_rank(context, x), axis = context.attr_int("axis", 1);
  const Output<Node> scale = along_axis(context, context.input(1), axis, rank);
  const element::Type real = scale.get_element_type();
  Output<Node> value = convert(x, real);
  if (context.has_input(2))
    value = std::make_shared<op::v1::Subtract>(value, convert(along_axis(context, context.input(2), axis, rank), real));
  return {std::make_shared<op::v1::Multiply>(value, scale)};
}

// scale = (max(0, max x) - min(0, min x)) / 255, zero point = saturate(round(-min / scale)).
OutputVector convert_dynamic_quantize_linear(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const int64_t rank = static_rank(context, x);
  std::vector<int64_t> axes;
  for (int64_t a = 0; a < rank; ++a) axes.push_back(a);
  const auto zero = scalar_like(x, 0.0);
  Output<Node> low =
      std::make_shared<op::v1::Minimum>(std::make_shared<op::v1::ReduceMin>(x, i64_constant(axes), false), zero);
  Output<Node> high =
      std::make_shared<op::v1::Maximum>(std::make_shared<op::v1::ReduceMax>(x, i64_constant(axes), false), zero);
  const Output<Node> scale =
      std::make_shared<op::v1::Divide>(std::make_shared<op::v1::Subtract>(high, low), scalar_like(x, 255.0));
  const Output<Node> negated = std::make_shared<op::v1::Subtract>(zero, low);
  const Output<Node> zero_point = quantize(context, negated, scale, nullptr, element::u8);
  return {quantize(context, x, scale, &zero_point, element::u8), scale, zero_point};
}

// A's zero point may be per row ([M]): it then lines up with A's second-to-last axis.
Output<Node> row_zero_point(const NodeContext& context, const Output<Node>& zero_point) {
  const auto& shape = zero_point.get_partial_shape();
  if (shape.rank().is_static() && shape.size() == 1) return reshape(zero_point, {-1, 1});
  (void)context;
  return zero_point;
}

OutputVector convert_matmul_integer(const NodeContext& context) {
  Output<Node> a_zero, b_zero;
  if (context.has_input(2)) a_zero = row_zero_point(context, context.input(2));
  if (context.has_input(3)) b_zero = context.input(3);
  const auto a = centred(context.input(0), context.has_input(2) ? &a_zero : nullptr);
  const auto b = centred(context.input(1), context.has_input(3) ? &b_zero : nullptr);
  return {std::make_shared<op::v0::MatMul>(a, b)};
}

OutputVector convert_qlinear_matmul(const NodeContext& context) {
  const Output<Node> a_zero = row_zero_point(context, context.input(2));
  const auto a = centred(context.input(0), &a_zero);
  const auto b = centred(context.input(3), &context.input(5));
  const Output<Node> product = convert(std::make_shared<op::v0::MatMul>(a, b), element::f32);
  const auto& a_scale = context.input(1);
  const Output<Node> scale = std::make_shared<op::v1::Multiply>(a_scale, row_zero_point(context, context.input(4)));
  const Output<Node> real = std::make_shared<op::v1::Multiply>(product, scale);
  return {quantize(context, real, context.input(6), &context.input(7), context.input(7).get_element_type())};
}

// Conv's attributes over `spatial` axes, applied to i32 operands.
Output<Node> integer_convolution(const NodeContext& context, const Output<Node>& data, const Output<Node>& filters) {
  const int64_t filter_rank = static_rank(context, filters);
  if (filter_rank < 3) context.fail("weights need rank 3 or more, got ", filter_rank);
  const auto spatial = static_cast<size_t>(filter_rank - 2);
  const std::string auto_pad = context.attr_string("auto_pad", "NOTSET");
  op::PadType pad_type = op::PadType::EXPLICIT;
  if (auto_pad == "VALID")
    pad_type = op::PadType::VALID;
  else if (auto_pad == "SAME_UPPER")
    pad_type = op::PadType::SAME_UPPER;
  else if (auto_pad == "SAME_LOWER")
    pad_type = op::PadType::SAME_LOWER;
  else if (auto_pad != "NOTSET")
    context.fail("attribute 'auto_pad' has unsupported value '", auto_pad, "'");
  const auto strides = context.attr_ints("strides", std::vector<int64_t>(spatial, 1));
  const auto dilations = context.attr_ints("dilations", std::vector<int64_t>(spatial, 1));
  const auto pads = context.attr_ints("pads", std::vector<int64_t>(2 * spatial, 0));
  context.attr_ints("kernel_shape", {});  // implied by the weights
  if (strides.size() != spatial || dilations.size() != spatial || pads.size() != 2 * spatial)
    context.fail("strides, dilations and pads must have ", spatial, ", ", spatial, " and ", 2 * spatial, " values");
  if (context.attr_int("group", 1) != 1) context.fail("group other than 1 is not supported");
  Strides s, d;
  CoordinateDiff begin, end;
  for (size_t i = 0; i < spatial; ++i) {
    s.push_back(static_cast<size_t>(strides[i]));
    d.push_back(static_cast<size_t>(dilations[i]));
    begin.push_back(pad_type == op::PadType::EXPLICIT ? pads[i] : 0);
    end.push_back(pad_type == op::PadType::EXPLICIT ? pads[spatial + i] : 0);
  }
  return std::make_shared<op::v1::Convolution>(data, filters, s, begin, end, d, pad_type);
}

// A weight zero point or scale per output channel ([M]) lined up with axis `axis` of a rank
// `rank` tensor; scalars pass through.
Output<Node> per_channel(const NodeContext& context, const Output<Node>& value, int64_t axis, int64_t rank) {
  return along_axis(context, value, axis, rank);
}

OutputVector convert_conv_integer(const NodeContext& context) {
  const Output<Node>& w = context.input(1);
  const int64_t rank = static_rank(context, w);
  Output<Node> x_zero, w_zero;
  if (context.has_input(2)) x_zero = context.input(2);
  if (context.has_input(3)) w_zero = per_channel(context, context.input(3), 0, rank);
  const auto x = centred(context.input(0), context.has_input(2) ? &x_zero : nullptr);
  const auto filters = centred(w, context.has_input(3) ? &w_zero : nullptr);
  return {integer_convolution(context, x, filters)};
}

OutputVector convert_qlinear_conv(const NodeContext& context) {
  const int64_t rank = static_rank(context, context.input(3));
  const Output<Node> w_zero = per_channel(context, context.input(5), 0, rank);
  const auto x = centred(context.input(0), &context.input(2));
  const auto filters = centred(context.input(3), &w_zero);
  Output<Node> acc = integer_convolution(context, x, filters);
  if (context.has_input(8)) {
    std::vector<int64_t> bias_shape(static_cast<size_t>(rank), 1);
    bias_shape[1] = -1;
    acc = std::make_shared<op::v1::Add>(acc, reshape(convert(context.input(8), element::i32), bias_shape));
  }
  const Output<Node> scale =
      std::make_shared<op::v1::Multiply>(context.input(1), per_channel(context, context.input(4), 1, rank));
  const Output<Node> real = std::make_shared<op::v1::Multiply>(convert(acc, element::f32), scale);
  return {quantize(context, real, context.input(6), &context.input(7), context.input(7).get_element_type())};
}

}  // namespace

void add_quantization_converters(ConverterTable& table) {
  table["QuantizeLinear"] = convert_quantize_linear;
  table["DequantizeLinear"] = convert_dequantize_linear;
  table["DynamicQuantizeLinear"] = convert_dynamic_quantize_linear;
  table["MatMulInteger"] = convert_matmul_integer;
  table["QLinearMatMul"] = convert_qlinear_matmul;
  table["ConvInteger"] = convert_conv_integer;
  table["QLinearConv"] = convert_qlinear_conv;
}

}  // namespace onnx_frontend
}  // namespace ferry
