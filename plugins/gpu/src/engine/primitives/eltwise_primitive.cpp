// Elementwise ops on kernels/eltwise.cl: every unary op and activation (one source, the op
// chosen with -D OP_<NAME>), binary arithmetic, comparisons and logical ops with numpy
// broadcasting, PRelu, Swish and Select. Real arithmetic runs on f32 (f16 stored as half);
// integer arithmetic on the integer type itself, with the reference's wrapping and division
// rules; logical ops on boolean.

#include <algorithm>

#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/comparison.hpp"
#include "ferry/graph/ops/logical.hpp"
#include "ferry/graph/ops/select.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/graph/ops/unary_math.hpp"
#include "plugins/gpu/src/engine/broadcast_walk.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

enum class Arity { NONE, UNARY, BINARY, SELECT };

// Which input element types an op has kernels for.
enum class Types { REAL, NUMERIC, ANY, BOOLEAN };

struct EltwiseOp {
  Arity arity = Arity::NONE;
  std::string name;  // OP_<name>
  Types types = Types::REAL;
  bool boolean_output = false;
  double alpha = 0.0, beta = 0.0;
  bool channel_slope = false;  // PRelu's 1-D slope along axis 1
};

// The OpenCL C type an integer element type computes in, with its unsigned twin, or "".
std::pair<std::string, std::string> integer_cl_types(const element::Type& type) {
  if (type == element::i8) return {"char", "uchar"};
  if (type == element::u8 || type == element::boolean) return {"uchar", "uchar"};
  if (type == element::i16) return {"short", "ushort"};
  if (type == element::u16) return {"ushort", "ushort"};
  if (type == element::i32) return {"int", "uint"};
  if (type == element::u32) return {"uint", "uint"};
  if (type == element::i64) return {"long", "ulong"};
  if (type == element::u64) return {"ulong", "ulong"};
  return {"", ""};
}

bool accepts(Types types, const element::Type& type) {
  const bool real = type == element::f32 || type == element::f16;
  const bool integer = type != element::boolean && !integer_cl_types(type).first.empty();
  switch (types) {
    case Types::REAL:
      return real;
    case Types::NUMERIC:
      return real || integer;
    case Types::ANY:
      return real || integer || type == element::boolean;
    case Types::BOOLEAN:
      return type == element::boolean;
  }
  return false;
}

std::string unary_name(op::util::UnaryElementwise::Kind kind) {
  using Kind = op::util::UnaryElementwise::Kind;
  switch (kind) {
    case Kind::RELU:
      return "RELU";
    case Kind::SIGMOID:
      return "SIGMOID";
    case Kind::TANH:
      return "TANH";
    case Kind::EXP:
      return "EXP";
    default:
      return "";
  }
}

std::string math_name(op::util::UnaryMath::Kind kind) {
  using Kind = op::util::UnaryMath::Kind;
  switch (kind) {
    case Kind::ERF:
      return "ERF";
    case Kind::GELU_ERF:
      return "GELU_ERF";
    case Kind::GELU_TANH:
      return "GELU_TANH";
    case Kind::SQRT:
      return "SQRT";
    case Kind::LOG:
      return "LOG";
    case Kind::ABS:
      return "ABS";
    case Kind::NEGATIVE:
      return "NEGATIVE";
    case Kind::FLOOR:
      return "FLOOR";
    case Kind::CEILING:
      return "CEILING";
    case Kind::SIGN:
      return "SIGN";
    case Kind::ROUND_EVEN:
      return "ROUND_EVEN";
    case Kind::ROUND_AWAY:
      return "ROUND_AWAY";
    case Kind::SIN:
      return "SIN";
    case Kind::COS:
      return "COS";
    case Kind::TAN:
      return "TAN";
    case Kind::ASIN:
      return "ASIN";
    case Kind::ACOS:
      return "ACOS";
    case Kind::ATAN:
      return "ATAN";
    case Kind::SINH:
      return "SINH";
    case Kind::COSH:
      return "COSH";
    case Kind::ASINH:
      return "ASINH";
    case Kind::ACOSH:
      return "ACOSH";
    case Kind::ATANH:
      return "ATANH";
    case Kind::SOFTSIGN:
      return "SOFTSIGN";
    default:
      return "";
  }
}

std::string arithmetic_name(op::util::BinaryElementwiseArithmetic::Kind kind) {
  using Kind = op::util::BinaryElementwiseArithmetic::Kind;
  switch (kind) {
    case Kind::ADD:
      return "ADD";
    case Kind::SUBTRACT:
      return "SUBTRACT";
    case Kind::MULTIPLY:
      return "MULTIPLY";
    case Kind::DIVIDE:
      return "DIVIDE";
    case Kind::MAXIMUM:
      return "MAXIMUM";
    case Kind::MINIMUM:
      return "MINIMUM";
    case Kind::POWER:
      return "POWER";
    case Kind::MOD:
      return "MOD";
    case Kind::FLOOR_MOD:
      return "FLOOR_MOD";
    case Kind::LEFT_SHIFT:
      return "LEFT_SHIFT";
    case Kind::RIGHT_SHIFT:
      return "RIGHT_SHIFT";
    default:
      return "";
  }
}

