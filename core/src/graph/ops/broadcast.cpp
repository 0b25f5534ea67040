#include "ferry/graph/ops/broadcast.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/tile_broadcast.hpp"

namespace ferry {
namespace op {
namespace v3 {
namespace {

// The output shape of `data` broadcast to `target` under `mode`; `aligned` receives data's shape
// lined up with the output (unit axes added). Throws naming the node when they do not fit.
PartialShape broadcast_shape(const Node& node, const std::string& mode, const PartialShape& data,
                             const std::vector<int64_t>& target, const std::vector<int64_t>* axes_mapping,
                             PartialShape* aligned) {
  PartialShape target_shape(std::vector<Dimension>{});
  for (const int64_t t : target) {
    if (t < 0) node.node_error("target shape ", internal::to_text(target), " has a negative entry");
    target_shape.push_back(Dimension(t));
  }
  if (mode == "explicit") {
    if (!axes_mapping) return PartialShape::dynamic(Dimension(int64_t(target.size())));
    if (axes_mapping->size() != data.size())
      node.node_error("axes_mapping ", internal::to_text(*axes_mapping), " has ", axes_mapping->size(),
                      " entries, data has rank ", data.size());
    PartialShape lined(std::vector<Dimension>(target.size(), Dimension(1)));
    for (size_t i = 0; i < axes_mapping->size(); ++i) {
      const int64_t axis = (*axes_mapping)[i];
      if (axis < 0 || axis >= int64_t(target.size()) || (i > 0 && axis <= (*axes_mapping)[i - 1]))
        node.node_error("axes_mapping ", internal::to_text(*axes_mapping), " must be increasing within [0, ",
                        target.size(), ")");
      if (!data[i].compatible(1) && !data[i].compatible(target_shape[size_t(axis)]))
        node.node_error("data axis ", i, " (", data[i], ") does not fit target axis ", axis, " (", target[size_t(axis)],
                        ")");
      lined[size_t(axis)] = data[i];
    }
    if (aligned) *aligned = lined;
    return target_shape;
  }
  PartialShape out = target_shape;
  if (mode == "numpy") {
    if (data.size() > target.size())
      node.node_error("data shape ", data, " has more axes than the target shape ", internal::to_text(target));
    PartialShape merged = target_shape;
    if (!PartialShape::broadcast_merge_into(merged, data, AutoBroadcastType::NUMPY) || merged.size() != target.size() ||
        !merged.compatible(target_shape))
      node.node_error("data shape ", data, " does not broadcast to ", internal::to_text(target));
  } else if (mode == "bidirectional") {
    if (!PartialShape::broadcast_merge_into(out, data, AutoBroadcastType::NUMPY))
      node.node_error("data shape ", data, " and target shape ", internal::to_text(target), " do not broadcast");
  } else {
    node.node_error("mode '", mode, "' is not supported (numpy, bidirectional, explicit)");
  }
  if (aligned) {
    PartialShape lined(std::vector<Dimension>(out.size() - data.size(), Dimension(1)));
    for (const auto& dim : data) lined.push_back(dim);
    *aligned = lined;
  }
  return out;
}

}  // namespace

Broadcast::Broadcast(const Output<Node>& data, const Output<Node>& target_shape, const std::string& mode)
    : Op({data, target_shape}), m_mode(mode) {
  constructor_validate_and_infer_types();
}

Broadcast::Broadcast(const Output<Node>& data, const Output<Node>& target_shape, const Output<Node>& axes_mapping)
    : Op({data, target_shape, axes_mapping}), m_mode("explicit") {
  constructor_validate_and_infer_types();
}

void Broadcast::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2 || get_input_size() == 3, "expects 2 or 3 inputs, got ", get_input_size());
  FERRY_NODE_CHECK(m_mode == "numpy" || m_mode == "bidirectional" || m_mode == "explicit", "mode '", m_mode,
                   "' is not supported (numpy, bidirectional, explicit)");
  FERRY_NODE_CHECK(m_mode != "explicit" || get_input_size() == 3, "mode 'explicit' needs input 2 (axes_mapping)");
  for (size_t i = 1; i < get_input_size(); ++i) {
    const element::Type type = get_input_element_type(i);
    FERRY_NODE_CHECK(type.is_dynamic() || type.is_integral_number(), "input ", i, " must be an integer tensor, got ",
                     type);
    FERRY_NODE_CHECK(get_input_partial_shape(i).rank().compatible(1), "input ", i, " must be 1-D, got shape ",
                     get_input_partial_shape(i));
  }
  const PartialShape& data = get_input_partial_shape(0);
  const element::Type type = get_input_element_type(0);
  std::vector<int64_t> target, mapping;
  const bool has_mapping = get_input_size() == 3 && internal::constant_integers(*this, 2, mapping);
  if (data.rank().is_static() && internal::constant_integers(*this, 1, target))
    return set_output_type(0, type,
                           broadcast_shape(*this, m_mode, data, target, has_mapping ? &mapping : nullptr, nullptr));
  const PartialShape& target_shape = get_input_partial_shape(1);
  if (target_shape.rank().is_static() && target_shape[0].is_static()) {
    int64_t rank = target_shape[0].get_length();
    if (m_mode == "bidirectional") {
      if (data.rank().is_dynamic()) return set_output_type(0, type, PartialShape::dynamic());
      rank = std::max<int64_t>(rank, int64_t(data.size()));
    }
    return set_output_type(0, type, PartialShape::dynamic(Dimension(rank)));
  }
  set_output_type(0, type, PartialShape::dynamic());
}

bool Broadcast::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("mode", m_mode);
  return true;
}

std::shared_ptr<Node> Broadcast::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2 || inputs.size() == 3, "clone: expects 2 or 3 inputs, got ", inputs.size());
  if (inputs.size() == 3) return std::make_shared<Broadcast>(inputs[0], inputs[1], inputs[2]);
  return std::make_shared<Broadcast>(inputs[0], inputs[1], m_mode);
}

bool Broadcast::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const auto target = internal::read_integers(*this, inputs.at(1), "input 1 (target_shape)");
  std::vector<int64_t> mapping;
  if (inputs.size() > 2) mapping = internal::read_integers(*this, inputs[2], "input 2 (axes_mapping)");
  PartialShape aligned;
  const PartialShape out_partial =
      broadcast_shape(*this, m_mode, data.get_shape(), target, inputs.size() > 2 ? &mapping : nullptr, &aligned);
  const Shape out_shape = out_partial.to_shape(), in_shape = aligned.to_shape();
  for (size_t k = 0; k < out_shape.size(); ++k)
    if (in_shape[k] != 1 && in_shape[k] != out_shape[k])
      node_error("evaluate: data shape ", data.get_shape(), " does not broadcast to ", out_shape);
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), out_shape);
  reference::broadcast_to(static_cast<const char*>(data.data()), in_shape, static_cast<char*>(out.data()), out_shape,
                          data.get_element_type().size());
  return true;
}

}  // namespace v3
}  // namespace op
}  // namespace ferry
