// Element-wise ONNX ops: binary arithmetic (numpy broadcasting, or before opset 7 the legacy
// "broadcast"/"axis" attributes), n-ary Max/Min folded, unary activations, MatMul.
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"
#include "onnx_legacy_broadcast.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

template <typename FerryOp>
Converter binary() {
  return [](const NodeContext& context) -> OutputVector {
    if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
    return {std::make_shared<FerryOp>(context.input(0), legacy_broadcast_rhs(context))};
  };
}

// Max / Min take 1..N inputs since opset 8 (broadcasting); fold them pairwise.
template <typename FerryOp>
Converter variadic() {
  return [](const NodeContext& context) -> OutputVector {
    if (context.input_count() == 0) context.fail("expects at least one input");
    Output<Node> result = context.input(0);
    for (size_t i = 1; i < context.input_count(); ++i) result = std::make_shared<FerryOp>(result, context.input(i));
    return {result};
  };
}

template <typename FerryOp>
Converter unary() {
  return [](const NodeContext& context) -> OutputVector {
    if (context.input_count() != 1) context.fail("expects 1 input, got ", context.input_count());
    return {std::make_shared<FerryOp>(context.input(0))};
  };
}

OutputVector convert_div(const NodeContext& context) {
  if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
  // ONNX integer division truncates toward zero, unlike Ferry's default floor ("python") division.
  return {std::make_shared<op::v1::Divide>(context.input(0), legacy_broadcast_rhs(context), false)};
}

OutputVector convert_matmul(const NodeContext& context) {
  if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
  return {std::make_shared<op::v0::MatMul>(context.input(0), context.input(1))};
}

}  // namespace

void add_elementwise_converters(ConverterTable& table) {
  table["Add"] = binary<op::v1::Add>();
  table["Sub"] = binary<op::v1::Subtract>();
  table["Mul"] = binary<op::v1::Multiply>();
  table["Div"] = convert_div;
  table["Max"] = variadic<op::v1::Maximum>();
  table["Min"] = variadic<op::v1::Minimum>();
  table["MatMul"] = convert_matmul;
  table["Relu"] = unary<op::v0::Relu>();
  table["Sigmoid"] = unary<op::v0::Sigmoid>();
  table["Tanh"] = unary<op::v0::Tanh>();
  table["Exp"] = unary<op::v0::Exp>();
}

}  // namespace onnx_frontend
}  // namespace ferry
