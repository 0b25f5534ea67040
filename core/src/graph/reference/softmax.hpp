#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// Softmax along `axis`, subtracting the maximum first so large inputs do not overflow.
template <typename T>
void softmax(const T* in, T* out, const Shape& shape, size_t axis) {
  size_t outer = 1, inner = 1;
  for (size_t i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  const size_t length = shape.empty() ? 1 : shape[axis];
  for (size_t o = 0; o < outer; ++o) {
    for (size_t i = 0; i < inner; ++i) {
      const T* x = in + o * length * inner + i;
      T* y = out + o * length * inner + i;
      if (length == 0) continue;
      T max_value = x[0];
      for (size_t k = 1; k < length; ++k) max_value = std::max(max_value, x[k * inner]);
      T sum = 0;
      for (size_t k = 0; k < length; ++k) {
        y[k * inner] = std::exp(x[k * inner] - max_value);
        sum += y[k * inner];
      }
      for (size_t k = 0; k < length; ++k) y[k * inner] /= sum;
    }
  }
}

// log(softmax(x)) along `axis`: x - max - log(sum(exp(x - max))), in double.
template <typename T>
void log_softmax(const T* in, T* out, const Shape& shape, size_t axis) {
  size_t outer = 1, inner = 1;
  for (size_t i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  const size_t length = shape.empty() ? 1 : shape[axis];
  for (size_t o = 0; o < outer; ++o) {
    for (size_t i = 0; i < inner; ++i) {
      const T* x = in + o * length * inner + i;
      T* y = out + o * length * inner + i;
      if (length == 0) continue;
      double max_value = static_cast<double>(x[0]);
      for (size_t k = 1; k < length; ++k) max_value = std::max(max_value, static_cast<double>(x[k * inner]));
      double sum = 0;
      for (size_t k = 0; k < length; ++k) sum += std::exp(static_cast<double>(x[k * inner]) - max_value);
      const double shift = max_value + std::log(sum);
      for (size_t k = 0; k < length; ++k) y[k * inner] = static_cast<T>(static_cast<double>(x[k * inner]) - shift);
    }
  }
}

}  // namespace reference
}  // namespace ferry
