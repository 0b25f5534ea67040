#pragma once

// NV12 frames as two OpenCL 2D images: which pairs of images make a frame, and which UV format a
// device takes. Shared by ClContext::create_tensor_nv12 (which checks the application's images)
// and the GPU plugin (which picks the kernel that reads them in place). No OpenCL calls here:
// image facts in, verdicts out.
//
//   Y:  CL_R (or CL_LUMINANCE), CL_UNORM_INT8 or CL_UNSIGNED_INT8, W x H (both even);
//   UV: CL_RG of W/2 x H/2 (U, V in one texel), or, for devices without CL_RG images (PoCL),
//       CL_R of W x H/2 (U, V in two neighbouring texels); 8-bit like Y.

#include <CL/cl.h>

#include <sstream>
#include <string>
#include <vector>

namespace ferry::gpu::ocl {

// What clGetImageInfo says about one image.
struct ImagePlane {
  cl_image_format format{0, 0};
  size_t width = 0, height = 0;
};

// How a UV plane holds its samples.
enum class Nv12UvLayout {
  NONE,     // not a UV plane for the Y plane given
  RG,       // CL_RG texels (U in .x, V in .y), half the Y plane's width
  R_PAIRS,  // CL_R texels, U then V, as wide as the Y plane
};

// 8-bit channels a kernel reads as samples 0..255.
inline bool is_nv12_channel_type(cl_channel_type type) { return type == CL_UNORM_INT8 || type == CL_UNSIGNED_INT8; }

inline bool is_nv12_y_plane(const ImagePlane& y) {
  const cl_channel_order order = y.format.image_channel_order;
  return (order == CL_R || order == CL_LUMINANCE) && is_nv12_channel_type(y.format.image_channel_data_type);
}

// The layout of `uv` as the UV plane of a Y plane of `y_width` x `y_height`.
inline Nv12UvLayout nv12_uv_layout(const ImagePlane& uv, size_t y_width, size_t y_height) {
  if (!is_nv12_channel_type(uv.format.image_channel_data_type) || uv.height != y_height / 2) return Nv12UvLayout::NONE;
  if (uv.format.image_channel_order == CL_RG && uv.width == y_width / 2) return Nv12UvLayout::RG;
  if (uv.format.image_channel_order == CL_R && uv.width == y_width) return Nv12UvLayout::R_PAIRS;
  return Nv12UvLayout::NONE;
}

// "CL_R" for the channel orders NV12 planes use, the number otherwise.
inline std::string channel_order_name(cl_channel_order order) {
  switch (order) {
    case CL_R:
      return "CL_R";
    case CL_RG:
      return "CL_RG";
    case CL_LUMINANCE:
      return "CL_LUMINANCE";
    case CL_RGBA:
      return "CL_RGBA";
    case CL_BGRA:
      return "CL_BGRA";
    default: {
      std::ostringstream text;
      text << "channel order 0x" << std::hex << order;
      return text.str();
    }
  }
}

inline std::string channel_type_name(cl_channel_type type) {
  switch (type) {
    case CL_UNORM_INT8:
      return "CL_UNORM_INT8";
    case CL_UNSIGNED_INT8:
      return "CL_UNSIGNED_INT8";
    case CL_FLOAT:
      return "CL_FLOAT";
    default: {
      std::ostringstream text;
      text << "channel type 0x" << std::hex << type;
      return text.str();
    }
  }
}

// Why `y` and `uv` are not the two planes of one NV12 frame, or "" when they are.
inline std::string nv12_planes_problem(const ImagePlane& y, const ImagePlane& uv) {
  std::ostringstream why;
  const auto describe = [](const ImagePlane& plane) {
    return std::to_string(plane.width) + "x" + std::to_string(plane.height) + " " +
           channel_order_name(plane.format.image_channel_order) + " " +
           channel_type_name(plane.format.image_channel_data_type);
  };
  if (!is_nv12_y_plane(y)) {
    why << "the Y plane is a " << describe(y)
        << " image; it must be CL_R (or CL_LUMINANCE) with CL_UNORM_INT8 or CL_UNSIGNED_INT8 channels";
  } else if (y.width == 0 || y.height == 0 || y.width % 2 || y.height % 2) {
    why << "the Y plane is " << y.width << "x" << y.height << "; NV12 needs an even, positive width and height";
  } else if (!is_nv12_channel_type(uv.format.image_channel_data_type) ||
             (uv.format.image_channel_order != CL_RG && uv.format.image_channel_order != CL_R)) {
    why << "the UV plane is a " << describe(uv)
        << " image; it must be CL_RG (or, where the device has no CL_RG, CL_R texel pairs) with CL_UNORM_INT8 or "
           "CL_UNSIGNED_INT8 channels";
  } else if (nv12_uv_layout(uv, y.width, y.height) == Nv12UvLayout::NONE) {
    const bool rg = uv.format.image_channel_order == CL_RG;
    why << "the UV plane is " << uv.width << "x" << uv.height << " ("
        << channel_order_name(uv.format.image_channel_order) << ") for a " << y.width << "x" << y.height
        << " Y plane; it must be " << (rg ? y.width / 2 : y.width) << "x" << y.height / 2
        << (rg ? " (half the width and height)" : " (the Y plane's width, half its height)");
  }
  return why.str();
}

// The UV plane's format on a device whose 2D image formats (read-only) are `supported`: CL_RG
// CL_UNORM_INT8 where the device has it, else CL_R CL_UNORM_INT8 (then the UV image is as wide as
// the Y plane and holds U, V texel pairs).
inline cl_image_format nv12_uv_format(const std::vector<cl_image_format>& supported) {
  for (const cl_image_format& format : supported)
    if (format.image_channel_order == CL_RG && format.image_channel_data_type == CL_UNORM_INT8) return format;
  return {CL_R, CL_UNORM_INT8};
}

// The UV image's width for a frame `y_width` wide in `format` (nv12_uv_format's answer).
inline size_t nv12_uv_width(const cl_image_format& format, size_t y_width) {
  return format.image_channel_order == CL_RG ? y_width / 2 : y_width;
}

}  // namespace ferry::gpu::ocl
