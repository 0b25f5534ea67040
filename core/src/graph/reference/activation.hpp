#pragma once

// Scalar activation functions, written for floating-point T (f32 or f64).

#include <algorithm>
#include <cmath>

namespace ferry {
namespace reference {

template <typename T>
T hsigmoid(T x) {
  return std::min(std::max(x + T(3), T(0)), T(6)) / T(6);
}

template <typename T>
T hswish(T x) {
  return x * hsigmoid(x);
}

// ln(1 + e^x) = max(x, 0) + ln(1 + e^-|x|): never overflows, exact for large |x|.
template <typename T>
T softplus(T x) {
  return std::max(x, T(0)) + std::log1p(std::exp(-std::abs(x)));
}

template <typename T>
T mish(T x) {
  return x * std::tanh(softplus(x));
}

template <typename T>
T elu(T x, T alpha) {
  return x > T(0) ? x : alpha * std::expm1(x);
}

template <typename T>
T swish(T x, T beta) {
  return x / (T(1) + std::exp(-beta * x));
}

template <typename T>
T prelu(T x, T slope) {
  return x < T(0) ? x * slope : x;
}

}  // namespace reference
}  // namespace ferry
