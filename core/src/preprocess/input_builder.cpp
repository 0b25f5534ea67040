#include "builders.hpp"
#include "ferry/graph/ops.hpp"
#include "layout_axes.hpp"
#include "steps.hpp"

namespace ferry {
namespace preprocess {
namespace {

bool is_yuv(ColorFormat f) {
  return f == ColorFormat::NV12_SINGLE_PLANE || f == ColorFormat::NV12_TWO_PLANES ||
         f == ColorFormat::I420_SINGLE_PLANE || f == ColorFormat::I420_THREE_PLANES;
}

int64_t channel_count(ColorFormat f) {
  switch (f) {
    case ColorFormat::RGB:
    case ColorFormat::BGR:
      return 3;
    case ColorFormat::RGBX:
    case ColorFormat::BGRX:
      return 4;
    case ColorFormat::GRAY:
      return 1;
    default:
      return 0;
  }
}

std::string port_name(const Output<const Node>& port, const std::string& friendly_name) {
  return port.get_names().empty() ? friendly_name : port.get_any_name();
}

Dimension half(const Dimension& d) { return d.is_static() ? Dimension(d.get_length() / 2) : Dimension::dynamic(); }

// The tensor's shape when the application did not give it: the model's, in the tensor's layout,
// with the colour format's channels and the spatial size asked for.
PartialShape derive_tensor_shape(const StepState& state, const InputTensorSettings& tensor,
                                 const Layout& tensor_layout) {
  PartialShape shape = state.model_shape;
  if (shape.rank().is_dynamic()) return shape;
  if (!tensor_layout.empty() && !state.model_layout.empty() && tensor_layout != state.model_layout) {
    std::vector<int64_t> order;
    try {
      order = layout_permutation(state.model_layout, tensor_layout);
    } catch (const Exception& e) {
      step_error(state, "tensor().set_layout", e.what());
    }
    PartialShape permuted = shape;
    for (size_t i = 0; i < order.size(); ++i) permuted[i] = shape[static_cast<size_t>(order[i])];
    shape = permuted;
  }
  const int64_t channels = channel_count(tensor.color_format);
  if (channels > 0 && layout::has_channels(tensor_layout) && layout::utils::is_compatible(tensor_layout, shape))
    shape[size_t(axis_index(tensor_layout, "C", shape.size()))] = Dimension(channels);
  if (tensor.spatial != InputTensorSettings::Spatial::AS_MODEL) {
    if (!layout::has_height(tensor_layout) || !layout::has_width(tensor_layout))
      step_error(state, "tensor().set_spatial_shape", "the tensor layout ",
                 tensor_layout.empty() ? std::string("(none)") : tensor_layout.to_string(),
                 " must name H and W; set it with tensor().set_layout");
    const bool fixed = tensor.spatial == InputTensorSettings::Spatial::STATIC;
    shape[size_t(axis_index(tensor_layout, "H", shape.size()))] =
        fixed ? Dimension(int64_t(tensor.height)) : Dimension::dynamic();
    shape[size_t(axis_index(tensor_layout, "W", shape.size()))] =
        fixed ? Dimension(int64_t(tensor.width)) : Dimension::dynamic();
  }
  return shape;
}

// The planes' shapes of a YUV image of `shape` (NHWC).
std::vector<PartialShape> yuv_plane_shapes(const StepState& state, ColorFormat format, const PartialShape& shape) {
  const std::string step = "tensor().set_color_format";
  if (shape.rank().is_dynamic() || shape.size() != 4)
    step_error(state, step, enum_to_string(format), " images are NHWC of rank 4, the tensor's shape is ", shape);
  const Dimension n = shape[0], h = shape[1], w = shape[2];
  for (const auto& [name, d] : {std::make_pair("height", h), std::make_pair("width", w)})
    if (d.is_static() && (d.get_length() % 2 != 0 || d.get_length() <= 0))
      step_error(state, step, enum_to_string(format), " needs an even, positive image ", name, ", got ", d.get_length(),
                 " (tensor shape ", shape, ")");
  switch (format) {
    case ColorFormat::NV12_SINGLE_PLANE:
    case ColorFormat::I420_SINGLE_PLANE:
      return {PartialShape{n, h.is_static() ? Dimension(h.get_length() * 3 / 2) : Dimension::dynamic(), w, 1}};
    case ColorFormat::NV12_TWO_PLANES:
      return {PartialShape{n, h, w, 1}, PartialShape{n, half(h), half(w), 2}};
    default:
      return {PartialShape{n, h, w, 1}, PartialShape{n, half(h), half(w), 1}, PartialShape{n, half(h), half(w), 1}};
  }
}

}  // namespace

BuiltInput build_input(const Model& model, size_t index, const InputTensorSettings& tensor,
                       const ModelPortSettings& model_port, const StepList& steps, Trace* trace) {
  const auto& parameter = model.get_parameters().at(index);
  const Output<const Node> port = std::const_pointer_cast<const op::v0::Parameter>(parameter)->output(0);
  StepState state;
  state.where = "input '" + port_name(port, parameter->get_friendly_name()) + "'";
  state.model_shape = parameter->get_partial_shape();
  state.model_layout = model_port.layout ? *model_port.layout : parameter->get_layout();
  if (!state.model_layout.empty() && !layout::utils::is_compatible(state.model_layout, state.model_shape))
    step_error(state, "model().set_layout", "the layout ", state.model_layout, " does not fit the model input's shape ",
               state.model_shape);
  state.default_type = parameter->get_element_type();
  state.default_layout = state.model_layout;
  if (trace) trace->model = describe(state.model_shape, state.model_layout, state.default_type);

  const ColorFormat format = tensor.color_format;
  Layout tensor_layout = tensor.layout                      ? *tensor.layout
                         : format != ColorFormat::UNDEFINED ? Layout("NHWC")
                                                            : state.model_layout;
  if (is_yuv(format) && axis_names(tensor_layout) != std::vector<std::string>{"N", "H", "W", "C"})
    step_error(state, "tensor().set_layout", enum_to_string(format), " images are NHWC, the tensor layout is ",
               tensor_layout);
  if (tensor.shape && tensor.spatial != InputTensorSettings::Spatial::AS_MODEL)
    step_error(state, "tensor().set_shape", "set_shape and set_spatial_*_shape both give the tensor's size; use one");
  const PartialShape shape = tensor.shape ? *tensor.shape : derive_tensor_shape(state, tensor, tensor_layout);
  if (!tensor_layout.empty() && !layout::utils::is_compatible(tensor_layout, shape))
    step_error(state, "tensor().set_layout", "the layout ", tensor_layout, " does not fit the tensor's shape ", shape);
  const element::Type type = tensor.element_type ? *tensor.element_type : state.default_type;

  const std::vector<PartialShape> planes =
      is_yuv(format) ? yuv_plane_shapes(state, format, shape) : std::vector<PartialShape>{shape};
  if (!tensor.sub_names.empty() && tensor.sub_names.size() != planes.size())
    step_error(state, "tensor().set_color_format", enum_to_string(format), " has ", planes.size(), " plane",
               planes.size() == 1 ? "" : "s", ", got ", tensor.sub_names.size(), " sub-names");

  BuiltInput built;
  built.index = index;
  for (size_t i = 0; i < planes.size(); ++i) {
    auto plane = std::make_shared<op::v0::Parameter>(type, planes[i]);
    TensorNames names;
    if (planes.size() == 1 && tensor.sub_names.empty()) {
      plane->set_friendly_name(parameter->get_friendly_name());
      names = port.get_names();
    } else if (!tensor.sub_names.empty()) {
      const std::string& sub = tensor.sub_names[i];
      plane->set_friendly_name(parameter->get_friendly_name() + "/" + sub);
      for (const auto& name : port.get_names()) names.insert(name + "/" + sub);
    }
    if (!tensor_layout.empty()) plane->set_layout(tensor_layout);
    if (!tensor.memory_type.empty()) plane->output(0).get_rt_info()["memory_type"] = tensor.memory_type;
    built.parameters.push_back(plane);
    built.names.push_back(names);
    state.planes.push_back(plane->output(0));
  }
  state.layout = tensor_layout;
  state.color_format = format;
  if (trace) {
    if (format != ColorFormat::UNDEFINED) trace->color = enum_to_string(format);
    for (size_t i = 0; i < planes.size(); ++i)
      trace->tensors.push_back((planes.size() > 1
                                    ? std::to_string(i) + ": " + built.parameters[i]->get_friendly_name() + " "
                                    : std::string()) +
                               describe(planes[i], tensor_layout, type));
    state.trace = trace;
  }

  apply_steps(steps, state);
  if (state.is_multi_plane() || is_yuv(state.color_format))
    step_error(state, "build", "a ", enum_to_string(state.color_format),
               " image is not what the model takes; add preprocess().convert_color(RGB or BGR)");
  finish_implicitly(state, state.default_type, state.model_layout);
  const PartialShape& result = state.value().get_partial_shape();
  if (!result.compatible(state.model_shape))
    step_error(state, "build", "after preprocessing the value has shape ", result, " (layout ",
               state.layout.empty() ? std::string("(none)") : state.layout.to_string(),
               "), the model input's shape is ", state.model_shape, " (layout ",
               state.model_layout.empty() ? std::string("(none)") : state.model_layout.to_string(), ")");
  built.value = state.value();
  return built;
}

}  // namespace preprocess
}  // namespace ferry
