#include "ferry/graph/ops/topk.hpp"

#include <algorithm>
#include <type_traits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/topk.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace v11 {

TopK::TopK(const Output<Node>& data, const Output<Node>& k, int64_t axis, TopKMode mode, TopKSortType sort,
           const element::Type& index_element_type, bool stable)
    : Op({data, k}, 2),
      m_axis(axis),
      m_mode(mode),
      m_sort(sort),
      m_index_element_type(index_element_type),
      m_stable(stable) {
  constructor_validate_and_infer_types();
}

void TopK::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs (data, k), got ", get_input_size());
  const element::Type& type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || ((type.is_real() || type.is_integral_number()) && type != element::boolean),
                   "data element type must be numeric, got ", type);
  const element::Type& k_type = get_input_element_type(1);
  FERRY_NODE_CHECK(k_type.is_dynamic() || k_type.is_integral_number(), "k must be an integer, got ", k_type);
  FERRY_NODE_CHECK(m_index_element_type == element::i32 || m_index_element_type == element::i64,
                   "index_element_type must be i32 or i64, got ", m_index_element_type);
  const PartialShape& k_shape = get_input_partial_shape(1);
  FERRY_NODE_CHECK(
      k_shape.rank().is_dynamic() || k_shape.size() == 0 || (k_shape.size() == 1 && k_shape[0].compatible(1)),
      "k must be a scalar, got shape ", k_shape);
  PartialShape out = get_input_partial_shape(0);
  if (out.rank().is_static()) {
    FERRY_NODE_CHECK(out.size() > 0, "data must not be a scalar");
    const size_t axis = internal::normalize_axis(*this, m_axis, static_cast<int64_t>(out.size()), "axis");
    const Dimension& length = out[axis];
    std::vector<int64_t> k;
    if (internal::constant_integers(*this, 1, k) && k.size() == 1) {
      FERRY_NODE_CHECK(k[0] >= 0, "k must be non-negative, got ", k[0]);
      // k beyond the axis length keeps the whole axis.
      const int64_t max = length.is_bounded() ? std::min(k[0], length.get_max_length()) : k[0];
      out[axis] = Dimension(std::min(k[0], length.get_min_length()), max);
    } else {
      out[axis] = length.is_bounded() ? Dimension(0, length.get_max_length()) : Dimension::dynamic();
    }
  }
  set_output_type(0, type, out);
  set_output_type(1, m_index_element_type, out);
}

bool TopK::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("axis", m_axis);
  visitor.on_enum("mode", m_mode);
  visitor.on_enum("sort", m_sort);
  visitor.on_attribute("index_element_type", m_index_element_type);
  visitor.on_attribute("stable", m_stable);
  return true;
}

std::shared_ptr<Node> TopK::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<TopK>(inputs[0], inputs[1], m_axis, m_mode, m_sort, m_index_element_type, m_stable);
}

bool TopK::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() != 2) node_error("evaluate: expects 2 input tensors, got ", inputs.size());
  const Tensor data = internal::dense(inputs[0]);
  const Shape shape = data.get_shape();
  if (shape.empty()) node_error("evaluate: data must not be a scalar");
  const std::vector<int64_t> k_values = internal::read_integers(*this, inputs[1], "k");
  if (k_values.size() != 1 || k_values[0] < 0)
    node_error("evaluate: k must be one non-negative integer, got ", internal::to_text(k_values));
  const size_t axis = internal::normalize_axis(*this, m_axis, static_cast<int64_t>(shape.size()), "axis");
  const size_t k = std::min(static_cast<size_t>(k_values[0]), shape[axis]);
  Shape out_shape = shape;
  out_shape[axis] = k;
  const element::Type type = data.get_element_type();
  if (type == element::boolean) return false;
  Tensor& values = internal::prepare_output(*this, outputs, 0, type, out_shape);
  Tensor& indices = internal::prepare_output(*this, outputs, 1, m_index_element_type, out_shape);
  const bool largest = m_mode == TopKMode::MAX, by_index = m_sort == TopKSortType::SORT_INDICES;
  const std::string name = describe();
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* in = static_cast<const T*>(data.data());
    T* out = static_cast<T*>(values.data());
    if (m_index_element_type == element::i32)
      reference::topk(in, out, static_cast<int32_t*>(indices.data()), shape, axis, k, largest, by_index);
    else
      reference::topk(in, out, static_cast<int64_t*>(indices.data()), shape, axis, k, largest, by_index);
  });
  return true;
}

}  // namespace v11
}  // namespace op
}  // namespace ferry
