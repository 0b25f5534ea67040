#include "ferry/graph/ops/batch_norm.hpp"

#include <cmath>

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace v5 {
namespace {

const char* const kInputNames[] = {"data", "gamma", "beta", "mean", "variance"};

// Per-channel scale and shift in T, then one pass over the data: y = x * scale[c] + shift[c].
template <typename T>
void batch_norm(const T* x, const T* gamma, const T* beta, const T* mean, const T* variance, double epsilon,
                const Shape& shape, T* y) {
  const size_t channels = shape[1];
  size_t inner = 1;
  for (size_t axis = 2; axis < shape.size(); ++axis) inner *= shape[axis];
  const size_t outer = shape[0];
  for (size_t c = 0; c < channels; ++c) {
    const T inv_std = T(1) / static_cast<T>(std::sqrt(static_cast<T>(variance[c] + static_cast<T>(epsilon))));
    for (size_t n = 0; n < outer; ++n) {
      const size_t base = (n * channels + c) * inner;
      for (size_t i = 0; i < inner; ++i) y[base + i] = gamma[c] * (x[base + i] - mean[c]) * inv_std + beta[c];
    }
  }
}

}  // namespace

BatchNormInference::BatchNormInference(const Output<Node>& data, const Output<Node>& gamma, const Output<Node>& beta,
                                       const Output<Node>& mean, const Output<Node>& variance, double epsilon)
    : Op({data, gamma, beta, mean, variance}), m_epsilon(epsilon) {
  constructor_validate_and_infer_types();
}

void BatchNormInference::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 5, "expects 5 inputs (data, gamma, beta, mean, variance), got ",
                   get_input_size());
  FERRY_NODE_CHECK(m_epsilon >= 0, "attribute 'epsilon' must be >= 0, got ", m_epsilon);
  element::Type type = get_input_element_type(0);
  for (size_t i = 1; i < 5; ++i)
    FERRY_NODE_CHECK(element::Type::merge(type, type, get_input_element_type(i)), "input '", kInputNames[i],
                     "' element type ", get_input_element_type(i), " differs from ", get_input_element_type(0));
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "element type must be floating point, got ", type);
  PartialShape data = get_input_partial_shape(0);
  FERRY_NODE_CHECK(data.rank().is_dynamic() || data.size() >= 2, "input 'data' must have rank >= 2, got ", data);
  Dimension channels = data.rank().is_static() ? data[1] : Dimension::dynamic();
  for (size_t i = 1; i < 5; ++i) {
    const PartialShape& shape = get_input_partial_shape(i);
    if (shape.rank().is_dynamic()) continue;
    FERRY_NODE_CHECK(shape.size() == 1, "input '", kInputNames[i], "' must be 1-D, got shape ", shape);
    FERRY_NODE_CHECK(Dimension::merge(channels, channels, shape[0]), "input '", kInputNames[i], "' shape ", shape,
                     " does not match the channel dimension ", channels, " of data ", get_input_partial_shape(0));
  }
  if (data.rank().is_static()) data[1] = channels;
  set_output_type(0, type, data);
}

bool BatchNormInference::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("epsilon", m_epsilon);
  return true;
}

bool BatchNormInference::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() != 5) node_error("evaluate: expects 5 input tensors, got ", inputs.size());
  TensorVector in;
  for (const Tensor& t : inputs) in.push_back(internal::dense(t));
  const element::Type type = in[0].get_element_type();
  const Shape& shape = in[0].get_shape();
  if (shape.size() < 2) node_error("evaluate: data must have rank >= 2, got ", shape);
  for (size_t i = 1; i < 5; ++i) {
    if (in[i].get_element_type() != type)
      node_error("evaluate: input '", kInputNames[i], "' is ", in[i].get_element_type(), ", data is ", type);
    if (in[i].get_shape() != Shape{shape[1]})
      node_error("evaluate: input '", kInputNames[i], "' shape ", in[i].get_shape(), " does not match ", shape[1],
                 " channels");
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, shape);
  if (internal::is_half(type)) {
    std::vector<std::vector<float>> f;
    for (const Tensor& t : in) f.push_back(internal::to_floats(t));
    std::vector<float> y(f[0].size());
    batch_norm(f[0].data(), f[1].data(), f[2].data(), f[3].data(), f[4].data(), m_epsilon, shape, y.data());
    internal::from_floats(y, out);
    return true;
  }
  auto run = [&](auto tag) {
    using T = decltype(tag);
    auto p = [&](size_t i) { return static_cast<const T*>(in[i].data()); };
    batch_norm(p(0), p(1), p(2), p(3), p(4), m_epsilon, shape, static_cast<T*>(out.data()));
    return true;
  };
  if (type == element::f32) return run(float{});
  if (type == element::f64) return run(double{});
  return false;
}

std::shared_ptr<Node> BatchNormInference::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 5, "clone: expects 5 inputs, got ", inputs.size());
  return std::make_shared<BatchNormInference>(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], m_epsilon);
}

}  // namespace v5
}  // namespace op
}  // namespace ferry
