// Element-wise math ONNX ops: the float unary functions, comparisons and logical ops, Pow (mixed types), Mod, the
// variadic Sum/Mean, Clip (attributes before opset 11, inputs since), CastLike, BitShift, and the activations ONNX
// defines as formulas (LeakyRelu, Selu, Celu, HardSigmoid, ThresholdedRelu, Shrink, IsNaN, IsInf),
// lowered onto Ferry's ops.
#include <cmath>
#include <limits>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"
#include "onnx_legacy_broadcast.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

template <typename FerryOp>
OutputVector convert_unary(const NodeContext& context) {
  if (context.input_count() != 1) context.fail("expects 1 input, got ", context.input_count());
  return {std::make_shared<FerryOp>(context.input(0))};
}

Output<Node> to_type_of(const Output<Node>& value, const Output<Node>& like) {
  const element::Type type = like.get_element_type();
  if (value.get_element_type() == type || type.is_dynamic()) return value;
  return std::make_shared<op::v0::Convert>(value, type);
}

// A boolean condition as 0/1 of `like`'s type.
Output<Node> mask(const Output<Node>& condition, const Output<Node>& like) {
  return std::make_shared<op::v0::Convert>(condition, like.get_element_type());
}

OutputVector convert_round(const NodeContext& context) {
  return {std::make_shared<op::v5::Round>(context.input(0), op::RoundMode::HALF_TO_EVEN)};
}

OutputVector convert_reciprocal(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  return {std::make_shared<op::v1::Divide>(scalar_like(x, 1.0), x, false)};
}

// The exponent converts to the base's type; the result has the base's type (ONNX Pow 12+).
OutputVector convert_pow(const NodeContext& context) {
  if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
  const Output<Node>& base = context.input(0);
  return {std::make_shared<op::v1::Power>(base, to_type_of(legacy_broadcast_rhs(context), base))};
}

// fmod=0: the remainder takes the divisor's sign (integers only in ONNX); fmod=1: the dividend's.
OutputVector convert_mod(const NodeContext& context) {
  if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
  const bool fmod = context.attr_int("fmod", 0) != 0;
  if (!fmod && context.input(0).get_element_type().is_real())
    context.fail("attribute 'fmod' must be 1 for floating-point inputs");
  if (fmod) return {std::make_shared<op::v1::Mod>(context.input(0), context.input(1))};
  return {std::make_shared<op::v1::FloorMod>(context.input(0), context.input(1))};
}

Output<Node> sum_of_inputs(const NodeContext& context) {
  if (context.input_count() == 0) context.fail("expects at least one input");
  Output<Node> result = context.input(0);
  for (size_t i = 1; i < context.input_count(); ++i) result = std::make_shared<op::v1::Add>(result, context.input(i));
  return result;
}

OutputVector convert_sum(const NodeContext& context) { return {sum_of_inputs(context)}; }

OutputVector convert_mean(const NodeContext& context) {
  const Output<Node> sum = sum_of_inputs(context);
  if (context.input_count() == 1) return {sum};
  return {std::make_shared<op::v1::Divide>(sum, scalar_like(sum, double(context.input_count())), false)};
}

// Before opset 11 the bounds are attributes; since then optional inputs of x's type.
OutputVector convert_clip(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  if (context.opset() < 11) {
    const float lowest = std::numeric_limits<float>::lowest(), highest = std::numeric_limits<float>::max();
    return {std::make_shared<op::v0::Clamp>(x, context.attr_float("min", lowest), context.attr_float("max", highest))};
  }
  // Constant scalar bounds on real values (ReLU6 as exporters write it) become one Clamp, which
  // plugins fuse into the producing convolution or matrix product; other bounds stay a
  // Maximum/Minimum pair. Both give min(max(x, lo), hi).
  const auto scalar_bound = [&](size_t index, double& value) {
    if (!context.has_input(index)) return true;
    const auto constant = as_type_ptr<op::v0::Constant>(context.input(index).get_node_shared_ptr());
    if (!constant || shape_size(constant->get_shape()) != 1) return false;
    value = constant->cast_vector<double>().at(0);
    return !std::isnan(value);
  };
  double lo = std::numeric_limits<double>::lowest(), hi = std::numeric_limits<double>::max();
  if (x.get_element_type().is_real() && scalar_bound(1, lo) && scalar_bound(2, hi) && lo <= hi) {
    return {std::make_shared<op::v0::Clamp>(x, lo, hi)};
  }
  Output<Node> result = x;
  if (context.has_input(1)) result = std::make_shared<op::v1::Maximum>(result, to_type_of(context.input(1), x));
  if (context.has_input(2)) result = std::make_shared<op::v1::Minimum>(result, to_type_of(context.input(2), x));
  return {result};
}

