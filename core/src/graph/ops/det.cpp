#include "ferry/graph/ops/det.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/determinant.hpp"

namespace ferry {
namespace op {
namespace ext {

Det::Det(const Output<Node>& data) : Op({data}) { constructor_validate_and_infer_types(); }

void Det::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  const element::Type& type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "input element type must be floating point, got ", type);
  const PartialShape& data = get_input_partial_shape(0);
  if (data.rank().is_dynamic()) {
    set_output_type(0, type, PartialShape::dynamic());
    return;
  }
  FERRY_NODE_CHECK(data.size() >= 2, "input must have rank 2 or more ([*, M, M]), got ", data);
  const Dimension& rows = data[data.size() - 2];
  const Dimension& cols = data[data.size() - 1];
  FERRY_NODE_CHECK(rows.compatible(cols), "input matrices must be square, got shape ", data);
  std::vector<Dimension> batch(data.begin(), data.end() - 2);
  set_output_type(0, type, PartialShape(batch));
}

bool Det::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  const Shape shape = data.get_shape();
  if (shape.size() < 2 || shape[shape.size() - 1] != shape[shape.size() - 2])
    node_error("evaluate: input must be a batch of square matrices, got shape ", shape);
  const size_t m = shape.back();
  const Shape out_shape(shape.begin(), shape.end() - 2);
  const size_t batch = shape_size(out_shape);
  const element::Type type = data.get_element_type();
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  switch (type.get_type()) {
    case element::Type_t::f32:
      reference::determinant(static_cast<const float*>(data.data()), static_cast<float*>(out.data()), batch, m);
      return true;
    case element::Type_t::f64:
      reference::determinant(static_cast<const double*>(data.data()), static_cast<double*>(out.data()), batch, m);
      return true;
    case element::Type_t::f16:
    case element::Type_t::bf16: {
      const std::vector<float> x = internal::to_floats(data);
      std::vector<float> y(batch);
      reference::determinant(x.data(), y.data(), batch, m);
      internal::from_floats(y, out);
      return true;
    }
    default:
      return false;
  }
}

std::shared_ptr<Node> Det::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<Det>(inputs[0]);
}

}  // namespace ext
}  // namespace op
}  // namespace ferry
