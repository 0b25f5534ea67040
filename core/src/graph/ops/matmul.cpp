#include "ferry/graph/ops/matmul.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/matmul.hpp"

namespace ferry {
namespace op {
namespace v0 {

MatMul::MatMul(const Output<Node>& a, const Output<Node>& b, bool transpose_a, bool transpose_b)
    : Op({a, b}), m_transpose_a(transpose_a), m_transpose_b(transpose_b) {
  constructor_validate_and_infer_types();
}

void MatMul::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  element::Type type;
  FERRY_NODE_CHECK(element::Type::merge(type, get_input_element_type(0), get_input_element_type(1)),
                   "input element types do not match: ", get_input_element_type(0), " and ", get_input_element_type(1));
  FERRY_NODE_CHECK(type != element::boolean, "boolean inputs are not allowed");
  PartialShape a = get_input_partial_shape(0), b = get_input_partial_shape(1);
  if (a.rank().is_dynamic() || b.rank().is_dynamic()) {
    set_output_type(0, type, PartialShape::dynamic());
    return;
  }
  FERRY_NODE_CHECK(a.size() > 0 && b.size() > 0, "inputs must not be scalars, got ", a, " and ", b);
  // 1-D inputs become a row (A) or a column (B); those unit axes are dropped at the end.
  const bool a_vector = a.size() == 1, b_vector = b.size() == 1;
  if (a_vector) a.insert(a.begin(), 1);
  if (b_vector) b.push_back(1);
  const size_t ar = a.size(), br = b.size();
  const bool ta = m_transpose_a && !a_vector, tb = m_transpose_b && !b_vector;
  const Dimension m = ta ? a[ar - 1] : a[ar - 2];
  const Dimension ka = ta ? a[ar - 2] : a[ar - 1];
  const Dimension kb = tb ? b[br - 1] : b[br - 2];
  const Dimension n = tb ? b[br - 2] : b[br - 1];
  Dimension k;
  FERRY_NODE_CHECK(Dimension::merge(k, ka, kb), "inner dimensions do not match: ", ka, " (input 0 ",
                   get_input_partial_shape(0), ", transpose_a ", m_transpose_a, ") and ", kb, " (input 1 ",
                   get_input_partial_shape(1), ", transpose_b ", m_transpose_b, ")");
  PartialShape batch(std::vector<Dimension>(a.begin(), a.end() - 2));
  const PartialShape b_batch(std::vector<Dimension>(b.begin(), b.end() - 2));
  FERRY_NODE_CHECK(PartialShape::broadcast_merge_into(batch, b_batch, AutoBroadcastType::NUMPY), "batch dimensions ",
                   batch, " and ", b_batch, " do not broadcast");
  PartialShape out = batch;
  if (!a_vector) out.push_back(m);
  if (!b_vector) out.push_back(n);
  set_output_type(0, type, out);
}

bool MatMul::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("transpose_a", m_transpose_a);
  visitor.on_attribute("transpose_b", m_transpose_b);
  return true;
}

std::shared_ptr<Node> MatMul::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<MatMul>(inputs[0], inputs[1], m_transpose_a, m_transpose_b);
}

bool MatMul::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor a = internal::dense(inputs.at(0)), b = internal::dense(inputs.at(1));
  const element::Type type = a.get_element_type();
  if (b.get_element_type() != type) node_error("evaluate: input tensors are ", type, " and ", b.get_element_type());
  Shape as = a.get_shape(), bs = b.get_shape();
  if (as.empty() || bs.empty()) node_error("evaluate: inputs must not be scalars");
  const bool a_vector = as.size() == 1, b_vector = bs.size() == 1;
  if (a_vector) as.insert(as.begin(), 1);
  if (b_vector) bs.push_back(1);
  const bool ta = m_transpose_a && !a_vector, tb = m_transpose_b && !b_vector;
  const size_t ar = as.size(), br = bs.size();
  const size_t k_a = ta ? as[ar - 2] : as[ar - 1], k_b = tb ? bs[br - 1] : bs[br - 2];
  if (k_a != k_b) node_error("evaluate: inner dimensions differ: ", a.get_shape(), " and ", b.get_shape());
  PartialShape batch(Shape(as.begin(), as.end() - 2));
  if (!PartialShape::broadcast_merge_into(batch, Shape(bs.begin(), bs.end() - 2), AutoBroadcastType::NUMPY))
    node_error("evaluate: batch dimensions of ", a.get_shape(), " and ", b.get_shape(), " do not broadcast");
  Shape full = batch.to_shape();  // [batch..., M, N] for the kernel
  full.push_back(ta ? as[ar - 1] : as[ar - 2]);
  full.push_back(tb ? bs[br - 2] : bs[br - 1]);
  Shape out_shape(full.begin(), full.end() - 2);
  if (!a_vector) out_shape.push_back(full[full.size() - 2]);
  if (!b_vector) out_shape.push_back(full.back());
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  if (internal::is_half(type)) {
    const std::vector<float> x = internal::to_floats(a), y = internal::to_floats(b);
    std::vector<float> z(shape_size(full));
    reference::matmul<float, double>(x.data(), as, y.data(), bs, z.data(), full, ta, tb);
    internal::from_floats(z, out);
    return true;
  }
  switch (type.get_type()) {
#define FERRY_CASE(TYPE, CPP, ACC)                                                                            \
  case element::Type_t::TYPE:                                                                                 \
    reference::matmul<CPP, ACC>(static_cast<const CPP*>(a.data()), as, static_cast<const CPP*>(b.data()), bs, \
                                static_cast<CPP*>(out.data()), full, ta, tb);                                 \
    return true;
    FERRY_CASE(f32, float, double)
    FERRY_CASE(f64, double, double)
    FERRY_CASE(i8, int8_t, int64_t)
    FERRY_CASE(u8, uint8_t, uint64_t)
    FERRY_CASE(i32, int32_t, int64_t)
    FERRY_CASE(i64, int64_t, int64_t)
#undef FERRY_CASE
    default:
      return false;
  }
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