OutputVector convert_bit_shift(const NodeContext& context) {
  if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
  const std::string direction = context.attr_string("direction", "");
  if (direction == "LEFT") return {std::make_shared<op::v15::BitwiseLeftShift>(context.input(0), context.input(1))};
  if (direction == "RIGHT") return {std::make_shared<op::v15::BitwiseRightShift>(context.input(0), context.input(1))};
  context.fail("attribute 'direction' must be LEFT or RIGHT, got '", direction, "'");
}

OutputVector convert_cast_like(const NodeContext& context) {
  if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
  const element::Type type = context.input(1).get_element_type();
  if (type.is_dynamic()) context.fail("the target input's element type is unknown");
  return {std::make_shared<op::v0::Convert>(context.input(0), type)};
}

// x for x >= 0, alpha * x otherwise: PRelu with a scalar slope.
OutputVector convert_leaky_relu(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const auto slope =
      op::v0::Constant::create(x.get_element_type(), Shape{1}, std::vector<double>{context.attr_float("alpha", 0.01f)});
  return {std::make_shared<op::v0::PRelu>(x, slope)};
}

// gamma * Elu(x, alpha)
OutputVector convert_selu(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const float alpha = context.attr_float("alpha", 1.67326319217681884765625f);
  const float gamma = context.attr_float("gamma", 1.05070102214813232421875f);
  const auto elu = std::make_shared<op::v0::Elu>(x, alpha);
  return {std::make_shared<op::v1::Multiply>(elu, scalar_like(x, gamma))};
}

// max(0, x) + min(0, alpha * (exp(x / alpha) - 1)) = alpha * Elu(x / alpha, 1)
OutputVector convert_celu(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const float alpha = context.attr_float("alpha", 1.0f);
  if (alpha == 0.0f) context.fail("attribute 'alpha' must not be 0");
  const auto scaled = std::make_shared<op::v1::Divide>(x, scalar_like(x, alpha), false);
  const auto elu = std::make_shared<op::v0::Elu>(scaled, 1.0);
  return {std::make_shared<op::v1::Multiply>(elu, scalar_like(x, alpha))};
}

// max(0, min(1, alpha * x + beta))
OutputVector convert_hard_sigmoid(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const auto scaled = std::make_shared<op::v1::Multiply>(x, scalar_like(x, context.attr_float("alpha", 0.2f)));
  const auto shifted = std::make_shared<op::v1::Add>(scaled, scalar_like(x, context.attr_float("beta", 0.5f)));
  return {std::make_shared<op::v0::Clamp>(shifted, 0.0, 1.0)};
}

// x where x > alpha, else 0.
OutputVector convert_thresholded_relu(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const auto above = std::make_shared<op::v1::Greater>(x, scalar_like(x, context.attr_float("alpha", 1.0f)));
  return {std::make_shared<op::v1::Multiply>(x, mask(above, x))};
}

// x + bias where x < -lambd, x - bias where x > lambd, else 0.
OutputVector convert_shrink(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const float lambd = context.attr_float("lambd", 0.5f), bias = context.attr_float("bias", 0.0f);
  const auto below = std::make_shared<op::v1::Less>(x, scalar_like(x, -lambd));
  const auto above = std::make_shared<op::v1::Greater>(x, scalar_like(x, lambd));
  const auto low =
      std::make_shared<op::v1::Multiply>(std::make_shared<op::v1::Add>(x, scalar_like(x, bias)), mask(below, x));
  const auto high =
      std::make_shared<op::v1::Multiply>(std::make_shared<op::v1::Subtract>(x, scalar_like(x, bias)), mask(above, x));
  return {std::make_shared<op::v1::Add>(low, high)};
}

