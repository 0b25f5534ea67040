#pragma once

// The YUV 4:2:0 -> RGB reference kernel of NV12toRGB / I420toRGB and their BGR forms
// (ferry/graph/ops/yuv_to_rgb.hpp gives the formula and the plane layouts).
#include <cstddef>

namespace ferry {
namespace reference {

// Where one component (Y, U or V) of pixel (n, h, w) lies: base + n * batch + row * r + col * c,
// with row = h and col = w for Y, row = h / 2 and col = w / 2 for U and V.
struct YuvComponent {
  const double* base = nullptr;
  size_t batch_stride = 0;
  size_t row_stride = 0;
  size_t col_stride = 0;
};

// Writes [batch, height, width, 3] values clamped to [0, 255] (not rounded).
void yuv_to_rgb(const YuvComponent& y, const YuvComponent& u, const YuvComponent& v, size_t batch, size_t height,
                size_t width, bool bgr, double* out);

}  // namespace reference
}  // namespace ferry
