#include "ferry/graph/ops/interpolate.hpp"

#include <cmath>
#include <numeric>
#include <type_traits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/interpolate.hpp"
#include "ferry/base/element_convert.hpp"
#include "ferry/graph/ops/constant.hpp"

namespace ferry {
namespace op {
namespace v11 {
namespace {

// floor(length * scale), forgiving the float error of scales like 0.6 stored as f32.
int64_t scaled_length(int64_t length, double scale) {
  return static_cast<int64_t>(std::floor(static_cast<double>(length) * scale + 1e-5));
}

bool constant_reals(const Node& node, size_t i, std::vector<double>& values) {
  const auto* constant = dynamic_cast<const v0::Constant*>(node.get_input_node_ptr(i));
  if (!constant || !constant->get_data_ptr()) return false;
  values = constant->cast_vector<double>();
  return true;
}

std::vector<double> read_reals(const Tensor& tensor) {
  const Tensor data = internal::dense(tensor);
  std::vector<double> values(data.get_size());
  element::visit_storage(data.get_element_type(), "Interpolate scales", [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(data.data());
    for (size_t k = 0; k < values.size(); ++k) values[k] = static_cast<double>(p[k]);
  });
  return values;
}

}  // namespace

Interpolate::Interpolate(const Output<Node>& data, const Output<Node>& scales_or_sizes, const InterpolateAttrs& attrs)
    : Op({data, scales_or_sizes}), m_attrs(attrs) {
  constructor_validate_and_infer_types();
}

Interpolate::Interpolate(const Output<Node>& data, const Output<Node>& scales_or_sizes, const Output<Node>& axes,
                         const InterpolateAttrs& attrs)
    : Op({data, scales_or_sizes, axes}), m_attrs(attrs) {
  constructor_validate_and_infer_types();
}

Interpolate::Interpolate(const Output<Node>& data, const Output<Node>& scales_or_sizes, const Output<Node>& axes,
                         const Output<Node>& roi, const InterpolateAttrs& attrs)
    : Op({data, scales_or_sizes, axes, roi}), m_attrs(attrs) {
  constructor_validate_and_infer_types();
}

void Interpolate::validate_and_infer_types() {
  const size_t inputs = get_input_size();
  FERRY_NODE_CHECK(inputs >= 2 && inputs <= 4, "expects 2 to 4 inputs (data, scales_or_sizes[, axes[, roi]]), got ",
                   inputs);
  const bool crop = m_attrs.coordinate_transformation_mode == CoordinateTransformMode::TF_CROP_AND_RESIZE;
  FERRY_NODE_CHECK(crop == (inputs == 4), crop ? "tf_crop_and_resize needs the roi input (4th)"
                                               : "the roi input (4th) is only read by tf_crop_and_resize");
  const bool pillow =
      m_attrs.mode == InterpolateMode::BILINEAR_PILLOW || m_attrs.mode == InterpolateMode::BICUBIC_PILLOW;
  FERRY_NODE_CHECK(!(crop && pillow), "mode ", enum_to_string(m_attrs.mode),
                   " has no coordinate transformation, so no tf_crop_and_resize");
  const element::Type& type = get_input_element_type(0);
  FERRY_NODE_CHECK(type.is_dynamic() || ((type.is_real() || type.is_integral_number()) && type != element::boolean),
                   "data element type must be numeric, got ", type);
  const bool sizes = m_attrs.shape_calculation_mode == ShapeCalcMode::SIZES;
  const element::Type& target_type = get_input_element_type(1);
  FERRY_NODE_CHECK(target_type.is_dynamic() || (sizes ? target_type.is_integral_number() : target_type.is_real()),
                   sizes ? "sizes must be integers" : "scales must be real numbers", ", got ", target_type);
  if (inputs == 3) {
    const element::Type& axes_type = get_input_element_type(2);
    FERRY_NODE_CHECK(axes_type.is_dynamic() || axes_type.is_integral_number(), "axes must be integers, got ",
                     axes_type);
  }
  if (inputs == 4) {
    const element::Type& roi_type = get_input_element_type(3);
    FERRY_NODE_CHECK(roi_type.is_dynamic() || roi_type.is_real(), "roi must be real numbers, got ", roi_type);
    FERRY_NODE_CHECK(get_input_partial_shape(3).rank().compatible(1), "roi must be 1-D, got shape ",
                     get_input_partial_shape(3));
  }
  FERRY_NODE_CHECK(m_attrs.cube_coeff == m_attrs.cube_coeff, "cube_coeff must be a number");
  FERRY_NODE_CHECK(m_attrs.extrapolation_value == m_attrs.extrapolation_value, "extrapolation_value must be a number");
  PartialShape out = get_input_partial_shape(0);
  if (out.rank().is_dynamic()) {
    set_output_type(0, type, out);
    return;
  }
  const size_t rank = out.size();
  FERRY_NODE_CHECK(m_attrs.pads_begin.size() <= rank && m_attrs.pads_end.size() <= rank, "pads_begin ",
                   m_attrs.pads_begin, " and pads_end ", m_attrs.pads_end, " have more entries than the rank ", rank);
  for (size_t axis = 0; axis < rank; ++axis) {
    const int64_t pad = static_cast<int64_t>((axis < m_attrs.pads_begin.size() ? m_attrs.pads_begin[axis] : 0) +
                                             (axis < m_attrs.pads_end.size() ? m_attrs.pads_end[axis] : 0));
    if (pad != 0) out[axis] = out[axis] + Dimension(pad);
  }
  std::vector<int64_t> axes(rank);
  std::iota(axes.begin(), axes.end(), int64_t{0});
  if (inputs >= 3 && !internal::constant_integers(*this, 2, axes)) {
    // Unknown axes: any axis may change length.
    for (size_t axis = 0; axis < rank; ++axis) out[axis] = Dimension::dynamic();
    set_output_type(0, type, out);
    return;
  }
  for (auto& axis : axes) axis = static_cast<int64_t>(internal::normalize_axis(*this, axis, int64_t(rank), "axes"));
  const PartialShape& target_shape = get_input_partial_shape(1);
  FERRY_NODE_CHECK(target_shape.rank().is_dynamic() ||
                       (target_shape.size() == 1 && target_shape[0].compatible(int64_t(axes.size()))),
                   sizes ? "sizes" : "scales", " must be 1-D with one entry per axis (", axes.size(), "), got shape ",
                   target_shape);
  if (inputs == 4) {
    const PartialShape& roi_shape = get_input_partial_shape(3);
    FERRY_NODE_CHECK(roi_shape.rank().is_dynamic() || roi_shape[0].compatible(int64_t(2 * axes.size())),
                     "roi must hold a start and an end per axis (", 2 * axes.size(), " values), got shape ", roi_shape);
  }
  std::vector<int64_t> lengths;
  std::vector<double> scales;
  const bool known = sizes ? internal::constant_integers(*this, 1, lengths) : constant_reals(*this, 1, scales);
  for (size_t i = 0; i < axes.size(); ++i) {
    Dimension& d = out[static_cast<size_t>(axes[i])];
    if (!known) {
      d = Dimension::dynamic();
    } else if (sizes) {
      FERRY_NODE_CHECK(lengths.size() == axes.size() && lengths[i] >= 0, "sizes ", internal::to_text(lengths),
                       " must hold one non-negative length per axis (", axes.size(), ")");
      d = Dimension(lengths[i]);
    } else {
      FERRY_NODE_CHECK(scales.size() == axes.size() && scales[i] > 0, "scales must hold one positive value per axis (",
                       axes.size(), "), got ", scales.size(), " values");
      const int64_t low = scaled_length(d.get_min_length(), scales[i]);
      d = d.is_bounded() ? Dimension(low, scaled_length(d.get_max_length(), scales[i])) : Dimension(low, -1);
    }
  }
  set_output_type(0, type, out);
}

bool Interpolate::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_enum("mode", m_attrs.mode);
  visitor.on_enum("shape_calculation_mode", m_attrs.shape_calculation_mode);
  visitor.on_enum("coordinate_transformation_mode", m_attrs.coordinate_transformation_mode);
  visitor.on_enum("nearest_mode", m_attrs.nearest_mode);
  visitor.on_attribute("antialias", m_attrs.antialias);
  visitor.on_attribute("pads_begin", m_attrs.pads_begin);
  visitor.on_attribute("pads_end", m_attrs.pads_end);
  visitor.on_attribute("cube_coeff", m_attrs.cube_coeff);
  visitor.on_attribute("exclude_outside", m_attrs.exclude_outside);
  visitor.on_attribute("extrapolation_value", m_attrs.extrapolation_value);
  return true;
}

std::shared_ptr<Node> Interpolate::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() >= 2 && inputs.size() <= 4, "clone: expects 2 to 4 inputs, got ", inputs.size());
  if (inputs.size() == 2) return std::make_shared<Interpolate>(inputs[0], inputs[1], m_attrs);
  if (inputs.size() == 3) return std::make_shared<Interpolate>(inputs[0], inputs[1], inputs[2], m_attrs);
  return std::make_shared<Interpolate>(inputs[0], inputs[1], inputs[2], inputs[3], m_attrs);
}

