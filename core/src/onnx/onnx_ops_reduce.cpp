// Reduction ONNX ops: ReduceSum, ReduceMax, ReduceMin, ReduceProd, ReduceL1, ReduceL2 onto Ferry's
// reductions, and ReduceLogSum, ReduceLogSumExp, ReduceSumSquare as decompositions of them.
// (ReduceMean lives with the shape ops.) Axes come from the "axes" attribute, or from the second
// input where the opset moved them there (ReduceSum 13, the others 18).
#include <numeric>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

// axes ++ [0, 1, ..., rank-1] when axes is empty, else axes: Range(0, rank * (size == 0)).
Output<Node> all_axes_when_empty(const NodeContext& context, const Output<Node>& axes) {
  const int64_t rank = static_rank(context, context.input(0));
  Output<Node> list = std::make_shared<op::v1::Reshape>(axes, i64_constant({-1}), false);
  if (list.get_element_type() != element::i64) list = std::make_shared<op::v0::Convert>(list, element::i64);
  const auto count = std::make_shared<op::v3::ShapeOf>(list, element::i64);
  const auto empty =
      std::make_shared<op::v0::Convert>(std::make_shared<op::v1::Equal>(count, i64_constant({0})), element::i64);
  const auto stop = std::make_shared<op::v1::Reshape>(std::make_shared<op::v1::Multiply>(empty, i64_constant({rank})),
                                                      i64_constant({}), false);
  const auto scalar = [](int64_t value) {
    return op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{value});
  };
  const auto extra = std::make_shared<op::v4::Range>(scalar(0), stop, scalar(1), element::i64);
  return std::make_shared<op::v0::Concat>(OutputVector{list, extra}, 0);
}

// The axes to reduce, or no node when the node reduces nothing (noop_with_empty_axes with none).
Output<Node> reduction_axes(const NodeContext& context, int64_t axes_input_opset) {
  const Output<Node>& input = context.input(0);
  const bool noop_when_empty = context.attr_int("noop_with_empty_axes", 0) != 0;
  context.attr_int("keepdims", 1);  // read even where nothing is reduced and it does not matter
  if (context.opset() >= axes_input_opset) {
    if (context.has_attribute("axes")) context.fail("attribute 'axes' is an input since opset ", axes_input_opset);
    if (context.has_input(1)) {
      const Output<Node>& axes = context.input(1);
      const auto constant = std::dynamic_pointer_cast<op::v0::Constant>(axes.get_node_shared_ptr());
      if (constant && !constant->cast_vector<int64_t>().empty()) return axes;
      // A computed axes input that turns out empty reduces nothing in Ferry's reductions, which is
      // ONNX's meaning only with noop_with_empty_axes: otherwise it must mean every axis.
      if (!constant) return noop_when_empty ? axes : all_axes_when_empty(context, axes);
    }
  } else {
    const std::vector<int64_t> values = context.attr_ints("axes", {});
    if (!values.empty()) return i64_constant(values);
  }
  if (noop_when_empty) return {};
  std::vector<int64_t> all(static_cast<size_t>(static_rank(context, input)));
  std::iota(all.begin(), all.end(), int64_t{0});
  return i64_constant(all);
}

bool keep_dims(const NodeContext& context) { return context.attr_int("keepdims", 1) != 0; }

template <typename FerryOp>
Converter reduction(int64_t axes_input_opset = 18) {
  return [axes_input_opset](const NodeContext& context) -> OutputVector {
    const Output<Node> axes = reduction_axes(context, axes_input_opset);
    if (!axes.get_node()) return {context.input(0)};
    return {std::make_shared<FerryOp>(context.input(0), axes, keep_dims(context))};
  };
}

// log(sum(x))
OutputVector convert_reduce_log_sum(const NodeContext& context) {
  const Output<Node> axes = reduction_axes(context, 18);
  if (!axes.get_node()) return {std::make_shared<op::v0::Log>(context.input(0))};
  return {
      std::make_shared<op::v0::Log>(std::make_shared<op::v1::ReduceSum>(context.input(0), axes, keep_dims(context)))};
}

// log(sum(exp(x - m))) + m with m the maximum, so that large inputs do not overflow.
OutputVector convert_reduce_log_sum_exp(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const Output<Node> axes = reduction_axes(context, 18);
  if (!axes.get_node()) return {x};
  const auto max_kept = std::make_shared<op::v1::ReduceMax>(x, axes, true);
  const auto shifted = std::make_shared<op::v0::Exp>(std::make_shared<op::v1::Subtract>(x, max_kept));
  const auto sum = std::make_shared<op::v1::ReduceSum>(shifted, axes, keep_dims(context));
  const auto max_out = std::make_shared<op::v1::ReduceMax>(x, axes, keep_dims(context));
  return {std::make_shared<op::v1::Add>(std::make_shared<op::v0::Log>(sum), max_out)};
}

// sum(x * x)
OutputVector convert_reduce_sum_square(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const Output<Node> axes = reduction_axes(context, 18);
  const auto square = std::make_shared<op::v1::Multiply>(x, x);
  if (!axes.get_node()) return {square};
  return {std::make_shared<op::v1::ReduceSum>(square, axes, keep_dims(context))};
}

}  // namespace

void add_reduce_converters(ConverterTable& table) {
  table["ReduceSum"] = reduction<op::v1::ReduceSum>(13);
  table["ReduceMax"] = reduction<op::v1::ReduceMax>();
  table["ReduceMin"] = reduction<op::v1::ReduceMin>();
  table["ReduceProd"] = reduction<op::v1::ReduceProd>();
  table["ReduceL1"] = reduction<op::v4::ReduceL1>();
  table["ReduceL2"] = reduction<op::v4::ReduceL2>();
  table["ReduceLogSum"] = convert_reduce_log_sum;
  table["ReduceLogSumExp"] = convert_reduce_log_sum_exp;
  table["ReduceSumSquare"] = convert_reduce_sum_square;
}

}  // namespace onnx_frontend
}  // namespace ferry
