#include "static_stand_in.hpp"

#include <algorithm>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"

namespace ferry::gpu {
namespace {

struct Representative {
  int64_t dimension;  // for every dynamic dimension, clamped into its bounds
  size_t rank;        // for a dynamic rank
};

PartialShape make_static(const PartialShape& shape, const Representative& pick) {
  if (shape.rank().is_dynamic()) return PartialShape(std::vector<Dimension>(pick.rank, Dimension(pick.dimension)));
  std::vector<Dimension> dims;
  for (size_t i = 0; i < shape.size(); ++i) {
    const Dimension& dim = shape[i];
    if (dim.is_static()) {
      dims.push_back(dim);
      continue;
    }
    int64_t value = std::max<int64_t>(pick.dimension, dim.get_min_length());
    if (dim.is_bounded()) value = std::min<int64_t>(value, dim.get_max_length());
    dims.emplace_back(value);
  }
  return PartialShape(dims);
}

bool outputs_static(const Node& node) {
  for (size_t i = 0; i < node.get_output_size(); ++i)
    if (node.get_output_partial_shape(i).is_dynamic()) return false;
  return true;
}

}  // namespace

std::shared_ptr<Node> static_stand_in(const Node& node) {
  std::shared_ptr<Node> dynamic_copy;  // validates, but its outputs stay dynamic
  for (const Representative pick : {Representative{1, 1}, Representative{16, 4}, Representative{1, 4}}) {
    try {
      OutputVector inputs;
      for (const auto& input : node.input_values()) {
        // Primitives read Constant inputs (axes, target shapes, scalars): those stay.
        if (is_type<op::v0::Constant>(input.get_node())) {
          inputs.push_back(input);
          continue;
        }
        const auto shape = make_static(input.get_partial_shape(), pick);
        inputs.push_back(std::make_shared<op::v0::Parameter>(input.get_element_type(), shape)->output(0));
      }
      auto copy = node.clone_with_new_inputs(inputs);
      copy->set_friendly_name(node.get_friendly_name());
      if (outputs_static(*copy)) return copy;
      if (!dynamic_copy) dynamic_copy = copy;
    } catch (const std::exception&) {
      // This representative does not satisfy the op's shape rules; try the next one.
    }
  }
  return dynamic_copy;
}

}  // namespace ferry::gpu
