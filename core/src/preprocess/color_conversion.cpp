// PreProcessSteps::convert_color: YUV 4:2:0 to RGB/BGR through the NV12toRGB... ops; RGB <-> BGR
// and RGBX/BGRX -> RGB/BGR through Gather and Slice on the channel axis; RGB/BGR(X) -> GRAY as a
// weighted sum over the channel axis.
#include "ferry/graph/ops.hpp"
#include "layout_axes.hpp"
#include "steps.hpp"

namespace ferry {
namespace preprocess {
namespace {

bool is_nv12(ColorFormat f) { return f == ColorFormat::NV12_SINGLE_PLANE || f == ColorFormat::NV12_TWO_PLANES; }
bool is_i420(ColorFormat f) { return f == ColorFormat::I420_SINGLE_PLANE || f == ColorFormat::I420_THREE_PLANES; }
bool is_rgb_or_bgr(ColorFormat f) { return f == ColorFormat::RGB || f == ColorFormat::BGR; }
bool has_fourth_channel(ColorFormat f) { return f == ColorFormat::RGBX || f == ColorFormat::BGRX; }
bool red_first(ColorFormat f) { return f == ColorFormat::RGB || f == ColorFormat::RGBX; }

std::shared_ptr<Node> yuv_to(ColorFormat src, ColorFormat dst, const OutputVector& planes) {
  const bool bgr = dst == ColorFormat::BGR;
  if (is_nv12(src)) {
    if (bgr) return std::make_shared<op::v8::NV12toBGR>(planes);
    return std::make_shared<op::v8::NV12toRGB>(planes);
  }
  if (bgr) return std::make_shared<op::v8::I420toBGR>(planes);
  return std::make_shared<op::v8::I420toRGB>(planes);
}

// 0.299 R + 0.587 G + 0.114 B (BT.601 luma, OpenVINO's weights) over the 3 channels of `axis`;
// integer images are summed in f32 and rounded half to even, as OpenVINO does.
Output<Node> to_gray(const Output<Node>& rgb, int64_t axis, bool red_first) {
  const element::Type type = rgb.get_element_type();
  const Output<Node> real = type.is_real() ? rgb : std::make_shared<op::v0::Convert>(rgb, element::f32)->output(0);
  Shape weights_shape(rgb.get_partial_shape().size(), 1);
  weights_shape[static_cast<size_t>(axis)] = 3;
  const std::vector<double> weights =
      red_first ? std::vector<double>{0.299, 0.587, 0.114} : std::vector<double>{0.114, 0.587, 0.299};
  auto weighted = std::make_shared<op::v1::Multiply>(
      real, op::v0::Constant::create(real.get_element_type(), weights_shape, weights));
  Output<Node> gray = std::make_shared<op::v1::ReduceSum>(
      weighted, op::v0::Constant::create(element::i64, Shape{1}, std::vector<int64_t>{axis}), true);
  if (!type.is_real())
    gray = std::make_shared<op::v0::Convert>(std::make_shared<op::v5::Round>(gray, op::RoundMode::HALF_TO_EVEN), type);
  return gray;
}

}  // namespace

Step convert_color_step(ColorFormat dst) {
  return Step{
      "convert_color",
      [dst](StepState& state) {
        const std::string step = "convert_color";
        const ColorFormat src = state.color_format;
        if (src == ColorFormat::UNDEFINED)
          step_error(state, step, "the tensor's colour format is not known; set tensor().set_color_format");
        if (src == dst) return;
        const bool yuv = is_nv12(src) || is_i420(src);
        if (yuv && is_rgb_or_bgr(dst)) {
          state.set_value(yuv_to(src, dst, state.planes));
          state.layout = Layout("NHWC");
          state.color_format = dst;
          return;
        }
        // As OpenVINO: GRAY from RGB and BGR only.
        const bool to_gray_format = dst == ColorFormat::GRAY && is_rgb_or_bgr(src);
        if ((is_rgb_or_bgr(src) || has_fourth_channel(src)) && (is_rgb_or_bgr(dst) || to_gray_format)) {
          const int64_t axis = channels_axis(state, step);
          const Dimension channels = state.value().get_partial_shape()[static_cast<size_t>(axis)];
          const int64_t expected = has_fourth_channel(src) ? 4 : 3;
          if (!channels.compatible(expected))
            step_error(state, step, enum_to_string(src), " has ", expected, " channels, the value has ", channels,
                       " (shape ", state.value().get_partial_shape(), ", layout ", state.layout, ")");
          Output<Node> value = state.value();
          if (has_fourth_channel(src)) {
            auto i64 = [](int64_t v) {
              return op::v0::Constant::create(element::i64, Shape{1}, std::vector<int64_t>{v});
            };
            value = std::make_shared<op::v8::Slice>(value, i64(0), i64(3), i64(1), i64(axis));
          }
          if (to_gray_format)
            value = to_gray(value, axis, red_first(src));
          else if (red_first(src) != (dst == ColorFormat::RGB))
            value = reverse_axis(value, axis, 3);
          state.set_value(value);
          state.color_format = dst;
          return;
        }
        step_error(
            state, step, "cannot convert ", enum_to_string(src), " to ", enum_to_string(dst),
            " (supported: NV12 and I420 to RGB or BGR; RGB, BGR, RGBX and BGRX to RGB or BGR; RGB and BGR to GRAY)");
      },
      "convert color (" + enum_to_string(dst) + ")"};
}

Step post_convert_color_step(ColorFormat dst) {
  return Step{"convert_color",
              [dst](StepState& state) {
                const std::string step = "convert_color";
                const ColorFormat src = state.color_format;
                if (src == ColorFormat::UNDEFINED)
                  step_error(state, step,
                             "the model output's colour format is not known; set it with model().set_color_format");
                if (src == dst) return;
                // As OpenVINO: post-processing converts between RGB and BGR only, reversing the C axis.
                if (!is_rgb_or_bgr(src) || !is_rgb_or_bgr(dst))
                  step_error(state, step, "cannot convert ", enum_to_string(src), " to ", enum_to_string(dst),
                             " (post-processing converts RGB <-> BGR only)");
                const int64_t axis = channels_axis(state, step);
                const Dimension channels = state.value().get_partial_shape()[static_cast<size_t>(axis)];
                if (!channels.compatible(3))
                  step_error(state, step, enum_to_string(src), " has 3 channels, the model output has ", channels,
                             " (shape ", state.value().get_partial_shape(), ", layout ", state.layout, ")");
                state.set_value(reverse_axis(state.value(), axis, 3));
                state.color_format = dst;
              },
              "convert color (" + enum_to_string(dst) + ")"};
}

}  // namespace preprocess
}  // namespace ferry
