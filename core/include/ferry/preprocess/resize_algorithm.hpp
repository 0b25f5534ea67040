#pragma once

namespace ferry {
namespace preprocess {

// PreProcessSteps::resize: an Interpolate-11 over H and W by sizes, half_pixel coordinates,
// mode linear (OpenVINO's N-d triangle), cubic (coefficient -0.75), nearest (round_prefer_floor),
// or Pillow's bilinear / bicubic resampling.
enum class ResizeAlgorithm {
  RESIZE_LINEAR,
  RESIZE_CUBIC,
  RESIZE_NEAREST,
  RESIZE_BILINEAR_PILLOW,
  RESIZE_BICUBIC_PILLOW
};

}  // namespace preprocess
}  // namespace ferry
