#include "ferry/graph/ops/adaptive_pool.hpp"

#include <type_traits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace v8 {
namespace {

// Both ops' output: [N, C, output_shape...] (spatial lengths unknown until output_shape is).
PartialShape infer_adaptive_shape(const Node& node) {
  FERRY_ASSERT(node.get_input_size() == 2, node.describe(), ": expects 2 inputs (data, output_shape), got ",
               node.get_input_size());
  const PartialShape& data = node.get_input_partial_shape(0);
  const element::Type& shape_type = node.get_input_element_type(1);
  if (!(shape_type.is_dynamic() || shape_type.is_integral_number()))
    node.node_error("output_shape must be integers, got ", shape_type);
  const PartialShape& target = node.get_input_partial_shape(1);
  if (target.rank().is_static() && target.size() != 1) node.node_error("output_shape must be 1-D, got shape ", target);
  if (data.rank().is_dynamic()) return data;
  if (data.size() < 3 || data.size() > 5) node.node_error("data must have rank 3 to 5, got ", data);
  const size_t spatial = data.size() - 2;
  if (target.rank().is_static() && !target[0].compatible(static_cast<int64_t>(spatial)))
    node.node_error("output_shape needs ", spatial, " entries (one per spatial axis), got shape ", target);
  PartialShape out = data;
  std::vector<int64_t> lengths;
  const bool known = internal::constant_integers(node, 1, lengths);
  for (size_t a = 0; a < spatial; ++a) {
    if (!known) {
      out[2 + a] = Dimension::dynamic();
      continue;
    }
    if (lengths.size() != spatial || lengths[a] < 0)
      node.node_error("output_shape ", internal::to_text(lengths), " needs ", spatial, " non-negative entries");
    out[2 + a] = Dimension(lengths[a]);
  }
  return out;
}

// Every output element's bin over the spatial plane, and pooling of it.
template <typename Visit>
void for_each_bin(const Shape& in_shape, const Shape& out_shape, Visit&& visit) {
  const size_t spatial = in_shape.size() - 2;
  const size_t channels = in_shape[0] * in_shape[1];
  size_t in_plane = 1, out_plane = 1;
  for (size_t a = 0; a < spatial; ++a) {
    in_plane *= in_shape[2 + a];
    out_plane *= out_shape[2 + a];
  }
  std::vector<size_t> begin(spatial), end(spatial), coord(spatial);
  for (size_t o = 0; o < out_plane; ++o) {
    size_t rest = o;
    for (size_t a = spatial; a-- > 0;) {
      const size_t length = in_shape[2 + a], count = out_shape[2 + a], p = rest % count;
      rest /= count;
      begin[a] = p * length / count;
      end[a] = ((p + 1) * length + count - 1) / count;
    }
    // Flat spatial indices of the bin.
    std::vector<size_t> members;
    coord = begin;
    bool empty = false;
    for (size_t a = 0; a < spatial; ++a) empty = empty || begin[a] >= end[a];
    while (!empty) {
      size_t flat = 0;
      for (size_t a = 0; a < spatial; ++a) flat = flat * in_shape[2 + a] + coord[a];
      members.push_back(flat);
      size_t a = spatial;
      while (a-- > 0) {
        if (++coord[a] < end[a]) break;
        coord[a] = begin[a];
      }
      if (a == static_cast<size_t>(-1)) break;
    }
    for (size_t c = 0; c < channels; ++c) visit(c * in_plane, members, c * out_plane + o);
  }
}

Shape output_shape_of(const Node& node, const Tensor& data, const Tensor& target) {
  const Shape in_shape = data.get_shape();
  const auto lengths = internal::read_integers(node, target, "output_shape");
  if (in_shape.size() < 3 || lengths.size() != in_shape.size() - 2)
    node.node_error("evaluate: output_shape ", internal::to_text(lengths), " does not fit data ", in_shape);
  Shape out{in_shape[0], in_shape[1]};
  for (const auto length : lengths) {
    if (length < 0) node.node_error("evaluate: output_shape must be non-negative, got ", internal::to_text(lengths));
    out.push_back(static_cast<size_t>(length));
  }
  return out;
}

}  // namespace

