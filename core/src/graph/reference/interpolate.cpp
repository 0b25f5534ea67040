#include "core/src/graph/reference/interpolate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "ferry/base/exception.hpp"

namespace ferry {
namespace reference {
namespace {

using Attrs = op::v11::Interpolate::InterpolateAttrs;
using Transform = op::v11::Interpolate::CoordinateTransformMode;
using Nearest = op::v11::Interpolate::NearestMode;
using Mode = op::v11::Interpolate::InterpolateMode;
using Taps = std::vector<InterpolateTap>;

// Output coordinate -> input coordinate.
double source_coordinate(Transform transform, double x, const AxisResize& axis) {
  const double in = static_cast<double>(axis.in_length), out = static_cast<double>(axis.out_length);
  switch (transform) {
    case Transform::HALF_PIXEL:
      return (x + 0.5) / axis.scale - 0.5;
    case Transform::PYTORCH_HALF_PIXEL:
      return axis.out_length > 1 ? (x + 0.5) / axis.scale - 0.5 : 0.0;
    case Transform::ASYMMETRIC:
      return x / axis.scale;
    case Transform::TF_HALF_PIXEL_FOR_NN:
      return (x + 0.5) / axis.scale;
    case Transform::ALIGN_CORNERS: {
      // The unrounded output length: in scales mode ONNX aligns the corners of in * scale.
      const double length = in * axis.scale;
      return std::fabs(length - 1.0) < 1e-9 ? 0.0 : x * (in - 1.0) / (length - 1.0);
    }
    case Transform::TF_CROP_AND_RESIZE: {
      // ONNX's order of operations, so that ties round as in its reference.
      const double start = axis.roi_start, end = axis.roi_end;
      return axis.out_length > 1 ? start * (in - 1.0) + x * (end - start) * (in - 1.0) / (out - 1.0)
                                 : 0.5 * (start + end) * (in - 1.0);
    }
  }
  return x;
}

int64_t round_nearest(Nearest mode, double x, bool downsample) {
  switch (mode) {
    case Nearest::ROUND_PREFER_FLOOR:
      return x == std::floor(x) + 0.5 ? static_cast<int64_t>(std::floor(x)) : static_cast<int64_t>(std::round(x));
    case Nearest::ROUND_PREFER_CEIL:
      return static_cast<int64_t>(std::floor(x + 0.5));
    case Nearest::FLOOR:
      return static_cast<int64_t>(std::floor(x));
    case Nearest::CEIL:
      return static_cast<int64_t>(std::ceil(x));
    case Nearest::SIMPLE:
      return downsample ? static_cast<int64_t>(std::ceil(x)) : static_cast<int64_t>(x);
  }
  return 0;
}

size_t clamp_index(int64_t index, size_t length) {
  return static_cast<size_t>(std::min<int64_t>(std::max<int64_t>(index, 0), static_cast<int64_t>(length) - 1));
}

// Keys' cubic convolution kernel with coefficient a, at distance d.
double keys(double d, double a) {
  d = std::fabs(d);
  if (d < 1) return ((a + 2) * d - (a + 3)) * d * d + 1;
  if (d < 2) return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a;
  return 0.0;
}

double triangle(double d) { return std::max(0.0, 1.0 - std::fabs(d)); }

// Divides the weights by their sum (left alone when it is 0).
void normalize(Taps& taps) {
  double sum = 0.0;
  for (const auto& tap : taps) sum += tap.weight;
  if (sum != 0.0)
    for (auto& tap : taps) tap.weight /= sum;
}

// ONNX's filtered taps around x: filter((i - x) * stretch) for the integers i within `radius`
// of x, normalised. Positions outside the input read the edge element, or, with `exclude`,
// are dropped (exclude_outside). Cubic with exclude_outside and ONNX-18 antialias use it.
Taps filtered_taps(double x, double radius, double stretch, bool exclude, size_t length,
                   double (*filter)(double, double), double a) {
  Taps taps;
  const auto low = static_cast<int64_t>(std::floor(x - radius)), high = static_cast<int64_t>(std::ceil(x + radius));
  for (int64_t i = low; i <= high; ++i) {
    const double weight = filter((static_cast<double>(i) - x) * stretch, a);
    if (weight == 0.0) continue;
    const bool outside = i < 0 || i >= static_cast<int64_t>(length);
    if (outside && exclude) continue;
    taps.push_back({clamp_index(i, length), weight});
  }
  normalize(taps);
  return taps;
}

// OpenVINO's `linear`: a triangle filter over the taps inside the input, normalised; with
// antialias a downscale by s < 1 widens the triangle to a support of 1 / s.
Taps triangle_taps(double x, double scale, bool antialias, size_t length) {
  const double a = antialias && scale < 1.0 ? scale : 1.0;
  Taps taps;
  const auto low = std::max<int64_t>(static_cast<int64_t>(std::floor(x - 1.0 / a)), 0);
  const auto high = std::min<int64_t>(static_cast<int64_t>(std::ceil(x + 1.0 / a)), static_cast<int64_t>(length) - 1);
  for (int64_t i = low; i <= high; ++i) {
    const double weight = triangle(a * (x - static_cast<double>(i)));
    if (weight > 0.0) taps.push_back({static_cast<size_t>(i), weight});
  }
  normalize(taps);
  return taps;
}

// Pillow's resampling (ImagingResample): output o centred at (o + 0.5) * in / out; when
// shrinking, the filter is stretched by in / out (always antialiased), its support with it.
// Coordinates ignore coordinate_transformation_mode, and bicubic uses Pillow's a = -0.5 whatever
// cube_coeff says, as in OpenVINO.
AxisTaps pillow_taps(const Attrs& attrs, const AxisResize& axis) {
  const bool cubic = attrs.mode == Mode::BICUBIC_PILLOW;
  const double ratio = static_cast<double>(axis.in_length) / static_cast<double>(axis.out_length);
  const double stretch = std::max(ratio, 1.0);
  const double support = (cubic ? 2.0 : 1.0) * stretch;
  AxisTaps taps(axis.out_length);
  for (size_t o = 0; o < axis.out_length; ++o) {
    const double center = (static_cast<double>(o) + 0.5) * ratio;
    // Pillow truncates toward zero here.
    const auto low = std::max<int64_t>(static_cast<int64_t>(center - support + 0.5), 0);
    const auto high = std::min<int64_t>(static_cast<int64_t>(center + support + 0.5), int64_t(axis.in_length));
    for (int64_t i = low; i < high; ++i) {
      const double d = (static_cast<double>(i) - center + 0.5) / stretch;
      taps[o].push_back({static_cast<size_t>(i), cubic ? keys(d, -0.5) : triangle(d)});
    }
    normalize(taps[o]);
  }
  return taps;
}

Taps cubic_taps(const Attrs& attrs, double x, const AxisResize& axis) {
  const double stretch = attrs.antialias && axis.scale < 1.0 ? axis.scale : 1.0;
  if (attrs.exclude_outside || stretch != 1.0)
    return filtered_taps(x, 2.0 / stretch, stretch, attrs.exclude_outside, axis.in_length, keys, attrs.cube_coeff);
  // Keys' weights of the neighbours at offsets -1, 0, 1, 2 from floor(x); edges repeat.
  const auto low = static_cast<int64_t>(std::floor(x));
  Taps taps;
  for (int64_t k = -1; k <= 2; ++k)
    taps.push_back({clamp_index(low + k, axis.in_length), keys(x - static_cast<double>(low + k), attrs.cube_coeff)});
  return taps;
}

Taps linear_onnx_taps(const Attrs& attrs, double x, const AxisResize& axis) {
  if (attrs.antialias && axis.scale < 1.0)
    return filtered_taps(
        x, 1.0 / axis.scale, axis.scale, attrs.exclude_outside, axis.in_length,
        [](double d, double) { return triangle(d); }, 0.0);
  const double clamped = std::min(std::max(x, 0.0), static_cast<double>(axis.in_length - 1));
  const auto low = static_cast<int64_t>(std::floor(clamped));
  const double t = clamped - static_cast<double>(low);
  return {{clamp_index(low, axis.in_length), 1.0 - t}, {clamp_index(low + 1, axis.in_length), t}};
}

}  // namespace

AxisTaps interpolate_taps(const Attrs& attrs, const AxisResize& axis) {
  if (axis.in_length == 0) return AxisTaps(axis.out_length);
  if (attrs.mode == Mode::BILINEAR_PILLOW || attrs.mode == Mode::BICUBIC_PILLOW) return pillow_taps(attrs, axis);
  AxisTaps taps(axis.out_length);
  const bool crop = attrs.coordinate_transformation_mode == Transform::TF_CROP_AND_RESIZE;
  for (size_t o = 0; o < axis.out_length; ++o) {
    const double x = source_coordinate(attrs.coordinate_transformation_mode, static_cast<double>(o), axis);
    if (crop && (x < 0.0 || x > static_cast<double>(axis.in_length - 1))) {
      taps[o].push_back({kConstantTap, attrs.extrapolation_value});
      continue;
    }
    switch (attrs.mode) {
      case Mode::NEAREST:
        taps[o].push_back({clamp_index(round_nearest(attrs.nearest_mode, x, axis.scale < 1.0), axis.in_length), 1.0});
        break;
      case Mode::LINEAR_ONNX:
        taps[o] = linear_onnx_taps(attrs, x, axis);
        break;
      case Mode::CUBIC:
        taps[o] = cubic_taps(attrs, x, axis);
        break;
      case Mode::LINEAR:
        taps[o] = triangle_taps(x, axis.scale, attrs.antialias, axis.in_length);
        break;
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
        for (const auto& tap : taps[p])
          sum += tap.index == kConstantTap ? tap.weight : tap.weight * values[(o * in_length + tap.index) * inner + i];
        result[(o * out_length + p) * inner + i] = sum;
      }
  shape[axis] = out_length;
  return result;
}

}  // namespace reference
}  // namespace ferry
