#include "onnx_legacy_broadcast.hpp"

#include <numeric>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {

Output<Node> legacy_broadcast_rhs(const NodeContext& context) {
  if (context.input_count() != 2) context.fail("expects 2 inputs, got ", context.input_count());
  const Output<Node>& a = context.input(0);
  const Output<Node>& b = context.input(1);
  if (context.opset() >= 7) return b;
  context.attr_ints("consumed_inputs", {});  // opset < 6 bookkeeping
  const bool broadcast = context.attr_int("broadcast", 0) != 0;
  const PartialShape& a_shape = a.get_partial_shape();
  const PartialShape& b_shape = b.get_partial_shape();
  if (!broadcast) {
    context.attr_int("axis", 0);  // meaningless without broadcast
    if (a_shape.rank().is_static() && b_shape.rank().is_static() && !a_shape.compatible(b_shape))
      context.fail("without 'broadcast' the inputs must have equal shapes, got ", a_shape, " and ", b_shape);
    return b;
  }
  const int64_t a_rank = static_rank(context, a), b_rank = static_rank(context, b);
  if (b_rank > a_rank) context.fail("input B of rank ", b_rank, " cannot broadcast into input A of rank ", a_rank);
  int64_t axis = context.attr_int("axis", a_rank - b_rank);
  if (axis < 0) axis += a_rank;
  if (axis < 0 || axis + b_rank > a_rank)
    context.fail("attribute 'axis' ", context.attr_int("axis", 0), " does not place B (rank ", b_rank,
                 ") inside A (rank ", a_rank, ")");
  // Numpy aligns trailing axes: B's axes land at `axis` once it gains the axes after its own.
  const int64_t trailing = a_rank - axis - b_rank;
  if (trailing == 0 || b_rank == 0) return b;
  std::vector<int64_t> axes(static_cast<size_t>(trailing));
  std::iota(axes.begin(), axes.end(), b_rank);
  return std::make_shared<op::v0::Unsqueeze>(b, i64_constant(axes));
}

}  // namespace onnx_frontend
}  // namespace ferry
