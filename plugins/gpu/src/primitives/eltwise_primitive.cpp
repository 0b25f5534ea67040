// Elementwise ops on kernels/eltwise.cl: every unary op and activation (one source, the op
// chosen with -D OP_<NAME>), binary arithmetic, comparisons and logical ops with numpy
// broadcasting, PRelu and Swish. Arithmetic runs on f32; logical ops on boolean.

#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/comparison.hpp"
#include "ferry/graph/ops/logical.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/graph/ops/unary_math.hpp"
#include "../primitive.hpp"

namespace ferry::gpu {
namespace {

enum class Arity { NONE, UNARY, BINARY };

struct EltwiseOp {
  Arity arity = Arity::NONE;
  std::string name;  // OP_<name>
  element::Type input = element::f32;
  element::Type output = element::f32;
  double alpha = 0.0, beta = 0.0;
  bool channel_slope = false;  // PRelu's 1-D slope along axis 1
};

std::string unary_name(op::util::UnaryElementwise::Kind kind) {
  using Kind = op::util::UnaryElementwise::Kind;
  switch (kind) {
    case Kind::RELU: return "RELU";
    case Kind::SIGMOID: return "SIGMOID";
    case Kind::TANH: return "TANH";
    case Kind::EXP: return "EXP";
    default: return "";
  }
}

std::string math_name(op::util::UnaryMath::Kind kind) {
  using Kind = op::util::UnaryMath::Kind;
  switch (kind) {
    case Kind::ERF: return "ERF";
    case Kind::GELU_ERF: return "GELU_ERF";
    case Kind::GELU_TANH: return "GELU_TANH";
    case Kind::SQRT: return "SQRT";
    case Kind::LOG: return "LOG";
    case Kind::ABS: return "ABS";
    case Kind::NEGATIVE: return "NEGATIVE";
    case Kind::FLOOR: return "FLOOR";
    case Kind::CEILING: return "CEILING";
    case Kind::SIGN: return "SIGN";
    case Kind::ROUND_EVEN: return "ROUND_EVEN";
    case Kind::ROUND_AWAY: return "ROUND_AWAY";
    default: return "";
  }
}

std::string arithmetic_name(op::util::BinaryElementwiseArithmetic::Kind kind) {
  using Kind = op::util::BinaryElementwiseArithmetic::Kind;
  switch (kind) {
    case Kind::ADD: return "ADD";
    case Kind::SUBTRACT: return "SUBTRACT";
    case Kind::MULTIPLY: return "MULTIPLY";
    case Kind::DIVIDE: return "DIVIDE";
    case Kind::MAXIMUM: return "MAXIMUM";
    case Kind::MINIMUM: return "MINIMUM";
    default: return "";
  }
}

std::string comparison_name(op::util::BinaryElementwiseComparison::Kind kind) {
  using Kind = op::util::BinaryElementwiseComparison::Kind;
  switch (kind) {
    case Kind::EQUAL: return "EQUAL";
    case Kind::NOT_EQUAL: return "NOT_EQUAL";
    case Kind::LESS: return "LESS";
    case Kind::GREATER: return "GREATER";
    case Kind::LESS_EQUAL: return "LESS_EQUAL";
    case Kind::GREATER_EQUAL: return "GREATER_EQUAL";
    default: return "";
  }
}

std::string logical_name(op::util::BinaryElementwiseLogical::Kind kind) {
  using Kind = op::util::BinaryElementwiseLogical::Kind;
  switch (kind) {
    case Kind::AND: return "LOGICAL_AND";
    case Kind::OR: return "LOGICAL_OR";
    case Kind::XOR: return "LOGICAL_XOR";
    default: return "";
  }
}

bool numpy_or_same(const op::AutoBroadcastSpec& spec, const Node& node) {
  if (spec.type == op::AutoBroadcastType::NUMPY) return true;
  return spec.type == op::AutoBroadcastType::NONE && node.get_input_shape(0) == node.get_input_shape(1);
}

EltwiseOp classify(const Node& node) {
  EltwiseOp op;
  const std::string type = node.get_type_name();
  if (const auto* unary = dynamic_cast<const op::util::UnaryElementwise*>(&node)) {
    op.name = unary_name(unary->get_kind());
    op.arity = Arity::UNARY;
  } else if (const auto* math = dynamic_cast<const op::util::UnaryMath*>(&node)) {
    op.name = math_name(math->get_kind());
    op.arity = Arity::UNARY;
  } else if (type == "HSwish" || type == "Mish" || type == "SoftPlus" || type == "HSigmoid") {
    op.name = type == "HSwish" ? "HSWISH" : type == "Mish" ? "MISH" : type == "SoftPlus" ? "SOFTPLUS" : "HSIGMOID";
    op.arity = Arity::UNARY;
  } else if (const auto* elu = dynamic_cast<const op::v0::Elu*>(&node)) {
    op = {Arity::UNARY, "ELU", element::f32, element::f32, elu->get_alpha(), 0.0, false};
  } else if (const auto* clamp = dynamic_cast<const op::v0::Clamp*>(&node)) {
    op = {Arity::UNARY, "CLAMP", element::f32, element::f32, clamp->get_min(), clamp->get_max(), false};
  } else if (type == "Swish") {
    std::vector<double> beta{1.0};
    if (node.get_input_size() == 1 || (constant_reals(node, 1, beta) && beta.size() == 1)) {
      op = {Arity::UNARY, "SWISH", element::f32, element::f32, beta.at(0), 0.0, false};
    } else {
      op.name = "SWISH_BETA";
      op.arity = Arity::BINARY;
    }
  } else if (type == "PRelu") {
    op.name = "PRELU";
    op.arity = Arity::BINARY;
    const Shape& data = node.get_input_shape(0);
    const Shape& slope = node.get_input_shape(1);
    op.channel_slope = slope.size() == 1 && data.size() >= 2 && slope[0] == data[1] && slope[0] != 1;
  } else if (const auto* arithmetic = dynamic_cast<const op::util::BinaryElementwiseArithmetic*>(&node)) {
    if (numpy_or_same(arithmetic->get_autob(), node)) op.name = arithmetic_name(arithmetic->get_kind());
    op.arity = Arity::BINARY;
  } else if (const auto* comparison = dynamic_cast<const op::util::BinaryElementwiseComparison*>(&node)) {
    if (numpy_or_same(comparison->get_autob(), node)) op.name = comparison_name(comparison->get_kind());
    op.arity = Arity::BINARY;
    op.output = element::boolean;
  } else if (const auto* logical = dynamic_cast<const op::util::BinaryElementwiseLogical*>(&node)) {
    if (numpy_or_same(logical->get_autob(), node)) op.name = logical_name(logical->get_kind());
    op.arity = Arity::BINARY;
    op.input = op.output = element::boolean;
  } else if (type == "LogicalNot") {
    op.name = "LOGICAL_NOT";
    op.arity = Arity::UNARY;
    op.input = op.output = element::boolean;
  }
  if (op.name.empty()) op.arity = Arity::NONE;
  return op;
}

std::string type_options(const EltwiseOp& op) {
  const auto cl_type = [](const element::Type& type) { return type == element::boolean ? "uchar" : "float"; };
  return "-DOP_" + op.name + " -DT=" + cl_type(op.input) + " -DOUT_T=" + cl_type(op.output);
}

bool supports(const Node& node) {
  const EltwiseOp op = classify(node);
  if (op.arity == Arity::NONE || node.get_output_size() != 1) return false;
  const size_t data_inputs = op.arity == Arity::BINARY ? 2 : 1;
  if (node.get_input_size() < data_inputs) return false;
  for (size_t i = 0; i < data_inputs; ++i)
    if (node.get_input_element_type(i) != op.input) return false;
  if (node.get_output_element_type(0) != op.output) return false;
  return node.get_output_shape(0).size() <= kMaxKernelRank;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const EltwiseOp op = classify(node);
  const Shape& out = node.get_output_shape(0);
  const size_t count = element_count(out);
  if (op.arity == Arity::UNARY) {
    KernelStep step("eltwise.cl", type_options(op), "eltwise_unary");
    step.value(inputs[0]).value(outputs[0]).f32(op.alpha).f32(op.beta).range1(count);
    return {step};
  }
  const Shape& a = node.get_input_shape(0);
  Shape b = node.get_input_shape(1);
  if (a == out && b == out) {
    KernelStep step("eltwise.cl", type_options(op), "eltwise_binary_same");
    step.value(inputs[0]).value(inputs[1]).value(outputs[0]).range1(count);
    return {step};
  }
  std::vector<int64_t> strides_b;
  if (op.channel_slope) {
    strides_b.assign(out.size(), 0);
    strides_b[1] = 1;
  } else {
    strides_b = broadcast_strides(b, out);
  }
  KernelStep step("eltwise.cl", type_options(op), "eltwise_binary_broadcast");
  step.value(inputs[0]).value(inputs[1]).value(outputs[0]).i32(static_cast<int64_t>(out.size()));
  step.int8(dims_of(out)).int8(broadcast_strides(a, out), 0).int8(strides_b, 0).range1(count);
  return {step};
}

}  // namespace

const Primitive& eltwise_primitive() {
  static const Primitive primitive{"eltwise", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
