#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/base/layout.hpp"
#include "ferry/graph/port.hpp"
#include "ferry/preprocess/color_format.hpp"
#include "ferry/preprocess/padding_mode.hpp"
#include "ferry/preprocess/resize_algorithm.hpp"

namespace ferry {
namespace preprocess {

struct StepList;

// The operations between the application's tensor and the model's input, applied in the order
// they are added; each becomes ordinary graph ops in build(). Whatever still differs after the
// last step (element type, layout) is converted implicitly.
class PreProcessSteps {
 public:
  using CustomPreprocessOp = std::function<Output<Node>(const Output<Node>& node)>;

  PreProcessSteps();
  ~PreProcessSteps();
  PreProcessSteps(const PreProcessSteps&) = delete;
  PreProcessSteps& operator=(const PreProcessSteps&) = delete;

  // Convert; an undefined type means the model's element type.
  PreProcessSteps& convert_element_type(const element::Type& type = {});
  // NV12/I420 to RGB/BGR (NV12toRGB... ops), RGB <-> BGR, RGBX/BGRX to RGB/BGR, RGB/BGR to GRAY.
  PreProcessSteps& convert_color(const ColorFormat& dst_format);
  // Transpose to `dst_layout` (empty: the model's layout); or by a permutation of the axes.
  PreProcessSteps& convert_layout(const Layout& dst_layout = {});
  PreProcessSteps& convert_layout(const std::vector<uint64_t>& dims);
  // Interpolate H and W to (dst_height, dst_width), or to the model's H and W.
  PreProcessSteps& resize(ResizeAlgorithm alg, size_t dst_height, size_t dst_width);
  PreProcessSteps& resize(ResizeAlgorithm alg);
  // Subtract / divide by one value, or by one value per channel (the layout must name C).
  // Real element types only.
  PreProcessSteps& mean(float value);
  PreProcessSteps& mean(const std::vector<float>& values);
  PreProcessSteps& scale(float value);
  PreProcessSteps& scale(const std::vector<float>& values);
  // Reverses the channel axis (RGB <-> BGR); the layout must name C.
  PreProcessSteps& reverse_channels();
  // Slices [begin, end) along every axis; negative values count from the end.
  PreProcessSteps& crop(const std::vector<int>& begin, const std::vector<int>& end);
  // Pads every axis (negative pads crop); `values` holds the one constant value.
  PreProcessSteps& pad(const std::vector<int>& pads_begin, const std::vector<int>& pads_end, float value,
                       PaddingMode mode);
  PreProcessSteps& pad(const std::vector<int>& pads_begin, const std::vector<int>& pads_end,
                       const std::vector<float>& values, PaddingMode mode);
  PreProcessSteps& clamp(double min_value, double max_value);
  // Any subgraph: the callback gets the current value and returns the new one.
  PreProcessSteps& custom(const CustomPreprocessOp& preprocess_cb);

 private:
  friend class PrePostProcessor;
  std::unique_ptr<StepList> m_steps;
};

}  // namespace preprocess
}  // namespace ferry
