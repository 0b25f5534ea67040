// Data-movement and shape ONNX ops: Squeeze, Unsqueeze, Shape, Size, Gather(Elements/ND),
// Slice, Split, Tile, Expand, Range, Where, ConstantOfShape, Trilu, EyeLike, Scatter(Elements/ND),
// OneHot, CumSum, NonZero, Compress, ReverseSequence.
#include <limits>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"
#include "onnx_tensor.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

using op::v0::Constant;

Output<Node> i64_scalar(int64_t value) { return Constant::create(element::i64, Shape{}, {value}); }

// Axes from input `input` (newer opsets) or the "axes" attribute (older ones); empty when neither.
bool axes_of(const NodeContext& context, size_t input, Output<Node>& axes) {
  if (context.has_input(input)) {
    axes = context.input(input);
    return true;
  }
  if (context.has_attribute("axes")) {
    axes = i64_constant(context.attr_ints("axes", {}));
    return true;
  }
  return false;
}

OutputVector convert_squeeze(const NodeContext& context) {
  Output<Node> axes;
  if (axes_of(context, 1, axes)) return {std::make_shared<op::v0::Squeeze>(context.input(0), axes)};
  return {std::make_shared<op::v0::Squeeze>(context.input(0))};
}

OutputVector convert_unsqueeze(const NodeContext& context) {
  Output<Node> axes;
  if (!axes_of(context, 1, axes)) context.fail("needs axes (attribute before opset 13, input since)");
  return {std::make_shared<op::v0::Unsqueeze>(context.input(0), axes)};
}

// Shape-15's start/end slice the shape vector (clamped, negative from the end).
OutputVector convert_shape(const NodeContext& context) {
  Output<Node> shape = std::make_shared<op::v3::ShapeOf>(context.input(0), element::i64);
  const bool has_start = context.has_attribute("start"), has_end = context.has_attribute("end");
  if (!has_start && !has_end) return {shape};
  const int64_t start = context.attr_int("start", 0);
  const int64_t end = context.attr_int("end", std::numeric_limits<int64_t>::max());
  return {std::make_shared<op::v8::Slice>(shape, i64_constant({start}), i64_constant({end}), i64_constant({1}))};
}

// The element count as an i64 scalar: the length of the flattened input.
OutputVector convert_size(const NodeContext& context) {
  const auto flat = std::make_shared<op::v1::Reshape>(context.input(0), i64_constant({-1}), false);
  const auto length = std::make_shared<op::v3::ShapeOf>(flat, element::i64);
  return {std::make_shared<op::v0::Squeeze>(length, i64_constant({0}))};
}

OutputVector convert_gather(const NodeContext& context) {
  return {
      std::make_shared<op::v8::Gather>(context.input(0), context.input(1), i64_scalar(context.attr_int("axis", 0)))};
}

OutputVector convert_gather_elements(const NodeContext& context) {
  return {std::make_shared<op::v6::GatherElements>(context.input(0), context.input(1), context.attr_int("axis", 0))};
}

OutputVector convert_gather_nd(const NodeContext& context) {
  return {std::make_shared<op::v8::GatherND>(context.input(0), context.input(1), context.attr_int("batch_dims", 0))};
}

// Slice-1 takes starts/ends/axes as attributes; Slice-10+ as inputs (axes, steps optional).
OutputVector convert_slice(const NodeContext& context) {
  Output<Node> starts, ends, axes, steps;
  if (context.opset() < 10) {
    starts = i64_constant(context.attr_ints("starts", {}));
    ends = i64_constant(context.attr_ints("ends", {}));
    if (context.has_attribute("axes")) axes = i64_constant(context.attr_ints("axes", {}));
  } else {
    starts = context.input(1);
    ends = context.input(2);
    if (context.has_input(3)) axes = context.input(3);
    if (context.has_input(4)) steps = context.input(4);
  }
  if (!steps.get_node()) {
    // Ones, as many as starts has entries, in starts' type.
    const auto count = std::make_shared<op::v3::ShapeOf>(starts, element::i64);
    steps = std::make_shared<op::v3::Broadcast>(Constant::create(starts.get_element_type(), Shape{}, {1}), count);
  }
  if (axes.get_node()) return {std::make_shared<op::v8::Slice>(context.input(0), starts, ends, steps, axes)};
  return {std::make_shared<op::v8::Slice>(context.input(0), starts, ends, steps)};
}

