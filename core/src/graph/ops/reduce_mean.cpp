#include "ferry/graph/ops/reduce_mean.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/reduce_mean.hpp"

namespace ferry {
namespace op {
namespace v1 {
namespace {

std::vector<bool> reduced_axes(const Node& node, const std::vector<int64_t>& axes, size_t rank) {
  std::vector<bool> reduced(rank, false);
  for (int64_t axis : axes) reduced[internal::normalize_axis(node, axis, int64_t(rank), "axes entry")] = true;
  return reduced;
}

}  // namespace

ReduceMean::ReduceMean(const Output<Node>& data, const Output<Node>& axes, bool keep_dims)
    : Op({data, axes}), m_keep_dims(keep_dims) {
  constructor_validate_and_infer_types();
}

void ReduceMean::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  const element::Type axes_type = get_input_element_type(1);
  FERRY_NODE_CHECK(axes_type.is_dynamic() || axes_type.is_integral_number(),
                   "input 1 (axes) must be an integer tensor, got ", axes_type);
  const PartialShape& axes_shape = get_input_partial_shape(1);
  FERRY_NODE_CHECK(axes_shape.rank().compatible(0) || axes_shape.rank().compatible(1),
                   "input 1 (axes) must be a scalar or 1-D, got shape ", axes_shape);
  const element::Type type = get_input_element_type(0);
  FERRY_NODE_CHECK(type != element::boolean, "input 0 must be numeric, got ", type);
  const PartialShape& in = get_input_partial_shape(0);
  std::vector<int64_t> axes;
  if (in.rank().is_static() && internal::constant_integers(*this, 1, axes)) {
    const auto reduced = reduced_axes(*this, axes, in.size());
    PartialShape out{};
    for (size_t i = 0; i < in.size(); ++i) {
      if (!reduced[i]) {
        out.push_back(in[i]);
      } else if (m_keep_dims) {
        out.push_back(Dimension(1));
      }
    }
    set_output_type(0, type, out);
  } else if (m_keep_dims) {
    set_output_type(0, type, PartialShape::dynamic(in.rank()));
  } else {
    set_output_type(0, type, PartialShape::dynamic());
  }
}

bool ReduceMean::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("keep_dims", m_keep_dims);
  return true;
}

std::shared_ptr<Node> ReduceMean::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<ReduceMean>(inputs[0], inputs[1], m_keep_dims);
}

bool ReduceMean::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor in = internal::dense(inputs.at(0));
  const element::Type type = in.get_element_type();
  const Shape in_shape = in.get_shape();
  const auto reduced = reduced_axes(*this, internal::read_integers(*this, inputs.at(1), "input 1 (axes)"), in_shape.size());
  Shape out_shape;
  for (size_t i = 0; i < in_shape.size(); ++i) {
    if (!reduced[i]) {
      out_shape.push_back(in_shape[i]);
    } else if (m_keep_dims) {
      out_shape.push_back(1);
    }
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  if (internal::is_half(type)) {
    const std::vector<float> values = internal::to_floats(in);
    std::vector<float> result(shape_size(out_shape));
    reference::reduce_mean<float, double>(values.data(), in_shape, result.data(), reduced);
    internal::from_floats(result, out);
    return true;
  }
  switch (type.get_type()) {
#define FERRY_CASE(TYPE, CPP, ACC)                                                                            \
  case element::Type_t::TYPE:                                                                                 \
    reference::reduce_mean<CPP, ACC>(static_cast<const CPP*>(in.data()), in_shape, static_cast<CPP*>(out.data()), \
                                     reduced);                                                                \
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

}  // namespace v1
}  // namespace op
}  // namespace ferry
