#include "core/src/graph/reference/interpolate.hpp"

#include <algorithm>
#include <cmath>

#include "ferry/runtime/exception.hpp"

namespace ferry {
namespace reference {
namespace {

using Attrs = op::v11::Interpolate::InterpolateAttrs;
using Transform = op::v11::Interpolate::CoordinateTransformMode;
using Nearest = op::v11::Interpolate::NearestMode;
using Mode = op::v11::Interpolate::InterpolateMode;

// Output coordinate -> input coordinate.
double source_coordinate(Transform transform, double x, size_t in_length, size_t out_length, double scale) {
  switch (transform) {
    case Transform::HALF_PIXEL: return (x + 0.5) / scale - 0.5;
    case Transform::PYTORCH_HALF_PIXEL: return out_length > 1 ? (x + 0.5) / scale - 0.5 : 0.0;
    case Transform::ASYMMETRIC: return x / scale;
    case Transform::TF_HALF_PIXEL_FOR_NN: return (x + 0.5) / scale;
    case Transform::ALIGN_CORNERS: {
      // The unrounded output length: in scales mode ONNX aligns the corners of in * scale.
      const double length = static_cast<double>(in_length) * scale;
      return std::fabs(length - 1.0) < 1e-9 ? 0.0 : x * static_cast<double>(in_length - 1) / (length - 1.0);
    }
  }
  return x;
}

int64_t round_nearest(Nearest mode, double x, bool downsample) {
  switch (mode) {
    case Nearest::ROUND_PREFER_FLOOR:
      return x == std::floor(x) + 0.5 ? static_cast<int64_t>(std::floor(x)) : static_cast<int64_t>(std::round(x));
    case Nearest::ROUND_PREFER_CEIL: return static_cast<int64_t>(std::floor(x + 0.5));
    case Nearest::FLOOR: return static_cast<int64_t>(std::floor(x));
    case Nearest::CEIL: return static_cast<int64_t>(std::ceil(x));
    case Nearest::SIMPLE: return downsample ? static_cast<int64_t>(std::ceil(x)) : static_cast<int64_t>(x);
  }
  return 0;
}

size_t clamp_index(int64_t index, size_t length) {
  return static_cast<size_t>(std::min<int64_t>(std::max<int64_t>(index, 0), static_cast<int64_t>(length) - 1));
}

// Keys' cubic convolution weights of the neighbours at offsets -1, 0, 1, 2 from floor(x),
// where t = x - floor(x).
void cubic_weights(double t, double a, double weights[4]) {
  auto near = [a](double d) { return ((a + 2) * d - (a + 3)) * d * d + 1; };       // |d| <= 1
  auto far = [a](double d) { return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a; };  // 1 < |d| < 2
  weights[0] = far(t + 1);
  weights[1] = near(t);
  weights[2] = near(1 - t);
  weights[3] = far(2 - t);
}

}  // namespace

AxisTaps interpolate_taps(const Attrs& attrs, size_t in_length, size_t out_length, double scale) {
  AxisTaps taps(out_length);
  if (in_length == 0) return taps;
  for (size_t o = 0; o < out_length; ++o) {
    const double x =
        source_coordinate(attrs.coordinate_transformation_mode, static_cast<double>(o), in_length, out_length, scale);
    auto& out = taps[o];
    switch (attrs.mode) {
      case Mode::NEAREST:
        out.push_back({clamp_index(round_nearest(attrs.nearest_mode, x, scale < 1.0), in_length), 1.0});
        break;
      case Mode::LINEAR_ONNX: {
        const double clamped = std::min(std::max(x, 0.0), static_cast<double>(in_length - 1));
        const auto low = static_cast<int64_t>(std::floor(clamped));
        const double t = clamped - static_cast<double>(low);
        out.push_back({clamp_index(low, in_length), 1.0 - t});
        out.push_back({clamp_index(low + 1, in_length), t});
        break;
      }
      case Mode::CUBIC: {
        const auto low = static_cast<int64_t>(std::floor(x));
        double weights[4];
        cubic_weights(x - static_cast<double>(low), attrs.cube_coeff, weights);
        for (int k = 0; k < 4; ++k) out.push_back({clamp_index(low - 1 + k, in_length), weights[k]});
        break;
      }
      default:
        Exception::raise("Interpolate: mode '", enum_to_string(attrs.mode), "' has no reference kernel");
    }
  }
  return taps;
}

std::vector<double> interpolate_axis(const std::vector<double>& values, Shape& shape, size_t axis,
                                     const AxisTaps& taps) {
  size_t outer = 1, inner = 1;
  for (size_t i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  const size_t in_length = shape[axis], out_length = taps.size();
  std::vector<double> result(outer * out_length * inner, 0.0);
  for (size_t o = 0; o < outer; ++o)
    for (size_t p = 0; p < out_length; ++p)
      for (size_t i = 0; i < inner; ++i) {
        double sum = 0.0;
        for (const auto& tap : taps[p]) sum += tap.weight * values[(o * in_length + tap.index) * inner + i];
        result[(o * out_length + p) * inner + i] = sum;
      }
  shape[axis] = out_length;
  return result;
}

}  // namespace reference
}  // namespace ferry
