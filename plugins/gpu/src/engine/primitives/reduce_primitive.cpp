// ReduceSum/Mean/Max/Min/Prod/L1/L2 on kernels/reduce.cl: f32 or f16 storage (accumulated in
// float either way, storage.cl), axes from a Constant, up to 8 dimensions, the reduction chosen
// with -D OP_<KIND>.

#include <set>

#include "ferry/graph/ops/reduction.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

std::string kind_name(const Node& node) {
  using Kind = op::util::ArithmeticReductionKeepDims::Kind;
  const auto* reduction = dynamic_cast<const op::util::ArithmeticReductionKeepDims*>(&node);
  if (!reduction) return "";
  switch (reduction->get_kind()) {
    case Kind::SUM:
      return "SUM";
    case Kind::MEAN:
      return "MEAN";
    case Kind::MAX:
      return "MAX";
    case Kind::MIN:
      return "MIN";
    case Kind::PROD:
      return "PROD";
    case Kind::L1:
      return "L1";
    case Kind::L2:
      return "L2";
    default:
      return "";
  }
}

bool reduced_axes(const Node& node, std::set<size_t>& axes) {
  if (kind_name(node).empty()) return false;
  std::vector<int64_t> values;
  if (!constant_ints(node, 1, values)) return false;
  const int64_t rank = static_cast<int64_t>(node.get_input_shape(0).size());
  for (int64_t axis : values) {
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank) return false;
    axes.insert(static_cast<size_t>(axis));
  }
  return true;
}

bool supports(const Node& node) {
  std::set<size_t> axes;
  const element::Type type = node.get_input_element_type(0);
  return is_float_storage(type) && node.get_output_element_type(0) == type &&
         node.get_input_shape(0).size() <= kMaxKernelRank && reduced_axes(node, axes);
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  std::set<size_t> axes;
  reduced_axes(node, axes);
  const Shape& shape = node.get_input_shape(0);
  const std::vector<int64_t> strides = dense_strides(shape);
  std::vector<int64_t> kept_dims, red_dims, red_strides;
  size_t count = 1, outputs_count = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    const bool reduced = axes.count(i) > 0;
    kept_dims.push_back(reduced ? 1 : static_cast<int64_t>(shape[i]));
    if (reduced) {
      red_dims.push_back(static_cast<int64_t>(shape[i]));
      red_strides.push_back(strides[i]);
      count *= shape[i];
    } else {
      outputs_count *= shape[i];
    }
  }
  KernelStep step("reduce.cl", with_storage("-DOP_" + kind_name(node), node.get_input_element_type(0)), "reduce");
  step.value(inputs[0]).value(outputs[0]).i32(shape.size()).int8(kept_dims).int8(strides, 0);
  step.i32(red_dims.size()).int8(red_dims).int8(red_strides, 0).i32(count);
  step.range1(outputs_count);
  return {step};
}

}  // namespace

const Primitive& reduce_primitive() {
  static const Primitive primitive{"reduce", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
