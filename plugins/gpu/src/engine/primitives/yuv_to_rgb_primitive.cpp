// NV12toRGB / NV12toBGR / I420toRGB / I420toBGR (opset8) on kernels/yuv_to_rgb.cl, u8 or f32,
// single-plane or separate-plane inputs: the kernel reads the planes in place, so the colour
// conversion of a decoder's frame costs no copy before it.

#include "../primitive.hpp"
#include "ferry/graph/ops/yuv_to_rgb.hpp"

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
  std::string options = node.get_output_element_type(0) == element::u8 ? "-DPIXEL_U8" : "";
  if (convert.is_bgr()) options += options.empty() ? "-DBGR" : " -DBGR";
  KernelStep step("yuv_to_rgb.cl", options, "yuv_to_rgb");
  for (const auto& [value, layout] : {std::pair<size_t, PlaneLayout>{y_value, y}, {u_value, u}, {v_value, v}})
    step.value(value).scalar(cl_int4{{static_cast<cl_int>(layout.offset), static_cast<cl_int>(layout.batch),
                                      static_cast<cl_int>(layout.row), static_cast<cl_int>(layout.column)}});
  step.value(outputs[0])
      .i32(h)
      .i32(w)
      .range({static_cast<size_t>(w), static_cast<size_t>(h), static_cast<size_t>(n)}, 3);
  return {step};
}

}  // namespace

const Primitive& yuv_to_rgb_primitive() {
  static const Primitive primitive{"yuv_to_rgb", supports, make};
  return primitive;
}

}  // namespace ferry::gpu
