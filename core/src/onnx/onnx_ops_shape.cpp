// Shape, type and data-movement ONNX ops: Reshape, Transpose, Concat, Flatten, ReduceMean, Cast,
// Identity, Constant.
#include <numeric>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"
#include "onnx_tensor.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

OutputVector convert_reshape(const NodeContext& context) {
  if (context.opset() < 5 || !context.has_input(1)) context.fail("needs the shape as its second input");
  // allowzero=0 (the default): a 0 copies the input's dimension, Ferry's special_zero.
  const bool allow_zero = context.attr_int("allowzero", 0) != 0;
  return {std::make_shared<op::v1::Reshape>(context.input(0), context.input(1), !allow_zero)};
}

OutputVector convert_transpose(const NodeContext& context) {
  std::vector<int64_t> perm = context.attr_ints("perm", {});
  if (perm.empty()) {
    // The default reverses the dimensions.
    const int64_t rank = static_rank(context, context.input(0));
    for (int64_t axis = rank - 1; axis >= 0; --axis) perm.push_back(axis);
  }
  return {std::make_shared<op::v1::Transpose>(context.input(0), i64_constant(perm))};
}

OutputVector convert_concat(const NodeContext& context) {
  if (!context.has_attribute("axis")) context.fail("attribute 'axis' is missing");
  OutputVector inputs;
  for (size_t i = 0; i < context.input_count(); ++i) inputs.push_back(context.input(i));
  return {std::make_shared<op::v0::Concat>(inputs, context.attr_int("axis", 0))};
}

// Flatten to [d0*..*d(axis-1), d(axis)*..*dn]. The leading side is -1 whenever the trailing
// product is static and non-zero, so the model still reshapes to another batch (PyTorch exports
// of CNNs flatten [N, C, 1, 1] at axis 1); otherwise the static leading product, -1 after it.
OutputVector convert_flatten(const NodeContext& context) {
  const Output<Node>& input = context.input(0);
  const int64_t rank = static_rank(context, input);
  int64_t axis = context.attr_int("axis", 1);
  if (axis < -rank || axis > rank) context.fail("axis ", axis, " is out of range for rank ", rank);
  if (axis < 0) axis += rank;
  const auto& shape = input.get_partial_shape();
  auto product = [&](int64_t begin, int64_t end) -> int64_t {
    int64_t result = 1;
    for (int64_t i = begin; i < end; ++i) {
      if (shape[i].is_dynamic()) return -1;
      result *= shape[i].get_length();
    }
    return result;
  };
  const int64_t rows = product(0, axis), cols = product(axis, rank);
  if (cols > 0) return {std::make_shared<op::v1::Reshape>(input, i64_constant({-1, cols}), false)};
  if (rows < 0) context.fail("needs static dimensions on one side of axis ", axis, ", got ", shape);
  return {std::make_shared<op::v1::Reshape>(input, i64_constant({rows, -1}), false)};
}

OutputVector convert_reduce_mean(const NodeContext& context) {
  const Output<Node>& input = context.input(0);
  const bool keep_dims = context.attr_int("keepdims", 1) != 0;
  Output<Node> axes;
  if (context.has_input(1)) {
    axes = context.input(1);  // opset 18 moved axes to an input
  } else {
    std::vector<int64_t> values = context.attr_ints("axes", {});
    if (values.empty()) {
      values.resize(static_cast<size_t>(static_rank(context, input)));
      std::iota(values.begin(), values.end(), int64_t{0});
    }
    axes = i64_constant(values);
  }
  return {std::make_shared<op::v1::ReduceMean>(input, axes, keep_dims)};
}

OutputVector convert_cast(const NodeContext& context) {
  if (!context.has_attribute("to")) context.fail("attribute 'to' is missing");
  const auto to = context.attr_int("to", 0);
  const element::Type type = element_type_from_onnx(static_cast<int32_t>(to), context.describe() + " attribute 'to'");
  return {std::make_shared<op::v0::Convert>(context.input(0), type)};
}

OutputVector convert_identity(const NodeContext& context) { return {context.input(0)}; }

OutputVector convert_constant(const NodeContext& context) {
  if (context.has_attribute("value"))
    return {constant_from_tensor(context.attr_tensor("value"), context.base_dir(), context.proto().output(0))};
  if (context.has_attribute("value_float"))
    return {op::v0::Constant::create(element::f32, Shape{}, {context.attr_float("value_float", 0.0f)})};
  if (context.has_attribute("value_int"))
    return {op::v0::Constant::create(element::i64, Shape{}, {context.attr_int("value_int", 0)})};
  if (context.has_attribute("value_floats")) {
    const auto values = context.attr_floats("value_floats");
    return {op::v0::Constant::create(element::f32, Shape{values.size()}, values)};
  }
  if (context.has_attribute("value_ints")) {
    const auto values = context.attr_ints("value_ints", {});
    return {op::v0::Constant::create(element::i64, Shape{values.size()}, values)};
  }
  context.fail("has no supported value attribute (value, value_float(s), value_int(s))");
}

}  // namespace

void add_shape_converters(ConverterTable& table) {
  table["Reshape"] = convert_reshape;
  table["Transpose"] = convert_transpose;
  table["Concat"] = convert_concat;
  table["Flatten"] = convert_flatten;
  table["ReduceMean"] = convert_reduce_mean;
  table["Cast"] = convert_cast;
  table["Identity"] = convert_identity;
  table["Constant"] = convert_constant;
}

}  // namespace onnx_frontend
}  // namespace ferry
