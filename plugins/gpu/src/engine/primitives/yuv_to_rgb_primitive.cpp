// NV12toRGB / NV12toBGR / I420toRGB / I420toBGR (opset8) on kernels/yuv_to_rgb.cl, u8 or f32,
// single-plane or separate-plane inputs: the kernel reads the planes in place, so the colour
// conversion of a decoder's frame costs no copy before it. An f32 conversion whose planes are all
// u8 values converted to f32 (PrePostProcessor's convert_element_type before convert_color) reads
// the u8 planes itself. Two-plane NV12 also has per-frame kernels (FrameKernels), from buffers and
// from OpenCL images.

#include "ferry/graph/ops/convert.hpp"
#include "ferry/graph/ops/yuv_to_rgb.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

using op::util::YuvToRgbBase;

// Where a plane's samples lie, in elements: first sample, batch, row and column strides.
struct PlaneLayout {
  int64_t offset = 0, batch = 0, row = 0, column = 1;
};

bool supports(const Node& node) {
  const auto* convert = dynamic_cast<const YuvToRgbBase*>(&node);
  if (!convert || !all_static(node)) return false;
  const element::Type type = node.get_output_element_type(0);
  return (type == element::u8 || type == element::f32) && all_of_type(node, type);
}

// An f32 conversion whose every plane is a Convert u8 -> f32 read by this node only.
bool reads_u8_planes(const Node& node) {
  if (node.get_output_element_type(0) != element::f32) return false;
  for (size_t i = 0; i < node.get_input_size(); ++i) {
    const auto* convert = dynamic_cast<const op::v0::Convert*>(node.get_input_node_ptr(i));
    if (!convert || convert->get_input_element_type(0) != element::u8 ||
        convert->output(0).get_target_inputs().size() != 1)
      return false;
  }
  return true;
}

bool reads_through_convert(const Node& node, size_t) { return reads_u8_planes(node); }

std::string options_of(const Node& node) {
  std::string options = node.get_output_element_type(0) == element::u8 ? "-DPIXEL_U8" : "";
  if (reads_u8_planes(node)) options = "-DPLANE_U8";
  if (dynamic_cast<const YuvToRgbBase&>(node).is_bgr()) options += options.empty() ? "-DBGR" : " -DBGR";
  return options;
}

KernelStep& layout_arg(KernelStep& step, const PlaneLayout& layout) {
  return step.scalar(cl_int4{{static_cast<cl_int>(layout.offset), static_cast<cl_int>(layout.batch),
                              static_cast<cl_int>(layout.row), static_cast<cl_int>(layout.column)}});
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const auto& convert = dynamic_cast<const YuvToRgbBase&>(node);
  const Shape& out = node.get_output_shape(0);  // [N,H,W,3]
  const int64_t n = out[0], h = out[1], w = out[2];
  const bool nv12 = convert.get_subsampling() == YuvToRgbBase::Subsampling::NV12;
  PlaneLayout y{0, h * w, w, 1}, u, v;
  size_t y_value = inputs[0], u_value = inputs[0], v_value = inputs[0];
  if (inputs.size() == 1) {  // [N,H*3/2,W,1]: Y rows, then chroma
    y.batch = h * w * 3 / 2;
    if (nv12) {
      u = {h * w, y.batch, w, 2};
      v = {h * w + 1, y.batch, w, 2};
    } else {
      u = {h * w, y.batch, w / 2, 1};
      v = {h * w + (h / 2) * (w / 2), y.batch, w / 2, 1};
    }
  } else if (nv12) {  // Y [N,H,W,1], UV [N,H/2,W/2,2]
    u_value = v_value = inputs[1];
    u = {0, (h / 2) * w, w, 2};
    v = {1, (h / 2) * w, w, 2};
  } else {  // Y, U, V; chroma [N,H/2,W/2,1]
    u_value = inputs[1];
    v_value = inputs[2];
    u = v = {0, (h / 2) * (w / 2), w / 2, 1};
  }
  KernelStep step("yuv_to_rgb.cl", options_of(node), "yuv_to_rgb");
  for (const auto& [value, layout] : {std::pair<size_t, PlaneLayout>{y_value, y}, {u_value, u}, {v_value, v}})
    layout_arg(step.value(value), layout);
  step.value(outputs[0])
      .i32(h)
      .i32(w)
      .range({static_cast<size_t>(w), static_cast<size_t>(h), static_cast<size_t>(n)}, 3);
  return {step};
}

// Two-plane NV12 only: one frame of Y [H,W] and UV [H/2,W/2,2] into output item `frame`.
std::optional<FrameKernels> make_frames(const Node& node, const std::vector<size_t>& inputs,
                                        const std::vector<size_t>& outputs, bool images) {
  const auto& convert = dynamic_cast<const YuvToRgbBase&>(node);
  if (convert.get_subsampling() != YuvToRgbBase::Subsampling::NV12 || inputs.size() != 2) return std::nullopt;
  const Shape& out = node.get_output_shape(0);
  const int64_t h = out[1], w = out[2];
  const std::array<size_t, 3> range{static_cast<size_t>(w), static_cast<size_t>(h), 1};
  KernelStep buffers("yuv_to_rgb.cl", options_of(node), "yuv_to_rgb");
  layout_arg(buffers.value(inputs[0]), {0, 0, w, 1});
  layout_arg(buffers.value(inputs[1]), {0, 0, w, 2});
  layout_arg(buffers.value(inputs[1]), {1, 0, w, 2});
  buffers.value(outputs[0]).i32(h).i32(w).range(range, 3);
  FrameKernels frames{{inputs[0], inputs[1]}, buffers, std::nullopt};
  if (images) {
    KernelStep step("yuv_to_rgb.cl", options_of(node), "yuv_to_rgb_image");
    step.value(inputs[0]).i32(0).value(inputs[1]).i32(0).value(outputs[0]).i32(h).i32(w).range(range, 3);
    frames.images = std::move(step);
  }
  return frames;
}

}  // namespace

const Primitive& yuv_to_rgb_primitive() {
  static const Primitive primitive{"yuv_to_rgb", supports, make, nullptr, nullptr, reads_through_convert, make_frames};
  return primitive;
}

}  // namespace ferry::gpu