bool Interpolate::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() != get_input_size()) node_error("evaluate: expects ", get_input_size(), " input tensors");
  const Tensor data = internal::dense(inputs[0]);
  const element::Type type = data.get_element_type();
  if (type == element::boolean) return false;
  Shape shape = data.get_shape();
  const size_t rank = shape.size();
  std::vector<int64_t> axes(rank);
  std::iota(axes.begin(), axes.end(), int64_t{0});
  if (inputs.size() >= 3) axes = internal::read_integers(*this, inputs[2], "axes");
  for (auto& axis : axes) axis = static_cast<int64_t>(internal::normalize_axis(*this, axis, int64_t(rank), "axes"));
  const bool sizes = m_attrs.shape_calculation_mode == ShapeCalcMode::SIZES;
  std::vector<int64_t> lengths;
  std::vector<double> scales;
  if (sizes)
    lengths = internal::read_integers(*this, inputs[1], "sizes");
  else
    scales = read_reals(inputs[1]);
  if ((sizes ? lengths.size() : scales.size()) != axes.size())
    node_error("evaluate: ", sizes ? "sizes" : "scales", " hold ", sizes ? lengths.size() : scales.size(),
               " values for ", axes.size(), " axes");
  std::vector<double> roi;
  if (inputs.size() == 4) {
    roi = read_reals(inputs[3]);
    if (roi.size() != 2 * axes.size())
      node_error("evaluate: roi holds ", roi.size(), " values, expected a start and an end for each of ", axes.size(),
                 " axes");
  }

  // Widen to double, padding with zeros.
  std::vector<double> values(data.get_size());
  const std::string name = describe();
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(data.data());
    for (size_t k = 0; k < values.size(); ++k) values[k] = static_cast<double>(p[k]);
  });
  for (size_t axis = 0; axis < rank; ++axis) {
    const size_t begin = axis < m_attrs.pads_begin.size() ? m_attrs.pads_begin[axis] : 0;
    const size_t end = axis < m_attrs.pads_end.size() ? m_attrs.pads_end[axis] : 0;
    if (begin == 0 && end == 0) continue;
    reference::AxisTaps taps(shape[axis] + begin + end);
    for (size_t i = 0; i < shape[axis]; ++i) taps[begin + i].push_back({i, 1.0});
    values = reference::interpolate_axis(values, shape, axis, taps);
  }
  for (size_t i = 0; i < axes.size(); ++i) {
    const size_t axis = static_cast<size_t>(axes[i]);
    const size_t in_length = shape[axis];
    int64_t out_length;
    double scale;
    if (sizes) {
      out_length = lengths[i];
      if (out_length < 0) node_error("evaluate: sizes must be non-negative, got ", internal::to_text(lengths));
      scale = in_length == 0 ? 1.0 : static_cast<double>(out_length) / static_cast<double>(in_length);
    } else {
      scale = scales[i];
      if (!(scale > 0)) node_error("evaluate: scales must be positive, got ", scale, " for axis ", axis);
      out_length = scaled_length(static_cast<int64_t>(in_length), scale);
    }
    // OpenVINO copies an axis whose length does not change, whatever the coordinate mode.
    if (static_cast<size_t>(out_length) == in_length && roi.empty()) continue;
    reference::AxisResize resize;
    resize.in_length = in_length;
    resize.out_length = static_cast<size_t>(out_length);
    resize.scale = scale;
    if (!roi.empty()) {
      resize.roi_start = roi[i];
      resize.roi_end = roi[axes.size() + i];
    }
    const auto taps = reference::interpolate_taps(m_attrs, resize);
    values = reference::interpolate_axis(values, shape, axis, taps);
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, shape);
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = static_cast<T*>(out.data());
    for (size_t k = 0; k < values.size(); ++k) {
      if constexpr (is_real_element<T>::value)
        p[k] = convert_element<T>(values[k]);
      else
        p[k] = saturate_round<T>(values[k]);
    }
  });
  return true;
}

}  // namespace v11
}  // namespace op
}  // namespace ferry