// NaN is the one value not equal to itself.
OutputVector convert_is_nan(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  return {std::make_shared<op::v1::NotEqual>(x, x)};
}

OutputVector convert_is_inf(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const bool positive = context.attr_int("detect_positive", 1) != 0;
  const bool negative = context.attr_int("detect_negative", 1) != 0;
  const double inf = std::numeric_limits<double>::infinity();
  const Output<Node> is_pos = std::make_shared<op::v1::Equal>(x, scalar_like(x, inf));
  const Output<Node> is_neg = std::make_shared<op::v1::Equal>(x, scalar_like(x, -inf));
  if (positive && negative) return {std::make_shared<op::v1::LogicalOr>(is_pos, is_neg)};
  if (positive) return {is_pos};
  if (negative) return {is_neg};
  return {std::make_shared<op::v1::Less>(x, x)};  // detects nothing: always false
}

template <typename FerryOp>
OutputVector convert_binary(const NodeContext& context) {
  if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
  return {std::make_shared<FerryOp>(context.input(0), legacy_broadcast_rhs(context))};
}

}  // namespace

void add_math_converters(ConverterTable& table) {
  table["Sin"] = convert_unary<op::v0::Sin>;
  table["Cos"] = convert_unary<op::v0::Cos>;
  table["Tan"] = convert_unary<op::v0::Tan>;
  table["Asin"] = convert_unary<op::v0::Asin>;
  table["Acos"] = convert_unary<op::v0::Acos>;
  table["Atan"] = convert_unary<op::v0::Atan>;
  table["Sinh"] = convert_unary<op::v0::Sinh>;
  table["Cosh"] = convert_unary<op::v0::Cosh>;
  table["Asinh"] = convert_unary<op::v3::Asinh>;
  table["Acosh"] = convert_unary<op::v3::Acosh>;
  table["Atanh"] = convert_unary<op::v3::Atanh>;
  table["Softsign"] = convert_unary<op::v9::SoftSign>;
  table["Abs"] = convert_unary<op::v0::Abs>;
  table["Neg"] = convert_unary<op::v0::Negative>;
  table["Floor"] = convert_unary<op::v0::Floor>;
  table["Ceil"] = convert_unary<op::v0::Ceiling>;
  table["Sqrt"] = convert_unary<op::v0::Sqrt>;
  table["Log"] = convert_unary<op::v0::Log>;
  table["Erf"] = convert_unary<op::v0::Erf>;
  table["Sign"] = convert_unary<op::v0::Sign>;
  table["Round"] = convert_round;
  table["Reciprocal"] = convert_reciprocal;
  table["Pow"] = convert_pow;
  table["Mod"] = convert_mod;
  table["Sum"] = convert_sum;
  table["Mean"] = convert_mean;
  table["Clip"] = convert_clip;
  table["CastLike"] = convert_cast_like;
  table["BitShift"] = convert_bit_shift;
  table["LeakyRelu"] = convert_leaky_relu;
  table["Selu"] = convert_selu;
  table["Celu"] = convert_celu;
  table["HardSigmoid"] = convert_hard_sigmoid;
  table["ThresholdedRelu"] = convert_thresholded_relu;
  table["Shrink"] = convert_shrink;
  table["IsNaN"] = convert_is_nan;
  table["IsInf"] = convert_is_inf;
  table["Equal"] = convert_binary<op::v1::Equal>;
  table["Less"] = convert_binary<op::v1::Less>;
  table["Greater"] = convert_binary<op::v1::Greater>;
  table["LessOrEqual"] = convert_binary<op::v1::LessEqual>;
  table["GreaterOrEqual"] = convert_binary<op::v1::GreaterEqual>;
  table["And"] = convert_binary<op::v1::LogicalAnd>;
  table["Or"] = convert_binary<op::v1::LogicalOr>;
  table["Xor"] = convert_binary<op::v1::LogicalXor>;
  table["Not"] = convert_unary<op::v1::LogicalNot>;
}

}  // namespace onnx_frontend
}  // namespace ferry
