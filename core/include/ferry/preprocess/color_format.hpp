#pragma once

#include <utility>
#include <vector>

#include "ferry/base/enum_names.hpp"

namespace ferry {
namespace preprocess {

// An image tensor's colour format (InputTensorInfo::set_color_format, PreProcessSteps::convert_color).
// Interleaved formats are NHWC unless the tensor's layout says otherwise. The YUV 4:2:0 formats
// (BT.601 video range, see ferry/graph/ops/yuv_to_rgb.hpp) are always NHWC with H and W even:
//   NV12_SINGLE_PLANE  one tensor [N,H*3/2,W,1]
//   NV12_TWO_PLANES    Y [N,H,W,1] and UV [N,H/2,W/2,2]
//   I420_SINGLE_PLANE  one tensor [N,H*3/2,W,1]
//   I420_THREE_PLANES  Y [N,H,W,1], U and V [N,H/2,W/2,1]
enum class ColorFormat {
  UNDEFINED,
  NV12_SINGLE_PLANE,
  NV12_TWO_PLANES,
  I420_SINGLE_PLANE,
  I420_THREE_PLANES,
  RGB,
  BGR,
  GRAY,
  RGBX,  // R, G, B and a 4th channel that is ignored
  BGRX
};

}  // namespace preprocess

template <>
struct EnumNames<preprocess::ColorFormat> {
  using Format = preprocess::ColorFormat;
  static const std::vector<std::pair<const char*, Format>>& table() {
    static const std::vector<std::pair<const char*, Format>> names{{"UNDEFINED", Format::UNDEFINED},
                                                                   {"NV12_SINGLE_PLANE", Format::NV12_SINGLE_PLANE},
                                                                   {"NV12_TWO_PLANES", Format::NV12_TWO_PLANES},
                                                                   {"I420_SINGLE_PLANE", Format::I420_SINGLE_PLANE},
                                                                   {"I420_THREE_PLANES", Format::I420_THREE_PLANES},
                                                                   {"RGB", Format::RGB},
                                                                   {"BGR", Format::BGR},
                                                                   {"GRAY", Format::GRAY},
                                                                   {"RGBX", Format::RGBX},
                                                                   {"BGRX", Format::BGRX}};
    return names;
  }
};

}  // namespace ferry
