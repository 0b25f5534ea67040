#include "core/src/graph/reference/yuv_to_rgb.hpp"

#include <algorithm>

namespace ferry {
namespace reference {
namespace {

double at(const YuvComponent& c, size_t n, size_t row, size_t col) {
  return c.base[n * c.batch_stride + row * c.row_stride + col * c.col_stride];
}

double to_byte_range(double value) { return std::min(255.0, std::max(0.0, value)); }

}  // namespace

void yuv_to_rgb(const YuvComponent& y, const YuvComponent& u, const YuvComponent& v, size_t batch, size_t height,
                size_t width, bool bgr, double* out) {
  for (size_t n = 0; n < batch; ++n) {
    for (size_t h = 0; h < height; ++h) {
      for (size_t w = 0; w < width; ++w) {
        const double luma = 1.164 * (at(y, n, h, w) - 16.0);
        const double d = at(u, n, h / 2, w / 2) - 128.0;
        const double e = at(v, n, h / 2, w / 2) - 128.0;
        const double r = to_byte_range(luma + 1.596 * e);
        const double g = to_byte_range(luma - 0.391 * d - 0.813 * e);
        const double b = to_byte_range(luma + 2.018 * d);
        double* pixel = out + ((n * height + h) * width + w) * 3;
        pixel[0] = bgr ? b : r;
        pixel[1] = g;
        pixel[2] = bgr ? r : b;
      }
    }
  }
}

}  // namespace reference
}  // namespace ferry