// Split: explicit lengths (input since 13, attribute before) or equal parts, one per output.
OutputVector convert_split(const NodeContext& context) {
  const Output<Node> axis = i64_scalar(context.attr_int("axis", 0));
  Output<Node> lengths;
  if (context.has_input(1))
    lengths = context.input(1);
  else if (context.has_attribute("split"))
    lengths = i64_constant(context.attr_ints("split", {}));
  std::shared_ptr<Node> split;
  if (lengths.get_node()) {
    split = std::make_shared<op::v1::VariadicSplit>(context.input(0), axis, lengths);
  } else {
    const int64_t parts = context.attr_int("num_outputs", int64_t(context.output_count()));
    if (parts != int64_t(context.output_count()))
      context.fail("num_outputs ", parts, " differs from the node's ", context.output_count(), " outputs");
    split = std::make_shared<op::v1::Split>(context.input(0), axis, parts);
  }
  if (split->get_output_size() != context.output_count())
    context.fail("split makes ", split->get_output_size(), " parts, the node has ", context.output_count(), " outputs");
  return split->outputs();
}

OutputVector convert_tile(const NodeContext& context) {
  return {std::make_shared<op::v0::Tile>(context.input(0), context.input(1))};
}

OutputVector convert_expand(const NodeContext& context) {
  return {std::make_shared<op::v3::Broadcast>(context.input(0), context.input(1), "bidirectional")};
}

OutputVector convert_range(const NodeContext& context) {
  const element::Type type = context.input(0).get_element_type();
  return {std::make_shared<op::v4::Range>(context.input(0), context.input(1), context.input(2), type)};
}

OutputVector convert_where(const NodeContext& context) {
  return {std::make_shared<op::v1::Select>(context.input(0), context.input(1), context.input(2))};
}

// A tensor of the shape input 0 names, filled with the "value" attribute (default f32 0).
OutputVector convert_constant_of_shape(const NodeContext& context) {
  std::shared_ptr<Constant> value;
  if (context.has_attribute("value")) {
    const auto tensor =
        constant_from_tensor(context.attr_tensor("value"), context.base_dir(), context.proto().output(0));
    if (shape_size(tensor->get_shape()) != 1)
      context.fail("attribute 'value' must hold one element, got ", tensor->get_shape());
    value = std::make_shared<Constant>(tensor->get_element_type(), Shape{}, tensor->get_data_ptr());
  } else {
    value = Constant::create(element::f32, Shape{}, {0.0f});
  }
  return {std::make_shared<op::v3::Broadcast>(value, context.input(0))};
}

// The last two axes' coordinates: column minus row, as an i64 [rows, cols] tensor.
Output<Node> column_minus_row(const Output<Node>& input) {
  const auto shape = std::make_shared<op::v3::ShapeOf>(input, element::i64);
  const auto zero = i64_scalar(0), one = i64_scalar(1);
  const auto rows = std::make_shared<op::v8::Gather>(shape, i64_scalar(-2), zero);
  const auto cols = std::make_shared<op::v8::Gather>(shape, i64_scalar(-1), zero);
  const auto row_index = std::make_shared<op::v0::Unsqueeze>(
      std::make_shared<op::v4::Range>(zero, rows, one, element::i64), i64_constant({1}));
  const auto col_index = std::make_shared<op::v4::Range>(zero, cols, one, element::i64);
  return std::make_shared<op::v1::Subtract>(col_index, row_index);
}

// Trilu: keep the upper (col - row >= k) or lower (col - row <= k) triangle, zero the rest.
OutputVector convert_trilu(const NodeContext& context) {
  const Output<Node>& input = context.input(0);
  if (input.get_partial_shape().rank().is_static() && input.get_partial_shape().size() < 2)
    context.fail("needs an input of rank 2 or more, got ", input.get_partial_shape());
  Output<Node> k = i64_scalar(0);
  if (context.has_input(1)) k = std::make_shared<op::v0::Convert>(context.input(1), element::i64);
  const auto diff = column_minus_row(input);
  Output<Node> keep;
  if (context.attr_int("upper", 1) != 0)
    keep = std::make_shared<op::v1::GreaterEqual>(diff, k);
  else
    keep = std::make_shared<op::v1::LessEqual>(diff, k);
  return {std::make_shared<op::v1::Select>(keep, input, scalar_like(input, 0))};
}

// EyeLike: ones on diagonal k of a 2-D tensor shaped like the input (static shape), zeros
// elsewhere, of "dtype" (default the input's type).
OutputVector convert_eye_like(const NodeContext& context) {
  const auto& shape = context.input(0).get_partial_shape();
  if (!shape.is_static() || shape.size() != 2) context.fail("needs a 2-D input of static shape, got ", shape);
  element::Type type = context.input(0).get_element_type();
  if (context.has_attribute("dtype"))
    type = element_type_from_onnx(int32_t(context.attr_int("dtype", 0)), context.describe() + " attribute 'dtype'");
  const int64_t k = context.attr_int("k", 0);
  const Shape out_shape = shape.to_shape();
  std::vector<double> values(shape_size(out_shape), 0.0);
  for (int64_t r = 0; r < int64_t(out_shape[0]); ++r)
    if (r + k >= 0 && r + k < int64_t(out_shape[1])) values[size_t(r) * out_shape[1] + size_t(r + k)] = 1.0;
  return {Constant::create(type, out_shape, values)};
}