std::string comparison_name(op::util::BinaryElementwiseComparison::Kind kind) {
  using Kind = op::util::BinaryElementwiseComparison::Kind;
  switch (kind) {
    case Kind::EQUAL:
      return "EQUAL";
    case Kind::NOT_EQUAL:
      return "NOT_EQUAL";
    case Kind::LESS:
      return "LESS";
    case Kind::GREATER:
      return "GREATER";
    case Kind::LESS_EQUAL:
      return "LESS_EQUAL";
    case Kind::GREATER_EQUAL:
      return "GREATER_EQUAL";
    default:
      return "";
  }
}

std::string logical_name(op::util::BinaryElementwiseLogical::Kind kind) {
  using Kind = op::util::BinaryElementwiseLogical::Kind;
  switch (kind) {
    case Kind::AND:
      return "LOGICAL_AND";
    case Kind::OR:
      return "LOGICAL_OR";
    case Kind::XOR:
      return "LOGICAL_XOR";
    default:
      return "";
  }
}

// Numpy, none (equal shapes) and pdpd (second input aligned at an axis of the first) have kernels.
bool broadcast_supported(const op::AutoBroadcastSpec& spec, const Node& node) {
  if (spec.type == op::AutoBroadcastType::NUMPY || spec.type == op::AutoBroadcastType::PDPD) return true;
  return spec.type == op::AutoBroadcastType::NONE && node.get_input_shape(0) == node.get_input_shape(1);
}

// The second input's shape as numpy broadcasting sees it: pdpd aligns it at `axis` of the output
// (-1: at the end) by adding trailing unit axes.
Shape second_input_shape(const Node& node, const op::AutoBroadcastSpec* spec) {
  Shape b = node.get_input_shape(1);
  if (!spec || spec->type != op::AutoBroadcastType::PDPD) return b;
  const size_t rank = node.get_output_shape(0).size();
  const size_t axis = spec->axis == -1 ? rank - std::min(rank, b.size()) : static_cast<size_t>(spec->axis);
  while (b.size() + axis < rank) b.push_back(1);
  return b;
}

const op::AutoBroadcastSpec* broadcast_spec(const Node& node) {
  if (const auto* a = dynamic_cast<const op::util::BinaryElementwiseArithmetic*>(&node)) return &a->get_autob();
  if (const auto* c = dynamic_cast<const op::util::BinaryElementwiseComparison*>(&node)) return &c->get_autob();
  if (const auto* l = dynamic_cast<const op::util::BinaryElementwiseLogical*>(&node)) return &l->get_autob();
  return nullptr;
}

// Abs, Negative, Sign and the rounding functions are exact on integers too (rounding is the
// identity there); the other unary math functions are real-only on the GPU.
bool numeric_math(const std::string& name) {
  return name == "ABS" || name == "NEGATIVE" || name == "SIGN" || name == "FLOOR" || name == "CEILING" ||
         name == "ROUND_EVEN" || name == "ROUND_AWAY";
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
    if (numeric_math(op.name)) op.types = Types::NUMERIC;
  } else if (type == "HSwish" || type == "Mish" || type == "SoftPlus" || type == "HSigmoid") {
    op.name = type == "HSwish" ? "HSWISH" : type == "Mish" ? "MISH" : type == "SoftPlus" ? "SOFTPLUS" : "HSIGMOID";
    op.arity = Arity::UNARY;
  } else if (const auto* elu = dynamic_cast<const op::v0::Elu*>(&node)) {
    op = {Arity::UNARY, "ELU", Types::REAL, false, elu->get_alpha(), 0.0, false};
  } else if (const auto* clamp = dynamic_cast<const op::v0::Clamp*>(&node)) {
    op = {Arity::UNARY, "CLAMP", Types::REAL, false, clamp->get_min(), clamp->get_max(), false};
  } else if (type == "Swish") {
    std::vector<double> beta{1.0};
    if (node.get_input_size() == 1 || (constant_reals(node, 1, beta) && beta.size() == 1)) {
      op = {Arity::UNARY, "SWISH", Types::REAL, false, beta.at(0), 0.0, false};
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
    if (broadcast_supported(arithmetic->get_autob(), node)) op.name = arithmetic_name(arithmetic->get_kind());
    const auto* divide = dynamic_cast<const op::v1::Divide*>(&node);
    if (divide && divide->is_pythondiv() && !op.name.empty()) op.name = "PYTHON_DIVIDE";
    op.arity = Arity::BINARY;
    op.types = Types::NUMERIC;
  } else if (const auto* comparison = dynamic_cast<const op::util::BinaryElementwiseComparison*>(&node)) {
    if (broadcast_supported(comparison->get_autob(), node)) op.name = comparison_name(comparison->get_kind());
    op.arity = Arity::BINARY;
    op.types = Types::ANY;
    op.boolean_output = true;
  } else if (const auto* logical = dynamic_cast<const op::util::BinaryElementwiseLogical*>(&node)) {
    if (broadcast_supported(logical->get_autob(), node)) op.name = logical_name(logical->get_kind());
    op.arity = Arity::BINARY;
    op.types = Types::BOOLEAN;
  } else if (type == "LogicalNot") {
    op.name = "LOGICAL_NOT";
    op.arity = Arity::UNARY;
    op.types = Types::BOOLEAN;
  } else if (dynamic_cast<const op::v1::Select*>(&node)) {
    op.name = "SELECT";
    op.arity = Arity::SELECT;
  }
  if (op.name.empty()) op.arity = Arity::NONE;
  return op;
}

