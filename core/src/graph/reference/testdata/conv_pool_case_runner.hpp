#pragma once

// Test-only helpers: run one generated ConvPoolCase through the reference kernels in any element
// type, and compare with a stated tolerance. No gtest dependency, so op tests can reuse it.

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "core/src/graph/reference/convolution.hpp"
#include "core/src/graph/reference/pooling.hpp"
#include "core/src/graph/reference/testdata/conv_pool_vectors.hpp"

namespace ferry::reference::testdata {

inline WindowParams resolved_params(const ConvPoolCase& c) {
  return {c.strides, c.dilations, c.resolved_pads_begin, c.resolved_pads_end};
}

inline std::size_t element_count(const std::vector<std::size_t>& shape) {
  std::size_t n = 1;
  for (std::size_t d : shape) n *= d;
  return n;
}

template <typename T>
std::vector<T> converted(const std::vector<float>& values, float scale = 1.0f, float offset = 0.0f) {
  std::vector<T> out;
  out.reserve(values.size());
  for (float v : values) out.push_back(static_cast<T>(v * scale + offset));
  return out;
}

// Runs the case's op in T on its data scaled as `data * scale + offset` (weights: `* scale`), and
// returns the output converted to double. `indices` receives MaxPool's indices when not null.
template <typename T>
std::vector<double> run_case(const ConvPoolCase& c, float scale = 1.0f, float offset = 0.0f,
                             std::vector<std::int64_t>* indices = nullptr) {
  const std::string op = c.op;
  const WindowParams params = resolved_params(c);
  const std::vector<T> data = converted<T>(c.data, scale, offset);
  std::vector<T> out(element_count(c.out_shape));
  if (op == "conv" || op == "group_conv") {
    const std::vector<T> weights = converted<T>(c.weights, scale);
    if (op == "conv") {
      convolution(data.data(), weights.data(), out.data(), c.data_shape, c.weights_shape, c.out_shape, params);
    } else {
      group_convolution(data.data(), weights.data(), out.data(), c.data_shape, c.weights_shape, c.out_shape, params);
    }
  } else if (op == "max_pool") {
    std::vector<std::int64_t> found(out.size());
    max_pool(data.data(), out.data(), found.data(), c.data_shape, c.out_shape, c.weights_shape, params, c.axis);
    if (indices != nullptr) *indices = found;
  } else if constexpr (!std::is_integral_v<T>) {
    avg_pool(data.data(), out.data(), c.data_shape, c.out_shape, c.weights_shape, params, c.exclude_pad);
  }
  std::vector<double> result;
  for (const T& v : out) result.push_back(static_cast<double>(v));
  return result;
}

// "" when every |actual - expected| <= rel * |expected| + abs; else the first mismatches.
inline std::string mismatches(const std::vector<double>& actual, const std::vector<double>& expected, double rel,
                              double abs) {
  std::ostringstream report;
  if (actual.size() != expected.size()) {
    report << "size " << actual.size() << " != expected " << expected.size();
    return report.str();
  }
  int shown = 0;
  for (std::size_t i = 0; i < actual.size() && shown < 5; ++i) {
    const double e = expected[i];
    if (!(std::fabs(actual[i] - e) <= rel * std::fabs(e) + abs)) {
      report << " [" << i << "] " << actual[i] << " vs " << e << ";";
      ++shown;
    }
  }
  return report.str();
}

inline std::string mismatches(const std::vector<double>& actual, const std::vector<float>& expected, double rel,
                              double abs) {
  return mismatches(actual, std::vector<double>(expected.begin(), expected.end()), rel, abs);
}

}  // namespace ferry::reference::testdata
