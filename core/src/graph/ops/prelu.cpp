#include "ferry/graph/ops/prelu.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/activation.hpp"
#include "core/src/graph/reference/broadcast.hpp"

namespace ferry {
namespace op {
namespace v0 {
namespace {

// A 1-D slope matching the channel axis applies per channel (PRelu's special case).
bool is_channel_slope(const PartialShape& data, const PartialShape& slope) {
  return slope.rank().is_static() && slope.size() == 1 && data.rank().is_static() && data.size() >= 2 &&
         slope[0].compatible(data[1]);
}

// Numpy broadcasting of slope into data without growing data.
bool broadcasts_into(const PartialShape& data, const PartialShape& slope) {
  if (slope.size() > data.size()) return false;
  const size_t offset = data.size() - slope.size();
  for (size_t i = 0; i < slope.size(); ++i)
    if (!slope[i].contains(1) && !slope[i].compatible(data[offset + i])) return false;
  return true;
}

template <typename T>
void run(const T* data, const Shape& data_shape, const T* slope, const Shape& slope_shape, T* out) {
  reference::broadcast_binary(data, data_shape, slope, slope_shape, out, data_shape,
                              [](T x, T s) { return x < T(0) ? static_cast<T>(x * s) : x; });
}

}  // namespace

PRelu::PRelu(const Output<Node>& data, const Output<Node>& slope) : Op({data, slope}) {
  constructor_validate_and_infer_types();
}

void PRelu::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs (data, slope), got ", get_input_size());
  element::Type type;
  FERRY_NODE_CHECK(element::Type::merge(type, get_input_element_type(0), get_input_element_type(1)),
                   "data and slope element types do not match: ", get_input_element_type(0), " and ",
                   get_input_element_type(1));
  FERRY_NODE_CHECK(type != element::boolean, "input element type must be numeric, got boolean");
  const PartialShape& data = get_input_partial_shape(0);
  const PartialShape& slope = get_input_partial_shape(1);
  if (data.rank().is_static() && slope.rank().is_static()) {
    FERRY_NODE_CHECK(is_channel_slope(data, slope) || broadcasts_into(data, slope), "slope shape ", slope,
                     " neither matches the channel axis nor broadcasts to data shape ", data);
  }
  set_output_type(0, type, data);
}

bool PRelu::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0)), slope = internal::dense(inputs.at(1));
  const element::Type type = data.get_element_type();
  if (slope.get_element_type() != type)
    node_error("evaluate: data and slope tensors are ", type, " and ", slope.get_element_type());
  const Shape& data_shape = data.get_shape();
  Shape slope_shape = slope.get_shape();
  if (slope_shape.size() == 1 && data_shape.size() >= 2 && slope_shape[0] == data_shape[1]) {
    slope_shape.resize(data_shape.size() - 1, 1);  // [C] -> [C,1,...,1]: lines up with axis 1
  } else if (!broadcasts_into(data_shape, slope_shape)) {
    node_error("evaluate: slope shape ", slope_shape, " does not broadcast to data shape ", data_shape);
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, data_shape);
  if (internal::is_half(type)) {
    const std::vector<float> x = internal::to_floats(data), s = internal::to_floats(slope);
    std::vector<float> y(x.size());
    run(x.data(), data_shape, s.data(), slope_shape, y.data());
    internal::from_floats(y, out);
    return true;
  }
  switch (type.get_type()) {
#define FERRY_CASE(TYPE, CPP)                                                                                 \
  case element::Type_t::TYPE:                                                                                 \
    run(static_cast<const CPP*>(data.data()), data_shape, static_cast<const CPP*>(slope.data()), slope_shape, \
        static_cast<CPP*>(out.data()));                                                                       \
    return true;
    FERRY_CASE(f32, float)
    FERRY_CASE(f64, double)
    FERRY_CASE(i8, int8_t)
    FERRY_CASE(i16, int16_t)
    FERRY_CASE(i32, int32_t)
    FERRY_CASE(i64, int64_t)
#undef FERRY_CASE
    default:
      return false;
  }
}

std::shared_ptr<Node> PRelu::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<PRelu>(inputs[0], inputs[1]);
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
