#pragma once

// TopK along one axis: per slice, the k best elements (largest or smallest) with their indices.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// `shape` is the input's; the outputs hold `k` (<= shape[axis]) elements along `axis`. Equal
// values keep the lower index first; NaN ranks above every number.
// by_index: the kept elements come out in ascending index order instead of best first.
template <typename T, typename Index>
void topk(const T* in, T* values, Index* indices, const Shape& shape, size_t axis, size_t k, bool largest,
          bool by_index) {
  size_t outer = 1, inner = 1;
  for (size_t i = 0; i < axis; ++i) outer *= shape[i];
  for (size_t i = axis + 1; i < shape.size(); ++i) inner *= shape[i];
  const size_t length = shape[axis];
  std::vector<size_t> order(length);
  for (size_t o = 0; o < outer; ++o) {
    for (size_t i = 0; i < inner; ++i) {
      const T* x = in + o * length * inner + i;
      std::iota(order.begin(), order.end(), size_t{0});
      auto better = [&](size_t a, size_t b) {
        const double va = static_cast<double>(x[a * inner]), vb = static_cast<double>(x[b * inner]);
        const bool nan_a = std::isnan(va), nan_b = std::isnan(vb);
        if (nan_a || nan_b) return largest ? nan_a && !nan_b : !nan_a && nan_b;  // NaN ranks highest
        return largest ? va > vb : va < vb;
      };
      std::stable_sort(order.begin(), order.end(), better);
      if (by_index) std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k));
      for (size_t j = 0; j < k; ++j) {
        const size_t out = o * k * inner + j * inner + i;
        values[out] = x[order[j] * inner];
        indices[out] = static_cast<Index>(order[j]);
      }
    }
  }
}

}  // namespace reference
}  // namespace ferry
