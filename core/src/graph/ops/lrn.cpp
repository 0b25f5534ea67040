#include "ferry/graph/ops/lrn.hpp"

#include <cmath>

#include "core/src/graph/ops/axes_normalization.hpp"

namespace ferry {
namespace op {
namespace v0 {
namespace {

// Visits every element, summing squares over its window on the `reduced` axes.
template <typename T>
void lrn(const T* in, T* out, const Shape& shape, const std::vector<bool>& reduced, double alpha, double beta,
         double bias, int64_t size) {
  const size_t rank = shape.size();
  std::vector<size_t> strides(rank, 1);
  for (size_t axis = rank; axis-- > 1;) strides[axis - 1] = strides[axis] * shape[axis];
  size_t window_axes = 0;
  for (bool r : reduced) window_axes += r ? 1 : 0;
  const double scale = alpha / std::pow(static_cast<double>(size), static_cast<double>(window_axes));
  const int64_t before = (size - 1) / 2, after = size - 1 - before;
  const size_t count = shape_size(shape);
  std::vector<int64_t> index(rank, 0), offset(rank, 0);
  for (size_t i = 0; i < count; ++i) {
    size_t flat = i;
    for (size_t axis = 0; axis < rank; ++axis) {
      index[axis] = static_cast<int64_t>(flat / strides[axis]);
      flat %= strides[axis];
    }
    // Odometer over the window offsets of the reduced axes.
    for (size_t axis = 0; axis < rank; ++axis) offset[axis] = reduced[axis] ? -before : 0;
    double sum = 0;
    while (true) {
      size_t source = 0;
      bool inside = true;
      for (size_t axis = 0; axis < rank && inside; ++axis) {
        const int64_t at = index[axis] + offset[axis];
        inside = at >= 0 && at < static_cast<int64_t>(shape[axis]);
        source += static_cast<size_t>(at) * strides[axis];
      }
      if (inside) sum += static_cast<double>(in[source]) * static_cast<double>(in[source]);
      size_t axis = rank;
      while (axis-- > 0) {
        if (!reduced[axis]) continue;
        if (++offset[axis] <= after) break;
        offset[axis] = -before;
      }
      if (axis == static_cast<size_t>(-1)) break;
    }
    out[i] = static_cast<T>(static_cast<double>(in[i]) / std::pow(bias + scale * sum, beta));
  }
}

}  // namespace

LRN::LRN(const Output<Node>& data, const Output<Node>& axes, double alpha, double beta, double bias, size_t size)
    : Op({data, axes}), m_alpha(alpha), m_beta(beta), m_bias(bias), m_size(static_cast<int64_t>(size)) {
  constructor_validate_and_infer_types();
}

void LRN::validate_and_infer_types() {
  internal::check_normalization_inputs(*this);
  FERRY_NODE_CHECK(m_size > 0, "size must be positive, got ", m_size);
  set_output_type(0, get_input_element_type(0), get_input_partial_shape(0));
}

bool LRN::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("alpha", m_alpha);
  visitor.on_attribute("beta", m_beta);
  visitor.on_attribute("bias", m_bias);
  visitor.on_attribute("size", m_size);
  return true;
}

std::shared_ptr<Node> LRN::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<LRN>(inputs[0], inputs[1], m_alpha, m_beta, m_bias, static_cast<size_t>(m_size));
}

bool LRN::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Shape shape = inputs.at(0).get_shape();
  const auto reduced = internal::reduced_flags(*this, inputs.at(1), shape.size());
  return internal::evaluate_real(*this, outputs, inputs.at(0), [&](const auto* in, auto* out) {
    lrn(in, out, shape, reduced, m_alpha, m_beta, m_bias, m_size);
  });
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