// ONNX reduction names -> Ferry's ("add" is sum, "mul" prod).
std::string scatter_reduction(const NodeContext& context) {
  const std::string reduction = context.attr_string("reduction", "none");
  if (reduction == "none" || reduction == "max" || reduction == "min") return reduction;
  if (reduction == "add") return "sum";
  if (reduction == "mul") return "prod";
  context.fail("reduction '", reduction, "' is not supported");
}

OutputVector convert_scatter_elements(const NodeContext& context) {
  return {std::make_shared<op::v12::ScatterElementsUpdate>(context.input(0), context.input(1), context.input(2),
                                                           i64_scalar(context.attr_int("axis", 0)),
                                                           scatter_reduction(context), true)};
}

OutputVector convert_scatter_nd(const NodeContext& context) {
  const std::string reduction = scatter_reduction(context);
  if (reduction == "none")
    return {std::make_shared<op::v3::ScatterNDUpdate>(context.input(0), context.input(1), context.input(2))};
  return {std::make_shared<op::v15::ScatterNDUpdate>(context.input(0), context.input(1), context.input(2), reduction)};
}

// OneHot: indices of any numeric type (negative ones count from depth), depth a scalar or
// one-element tensor, values = [off, on].
OutputVector convert_one_hot(const NodeContext& context) {
  Output<Node> indices = context.input(0);
  if (indices.get_element_type() != element::i64) indices = std::make_shared<op::v0::Convert>(indices, element::i64);
  Output<Node> depth = std::make_shared<op::v0::Convert>(context.input(1), element::i64);
  depth = std::make_shared<op::v1::Reshape>(depth, i64_constant({}), false);
  const auto negative = std::make_shared<op::v1::Less>(indices, i64_scalar(0));
  indices = std::make_shared<op::v1::Select>(negative, std::make_shared<op::v1::Add>(indices, depth), indices);
  const Output<Node>& values = context.input(2);
  const auto off = std::make_shared<op::v8::Gather>(values, i64_scalar(0), i64_scalar(0));
  const auto on = std::make_shared<op::v8::Gather>(values, i64_scalar(1), i64_scalar(0));
  return {std::make_shared<op::v1::OneHot>(indices, depth, on, off, context.attr_int("axis", -1))};
}

OutputVector convert_cum_sum(const NodeContext& context) {
  Output<Node> axis = std::make_shared<op::v1::Reshape>(context.input(1), i64_constant({}), false);
  return {std::make_shared<op::v0::CumSum>(context.input(0), axis, context.attr_int("exclusive", 0) != 0,
                                           context.attr_int("reverse", 0) != 0)};
}

OutputVector convert_non_zero(const NodeContext& context) {
  return {std::make_shared<op::v3::NonZero>(context.input(0), element::i64)};
}

// Compress: the slices along axis (or of the flattened input) where condition is true.
OutputVector convert_compress(const NodeContext& context) {
  Output<Node> input = context.input(0);
  int64_t axis = 0;
  if (context.has_attribute("axis"))
    axis = context.attr_int("axis", 0);
  else
    input = std::make_shared<op::v1::Reshape>(input, i64_constant({-1}), false);
  const auto positions = std::make_shared<op::v3::NonZero>(context.input(1), element::i64);
  const auto indices = std::make_shared<op::v0::Squeeze>(positions, i64_constant({0}));
  return {std::make_shared<op::v8::Gather>(input, indices, i64_scalar(axis))};
}

OutputVector convert_reverse_sequence(const NodeContext& context) {
  return {std::make_shared<op::v0::ReverseSequence>(
      context.input(0), context.input(1), context.attr_int("batch_axis", 1), context.attr_int("time_axis", 0))};
}

}  // namespace

void add_data_converters(ConverterTable& table) {
  table["Squeeze"] = convert_squeeze;
  table["Unsqueeze"] = convert_unsqueeze;
  table["Shape"] = convert_shape;
  table["Size"] = convert_size;
  table["Gather"] = convert_gather;
  table["GatherElements"] = convert_gather_elements;
  table["GatherND"] = convert_gather_nd;
  table["Slice"] = convert_slice;
  table["Split"] = convert_split;
  table["Tile"] = convert_tile;
  table["Expand"] = convert_expand;
  table["Range"] = convert_range;
  table["Where"] = convert_where;
  table["ConstantOfShape"] = convert_constant_of_shape;
  table["Trilu"] = convert_trilu;
  table["EyeLike"] = convert_eye_like;
  table["ScatterElements"] = convert_scatter_elements;
  table["Scatter"] = convert_scatter_elements;
  table["ScatterND"] = convert_scatter_nd;
  table["OneHot"] = convert_one_hot;
  table["CumSum"] = convert_cum_sum;
  table["NonZero"] = convert_non_zero;
  table["Compress"] = convert_compress;
  table["ReverseSequence"] = convert_reverse_sequence;
}

}  // namespace onnx_frontend
}  // namespace ferry
