// Ranking ONNX ops on TopK-11: TopK, ArgMax, ArgMin.
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

int64_t topk_axis(const NodeContext& context, const Output<Node>& data, int64_t fallback) {
  const int64_t rank = static_rank(context, data);
  const int64_t axis = context.attr_int("axis", fallback);
  if (axis < -rank || axis >= rank) context.fail("axis ", axis, " is out of range for rank ", rank);
  return axis < 0 ? axis + rank : axis;
}

OutputVector convert_topk(const NodeContext& context) {
  const Output<Node>& data = context.input(0);
  const int64_t axis = topk_axis(context, data, -1);
  Output<Node> k;
  if (context.opset() < 10) {
    k = op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{context.attr_int("k", -1)});
  } else {
    // ONNX passes k as a 1-D tensor of one element.
    k = std::make_shared<op::v1::Reshape>(context.input(1), i64_constant({}), false);
  }
  const bool largest = context.attr_int("largest", 1) != 0;
  const bool sorted = context.attr_int("sorted", 1) != 0;
  const auto topk = std::make_shared<op::v11::TopK>(data, k, axis, largest ? op::TopKMode::MAX : op::TopKMode::MIN,
                                                    sorted ? op::TopKSortType::SORT_VALUES : op::TopKSortType::NONE,
                                                    element::i64, true);
  return {topk->output(0), topk->output(1)};
}

// ArgMax / ArgMin: the index of the first (or, with select_last_index, the last) best element.
template <bool IsMax>
OutputVector convert_arg(const NodeContext& context) {
  const Output<Node>& data = context.input(0);
  const int64_t axis = topk_axis(context, data, 0);
  const bool keep_dims = context.attr_int("keepdims", 1) != 0;
  const bool last = context.attr_int("select_last_index", 0) != 0;
  const auto mode = IsMax ? op::TopKMode::MAX : op::TopKMode::MIN;
  const auto one = op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{1});
  auto best = std::make_shared<op::v11::TopK>(data, one, axis, mode, op::TopKSortType::SORT_VALUES, element::i64, true);
  Output<Node> index = best->output(1);
  if (last) {
    // The largest position p + 1 among the elements equal to the best value, found by another
    // TopK over (equal ? p + 1 : 0); minus one it is the last best index.
    const auto& shape = data.get_partial_shape();
    if (shape[axis].is_dynamic()) context.fail("select_last_index needs a static length on axis ", axis);
    const int64_t length = shape[axis].get_length();
    std::vector<int64_t> positions(static_cast<size_t>(length));
    for (int64_t i = 0; i < length; ++i) positions[static_cast<size_t>(i)] = i + 1;
    std::vector<int64_t> position_shape(shape.size(), 1);
    position_shape[static_cast<size_t>(axis)] = length;
    const auto position =
        std::make_shared<op::v1::Reshape>(i64_constant(positions), i64_constant(position_shape), false);
    const auto equal = std::make_shared<op::v1::Equal>(data, best->output(0));
    const auto score =
        std::make_shared<op::v1::Multiply>(std::make_shared<op::v0::Convert>(equal, element::i64), position);
    const auto latest = std::make_shared<op::v11::TopK>(score, one, axis, op::TopKMode::MAX,
                                                        op::TopKSortType::SORT_VALUES, element::i64, true);
    index = std::make_shared<op::v1::Subtract>(latest->output(0), one);
  }
  if (keep_dims) return {index};
  // Drop the reduced axis; Reshape's -1 may stand for at most one dynamic dimension.
  const auto& shape = data.get_partial_shape();
  std::vector<int64_t> target;
  int dynamic = 0;
  for (int64_t i = 0; i < static_rank(context, data); ++i) {
    if (i == axis) continue;
    dynamic += shape[i].is_dynamic() ? 1 : 0;
    target.push_back(shape[i].is_static() ? shape[i].get_length() : -1);
  }
  if (dynamic > 1) context.fail("keepdims 0 needs at most one dynamic dimension, got ", shape);
  return {std::make_shared<op::v1::Reshape>(index, i64_constant(target), false)};
}

}  // namespace

void add_topk_converters(ConverterTable& table) {
  table["TopK"] = convert_topk;
  table["ArgMax"] = convert_arg<true>;
  table["ArgMin"] = convert_arg<false>;
}

}  // namespace onnx_frontend
}  // namespace ferry