AdaptiveAvgPool::AdaptiveAvgPool(const Output<Node>& data, const Output<Node>& output_shape)
    : Op({data, output_shape}) {
  constructor_validate_and_infer_types();
}

void AdaptiveAvgPool::validate_and_infer_types() {
  const element::Type& type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "data must be a real type, got ", type);
  set_output_type(0, type, infer_adaptive_shape(*this));
}

std::shared_ptr<Node> AdaptiveAvgPool::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<AdaptiveAvgPool>(inputs[0], inputs[1]);
}

bool AdaptiveAvgPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() != 2) node_error("evaluate: expects 2 input tensors, got ", inputs.size());
  const Tensor data = internal::dense(inputs[0]);
  const element::Type type = data.get_element_type();
  if (!type.is_real()) return false;
  const Shape out_shape = output_shape_of(*this, data, inputs[1]);
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  const std::string name = describe();
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* x = static_cast<const T*>(data.data());
    T* y = static_cast<T*>(out.data());
    for_each_bin(data.get_shape(), out_shape, [&](size_t base, const std::vector<size_t>& members, size_t o) {
      double sum = 0.0;
      for (const size_t m : members) sum += static_cast<double>(x[base + m]);
      y[o] = convert_element<T>(members.empty() ? 0.0 : sum / static_cast<double>(members.size()));
    });
  });
  return true;
}

AdaptiveMaxPool::AdaptiveMaxPool(const Output<Node>& data, const Output<Node>& output_shape,
                                 const element::Type& index_element_type)
    : Op({data, output_shape}, 2), m_index_element_type(index_element_type) {
  constructor_validate_and_infer_types();
}

void AdaptiveMaxPool::validate_and_infer_types() {
  const element::Type& type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || ((type.is_real() || type.is_integral_number()) && type != element::boolean),
                   "data must be numeric, got ", type);
  FERRY_NODE_CHECK(m_index_element_type == element::i32 || m_index_element_type == element::i64,
                   "index_element_type must be i32 or i64, got ", m_index_element_type);
  const PartialShape out = infer_adaptive_shape(*this);
  set_output_type(0, type, out);
  set_output_type(1, m_index_element_type, out);
}

bool AdaptiveMaxPool::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("index_element_type", m_index_element_type);
  return true;
}

std::shared_ptr<Node> AdaptiveMaxPool::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<AdaptiveMaxPool>(inputs[0], inputs[1], m_index_element_type);
}

bool AdaptiveMaxPool::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() != 2) node_error("evaluate: expects 2 input tensors, got ", inputs.size());
  const Tensor data = internal::dense(inputs[0]);
  const element::Type type = data.get_element_type();
  if (type == element::boolean) return false;
  const Shape out_shape = output_shape_of(*this, data, inputs[1]);
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  Tensor& indices = internal::prepare_output(*this, outputs, 1, m_index_element_type, out_shape);
  const std::string name = describe();
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* x = static_cast<const T*>(data.data());
    T* y = static_cast<T*>(out.data());
    for_each_bin(data.get_shape(), out_shape, [&](size_t base, const std::vector<size_t>& members, size_t o) {
      size_t best = members.empty() ? 0 : members[0];
      for (const size_t m : members)
        if (static_cast<double>(x[base + m]) > static_cast<double>(x[base + best])) best = m;
      y[o] = members.empty() ? T() : x[base + best];
      if (m_index_element_type == element::i32)
        static_cast<int32_t*>(indices.data())[o] = static_cast<int32_t>(best);
      else
        static_cast<int64_t*>(indices.data())[o] = static_cast<int64_t>(best);
    });
  });
  return true;
}

}  // namespace v8
}  // namespace op
}  // namespace ferry
