#include "steps.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>

#include "ferry/graph/ops.hpp"
#include "layout_axes.hpp"

namespace ferry {
namespace preprocess {
namespace {

std::string order_text(const std::vector<int64_t>& order) {
  std::string text = "[";
  for (size_t i = 0; i < order.size(); ++i) text += (i ? "," : "") + std::to_string(order[i]);
  return text + "]";
}

// "(1.5,2,3)": numbers as dump() lists them.
template <typename T>
std::string list_text(const std::vector<T>& values) {
  std::ostringstream text;
  text << "(";
  for (size_t i = 0; i < values.size(); ++i) text << (i ? "," : "") << values[i];
  text << ")";
  return text.str();
}

std::string clamp_label(double min_value, double max_value) {
  std::ostringstream text;
  text << "clamp(min " << min_value << ", max " << max_value << ")";
  return text.str();
}

std::string pad_label(const std::vector<int>& begin, const std::vector<int>& end, const std::vector<float>& values,
                      PaddingMode mode) {
  std::string label = "pad(begin " + list_text(begin) + ", end " + list_text(end) + ", ";
  switch (mode) {
    case PaddingMode::CONSTANT:
      return label + "with " + list_text(values) + ")";
    case PaddingMode::EDGE:
      return label + "copied from edge)";
    case PaddingMode::REFLECT:
      return label + "reflected from tensor)";
    default:
      return label + "symmetrically added from tensor)";
  }
}

std::vector<int64_t> dims_of(const Shape& shape) { return std::vector<int64_t>(shape.begin(), shape.end()); }

std::shared_ptr<Node> i64_constant(const std::vector<int64_t>& values) {
  return op::v0::Constant::create(element::i64, Shape{values.size()}, values);
}

size_t static_rank(const StepState& state, const std::string& step) {
  const PartialShape& shape = state.value().get_partial_shape();
  if (shape.rank().is_dynamic()) step_error(state, step, "the value's rank is not known");
  return shape.size();
}

// One value (a scalar) or one per channel, shaped to broadcast along the channel axis.
Output<Node> channel_constant(const StepState& state, const std::string& step, const std::vector<float>& values) {
  const element::Type type = state.value().get_element_type();
  if (!type.is_real())
    step_error(state, step, "needs a real element type, the value is ", type, " (convert_element_type first)");
  if (values.empty()) step_error(state, step, "no values given");
  std::vector<double> wide(values.begin(), values.end());
  if (values.size() == 1) return op::v0::Constant::create(type, Shape{}, wide);
  const int64_t axis = channels_axis(state, step);
  const PartialShape& shape = state.value().get_partial_shape();
  const Dimension channels = shape[static_cast<size_t>(axis)];
  if (channels.is_static() && channels.get_length() != static_cast<int64_t>(values.size()))
    step_error(state, step, values.size(), " values for ", channels.get_length(), " channels (shape ", shape,
               ", layout ", state.layout, ")");
  Shape constant_shape(shape.size(), 1);
  constant_shape[static_cast<size_t>(axis)] = values.size();
  return op::v0::Constant::create(type, constant_shape, wide);
}

template <typename Arithmetic>
Step per_channel_step(const std::string& name, const std::vector<float>& values) {
  return Step{name,
              [name, values](StepState& state) {
                require_single_plane(state, name);
                if (name == "scale")
                  for (float v : values)
                    if (v == 0.0f) step_error(state, name, "a scale of 0");
                state.set_value(std::make_shared<Arithmetic>(state.value(), channel_constant(state, name, values)));
              },
              name + " " + list_text(values)};
}

op::v11::Interpolate::InterpolateMode interpolate_mode(ResizeAlgorithm algorithm) {
  using Mode = op::v11::Interpolate::InterpolateMode;
  switch (algorithm) {
    case ResizeAlgorithm::RESIZE_LINEAR:
      return Mode::LINEAR;
    case ResizeAlgorithm::RESIZE_CUBIC:
      return Mode::CUBIC;
    case ResizeAlgorithm::RESIZE_BILINEAR_PILLOW:
      return Mode::BILINEAR_PILLOW;
    case ResizeAlgorithm::RESIZE_BICUBIC_PILLOW:
      return Mode::BICUBIC_PILLOW;
    default:
      return Mode::NEAREST;
  }
}

}  // namespace

void require_single_plane(const StepState& state, const std::string& step) {
  if (state.is_multi_plane())
    step_error(state, step, "the value is still a ", enum_to_string(state.color_format),
               " image of several planes; convert_color to RGB or BGR first");
}

int64_t channels_axis(const StepState& state, const std::string& step) {
  if (!layout::has_channels(state.layout))
    step_error(state, step, "the layout ", state.layout.empty() ? std::string("(none)") : state.layout.to_string(),
               " has no C (channels) axis; set one with tensor().set_layout or model().set_layout");
  return axis_index(state.layout, "C", static_rank(state, step));
}

Output<Node> reverse_axis(const Output<Node>& value, int64_t axis, int64_t length) {
  std::vector<int64_t> order(static_cast<size_t>(length));
  std::iota(order.rbegin(), order.rend(), int64_t{0});
  return std::make_shared<op::v8::Gather>(value, i64_constant(order), i64_constant({axis}));
}

Step convert_element_type_step(const element::Type& type) {
  return Step{"convert_element_type",
              [type](StepState& state) {
                const element::Type to = type == element::undefined ? state.default_type : type;
                if (to == element::undefined || to.is_dynamic())
                  step_error(state, "convert_element_type", "no element type given and none to default to");
                for (auto& plane : state.planes)
                  if (plane.get_element_type() != to) plane = std::make_shared<op::v0::Convert>(plane, to);
              },
              "convert type (" + (type == element::undefined ? std::string("default") : type.to_string()) + ")"};
}

Step convert_layout_step(const Layout& layout) {
  return Step{"convert_layout",
              [layout](StepState& state) {
                const std::string step = "convert_layout";
                require_single_plane(state, step);
                const Layout to = layout.empty() ? state.default_layout : layout;
                if (to.empty()) step_error(state, step, "no layout given and none to default to");
                if (state.layout.empty())
                  step_error(state, step, "the value's layout is not known; set it with tensor().set_layout");
                if (to == state.layout) return;
                std::vector<int64_t> order;
                try {
                  order = layout_permutation(state.layout, to);
                } catch (const Exception& e) {
                  step_error(state, step, e.what());
                }
                if (order.size() != static_rank(state, step))
                  step_error(state, step, "layout ", state.layout, " does not fit the value's shape ",
                             state.value().get_partial_shape());
                state.set_value(std::make_shared<op::v1::Transpose>(state.value(), i64_constant(order)));
                state.layout = to;
              },
              "convert layout " + (layout.empty() ? std::string("(default)") : layout.to_string())};
}

Step convert_layout_step(const std::vector<uint64_t>& dims) {
  return Step{"convert_layout",
              [dims](StepState& state) {
                const std::string step = "convert_layout";
                require_single_plane(state, step);
                const size_t rank = static_rank(state, step);
                std::vector<int64_t> order(dims.begin(), dims.end());
                std::vector<int64_t> sorted = order;
                std::sort(sorted.begin(), sorted.end());
                std::vector<int64_t> identity(rank);
                std::iota(identity.begin(), identity.end(), int64_t{0});
                if (sorted != identity)
                  step_error(state, step, "the order ", order_text(order), " is not a permutation of the value's ",
                             rank, " axes");
                state.set_value(std::make_shared<op::v1::Transpose>(state.value(), i64_constant(order)));
                const auto names = axis_names(state.layout);
                if (names.size() == rank) {
                  std::string permuted = "[";
                  for (size_t i = 0; i < rank; ++i) permuted += (i ? "," : "") + names[static_cast<size_t>(order[i])];
                  state.layout = Layout(permuted + "]");
                } else {
                  state.layout = Layout();
                }
              },
              "convert layout " + list_text(dims)};
}

Step resize_step(ResizeAlgorithm algorithm, std::optional<std::pair<size_t, size_t>> size) {
  return Step{
      "resize",
      [algorithm, size](StepState& state) {
        const std::string step = "resize";
        require_single_plane(state, step);
        if (!layout::has_height(state.layout) || !layout::has_width(state.layout))
          step_error(state, step, "the layout ",
                     state.layout.empty() ? std::string("(none)") : state.layout.to_string(),
                     " must name H and W; set it with tensor().set_layout");
        const size_t rank = static_rank(state, step);
        std::pair<int64_t, int64_t> target;
        if (size) {
          target = {static_cast<int64_t>(size->first), static_cast<int64_t>(size->second)};
        } else {
          if (!layout::has_height(state.model_layout) || !layout::has_width(state.model_layout))
            step_error(state, step, "no size given, and the model's layout ",
                       state.model_layout.empty() ? std::string("(none)") : state.model_layout.to_string(),
                       " does not name H and W to take it from; set model().set_layout");
          const PartialShape& model = state.model_shape;
          const Dimension h = model[size_t(axis_index(state.model_layout, "H", model.size()))];
          const Dimension w = model[size_t(axis_index(state.model_layout, "W", model.size()))];
          if (h.is_dynamic() || w.is_dynamic())
            step_error(state, step, "no size given, and the model's H and W are not static (shape ", model, ")");
          target = {h.get_length(), w.get_length()};
        }
        if (target.first <= 0 || target.second <= 0)
          step_error(state, step, "the size must be positive, got ", target.first, "x", target.second);
        op::v11::Interpolate::InterpolateAttrs attrs;
        attrs.mode = interpolate_mode(algorithm);
        attrs.shape_calculation_mode = op::v11::Interpolate::ShapeCalcMode::SIZES;
        attrs.coordinate_transformation_mode = op::v11::Interpolate::CoordinateTransformMode::HALF_PIXEL;
        attrs.nearest_mode = op::v11::Interpolate::NearestMode::ROUND_PREFER_FLOOR;
        attrs.pads_begin = Shape(rank, 0);
        attrs.pads_end = Shape(rank, 0);
        const auto axes = i64_constant({axis_index(state.layout, "H", rank), axis_index(state.layout, "W", rank)});
        state.set_value(std::make_shared<op::v11::Interpolate>(
            state.value(), i64_constant({target.first, target.second}), axes, attrs));
      },
      size ? "resize to (" + std::to_string(size->first) + ", " + std::to_string(size->second) + ")"
           : std::string("resize to model width/height")};
}

Step mean_step(const std::vector<float>& values) { return per_channel_step<op::v1::Subtract>("mean", values); }

Step scale_step(const std::vector<float>& values) { return per_channel_step<op::v1::Divide>("scale", values); }

Step reverse_channels_step() {
  return Step{"reverse_channels",
              [](StepState& state) {
                const std::string step = "reverse_channels";
                require_single_plane(state, step);
                const int64_t axis = channels_axis(state, step);
                const Dimension channels = state.value().get_partial_shape()[static_cast<size_t>(axis)];
                if (channels.is_dynamic())
                  step_error(state, step, "the number of channels is not static (shape ",
                             state.value().get_partial_shape(), ")");
                state.set_value(reverse_axis(state.value(), axis, channels.get_length()));
                if (state.color_format == ColorFormat::RGB)
                  state.color_format = ColorFormat::BGR;
                else if (state.color_format == ColorFormat::BGR)
                  state.color_format = ColorFormat::RGB;
                else if (state.color_format != ColorFormat::GRAY)
                  state.color_format = ColorFormat::UNDEFINED;
              },
              "reverse channels"};
}

Step crop_step(const std::vector<int>& begin, const std::vector<int>& end) {
  return Step{"crop",
              [begin, end](StepState& state) {
                const std::string step = "crop";
                require_single_plane(state, step);
                const size_t rank = static_rank(state, step);
                if (begin.size() != rank || end.size() != rank)
                  step_error(state, step, "begin and end need one value per axis (", rank, "), got ", begin.size(),
                             " and ", end.size());
                std::vector<int64_t> axes(rank);
                std::iota(axes.begin(), axes.end(), int64_t{0});
                state.set_value(std::make_shared<op::v8::Slice>(
                    state.value(), i64_constant(std::vector<int64_t>(begin.begin(), begin.end())),
                    i64_constant(std::vector<int64_t>(end.begin(), end.end())),
                    i64_constant(std::vector<int64_t>(rank, 1)), i64_constant(axes)));
              },
              "crop (begin " + list_text(begin) + ", end " + list_text(end) + ")"};
}

// CONSTANT with one value per channel: Pad can only fill with one value, so the value is padded
// with 0, and a mask (the input's shape of ones, padded with zeros) selects the channel's value
// wherever the pad added an element: Select(mask, Pad(x, 0), values[c]).
Output<Node> pad_per_channel(const StepState& state, const std::string& step, const Output<Node>& begin,
                             const Output<Node>& end, const std::vector<int>& pads_begin,
                             const std::vector<int>& pads_end, const std::vector<float>& values) {
  const int64_t axis = channels_axis(state, step);
  const size_t c = static_cast<size_t>(axis);
  const PartialShape& shape = state.value().get_partial_shape();
  if (shape[c].is_dynamic() || shape[c].get_length() != static_cast<int64_t>(values.size()))
    step_error(state, step, values.size(), " pad values (one per channel) for ", shape[c], " channels (shape ", shape,
               ", layout ", state.layout, ")");
  if (pads_begin[c] != 0 || pads_end[c] != 0)
    step_error(state, step, "one pad value per channel needs no padding of the channel axis C (axis ", axis,
               "), got pads ", pads_begin[c], " and ", pads_end[c]);
  const element::Type type = state.value().get_element_type();
  const auto zero = op::v0::Constant::create(type, Shape{}, std::vector<double>{0.0});
  const auto padded = std::make_shared<op::v12::Pad>(state.value(), begin, end, zero, PaddingMode::CONSTANT);
  // The target shape: a Constant when the value's shape is static (so that every shape follows
  // from the input shapes, as devices compiling static graphs need), else the value's ShapeOf.
  const Output<Node> target = shape.is_static() ? i64_constant(dims_of(shape.to_shape()))->output(0)
                                                : std::make_shared<op::v3::ShapeOf>(state.value())->output(0);
  const auto ones = std::make_shared<op::v3::Broadcast>(
      op::v0::Constant::create(element::u8, Shape{}, std::vector<int64_t>{1}), target);
  const auto inside = std::make_shared<op::v0::Convert>(
      std::make_shared<op::v12::Pad>(ones, begin, end,
                                     op::v0::Constant::create(element::u8, Shape{}, std::vector<int64_t>{0}),
                                     PaddingMode::CONSTANT),
      element::boolean);
  Shape values_shape(shape.size(), 1);
  values_shape[c] = values.size();
  const auto fill = op::v0::Constant::create(type, values_shape, std::vector<double>(values.begin(), values.end()));
  return std::make_shared<op::v1::Select>(inside, padded, fill);
}

Step pad_step(const std::vector<int>& begin, const std::vector<int>& end, const std::vector<float>& values,
              PaddingMode mode) {
  return Step{"pad",
              [begin, end, values, mode](StepState& state) {
                const std::string step = "pad";
                require_single_plane(state, step);
                const size_t rank = static_rank(state, step);
                if (begin.size() != rank || end.size() != rank)
                  step_error(state, step, "pads_begin and pads_end need one value per axis (", rank, "), got ",
                             begin.size(), " and ", end.size());
                const auto pads_begin = i64_constant(std::vector<int64_t>(begin.begin(), begin.end()));
                const auto pads_end = i64_constant(std::vector<int64_t>(end.begin(), end.end()));
                const element::Type type = state.value().get_element_type();
                // The values fill CONSTANT padding only; the other modes copy from the tensor.
                if (mode == PaddingMode::CONSTANT && values.empty())
                  step_error(state, step, "no pad value given (one, or one per channel)");
                if (mode == PaddingMode::CONSTANT && values.size() > 1) {
                  state.set_value(pad_per_channel(state, step, pads_begin, pads_end, begin, end, values));
                  return;
                }
                const double value = values.empty() ? 0.0 : values[0];
                state.set_value(std::make_shared<op::v12::Pad>(
                    state.value(), pads_begin, pads_end,
                    op::v0::Constant::create(type, Shape{}, std::vector<double>{value}), mode));
              },
              pad_label(begin, end, values, mode)};
}

Step clamp_step(double min_value, double max_value) {
  return Step{"clamp",
              [min_value, max_value](StepState& state) {
                require_single_plane(state, "clamp");
                if (!(min_value <= max_value))
                  step_error(state, "clamp", "min ", min_value, " is greater than max ", max_value);
                state.set_value(std::make_shared<op::v0::Clamp>(state.value(), min_value, max_value));
              },
              clamp_label(min_value, max_value)};
}

Step custom_step(const std::function<Output<Node>(const Output<Node>&)>& callback) {
  return Step{"custom",
              [callback](StepState& state) {
                require_single_plane(state, "custom");
                if (!callback) step_error(state, "custom", "no callback given");
                const Output<Node> result = callback(state.value());
                if (!result.get_node()) step_error(state, "custom", "the callback returned no value");
                state.set_value(result);
              },
              "custom"};
}

}  // namespace preprocess
}  // namespace ferry