// -D options for `op` on inputs of `input` type: T (compute), IN_T/IN_HALF (stored input),
// OUT_T/OUT_HALF (stored output), INTEGER/SIGNED/U_T for integer arithmetic.
std::string type_options(EltwiseOp op, const element::Type& input, const element::Type& output) {
  if (input.is_integral() &&
      (op.name == "FLOOR" || op.name == "CEILING" || op.name == "ROUND_EVEN" || op.name == "ROUND_AWAY"))
    op.name = "IDENTITY";
  std::string options = "-DOP_" + op.name;
  const auto [integer, twin] = integer_cl_types(input);
  if (!integer.empty()) {
    options += " -DT=" + integer + " -DU_T=" + twin + " -DINTEGER";
    if (input.is_signed()) options += " -DSIGNED";
  } else {
    options += " -DT=float";
    if (input == element::f16) options += " -DIN_HALF";
  }
  if (output == element::f16)
    options += " -DOUT_HALF";
  else if (output == element::boolean)
    options += " -DOUT_T=uchar";
  return options;
}

bool supports(const Node& node) {
  const EltwiseOp op = classify(node);
  if (op.arity == Arity::NONE || node.get_output_size() != 1) return false;
  if (node.get_output_shape(0).size() > kMaxKernelRank) return false;
  if (op.arity == Arity::SELECT) {
    const size_t bits = node.get_output_element_type(0).bitwidth();
    return node.get_input_element_type(0) == element::boolean &&
           (bits == 8 || bits == 16 || bits == 32 || bits == 64) &&
           node.get_input_element_type(1) == node.get_output_element_type(0) &&
           node.get_input_element_type(2) == node.get_output_element_type(0);
  }
  const size_t data_inputs = op.arity == Arity::BINARY ? 2 : 1;
  if (node.get_input_size() < data_inputs) return false;
  const element::Type input = node.get_input_element_type(0);
  if (!accepts(op.types, input)) return false;
  // PRelu and Swish with a beta input: the second input is real like the first.
  for (size_t i = 1; i < data_inputs; ++i)
    if (node.get_input_element_type(i) != input) return false;
  const element::Type output = node.get_output_element_type(0);
  return op.boolean_output ? output == element::boolean : output == input;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const EltwiseOp op = classify(node);
  const Shape& out = node.get_output_shape(0);
  const size_t count = element_count(out);
  if (op.arity == Arity::SELECT) {
    KernelStep step("eltwise.cl", "-DOP_SELECT " + move_type_option(node.get_output_element_type(0).size()),
                    "select_broadcast");
    std::vector<std::vector<int64_t>> strides;
    for (size_t i = 0; i < 3; ++i) strides.push_back(broadcast_strides(node.get_input_shape(i), out));
    const BroadcastWalk walk = collapse_broadcast(dims_of(out), strides);
    step.value(inputs[0]).value(inputs[1]).value(inputs[2]).value(outputs[0]).i32(walk.rank());
    step.int8(walk.dims);
    for (const auto& operand : walk.strides) step.int8(operand, 0);
    step.range1(count);
    return {step};
  }
  const std::string options = type_options(op, node.get_input_element_type(0), node.get_output_element_type(0));
  if (op.arity == Arity::UNARY) {
    KernelStep step("eltwise.cl", options, "eltwise_unary");
    step.value(inputs[0]).value(outputs[0]).f32(op.alpha).f32(op.beta).range1(count);
    return {step};
  }
  const Shape& a = node.get_input_shape(0);
  const Shape b = second_input_shape(node, broadcast_spec(node));
  if (a == out && b == out) {
    KernelStep step("eltwise.cl", options, "eltwise_binary_same");
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
  const BroadcastWalk walk = collapse_broadcast(dims_of(out), {broadcast_strides(a, out), strides_b});
  KernelStep step("eltwise.cl", options, "eltwise_binary_broadcast");
  step.value(inputs[0]).value(inputs[1]).value(outputs[0]).i32(walk.rank());
  step.int8(walk.dims).int8(walk.strides[0], 0).int8(walk.strides[1], 0).range1(count);
  return {step};
}

}  // namespace

const Primitive& eltwise_primitive() {
  static const Primitive primitive{"eltwise", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
