#pragma once

// Normalisations over a set of axes: MVN (subtract the mean, divide by the standard deviation)
// and NormalizeL2 (divide by the L2 norm). Statistics accumulate in double.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "core/src/graph/reference/reduce.hpp"
#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// For every input element, the row-major index of its kept coordinates (its statistics slot).
inline std::vector<size_t> reduction_slots(const Shape& shape, const std::vector<bool>& reduced) {
  const size_t rank = shape.size();
  std::vector<size_t> stride(rank, 0);
  size_t count = 1;
  for (size_t axis = rank; axis-- > 0;) {
    if (!reduced[axis]) {
      stride[axis] = count;
      count *= shape[axis];
    }
  }
  std::vector<size_t> slots(shape_size(shape));
  std::vector<size_t> index(rank, 0);
  size_t slot = 0;
  for (size_t i = 0; i < slots.size(); ++i) {
    slots[i] = slot;
    for (size_t axis = rank; axis-- > 0;) {
      slot += stride[axis];
      if (++index[axis] < shape[axis]) break;
      slot -= stride[axis] * index[axis];
      index[axis] = 0;
    }
  }
  return slots;
}

// (x - mean) / sqrt(var + eps) (inside_sqrt) or / (sqrt(var) + eps); only the centring when
// !normalize_variance. Variance is the population variance (divides by the group size).
template <typename T>
void mvn(const T* in, T* out, const Shape& shape, const std::vector<bool>& reduced, bool normalize_variance, double eps,
         bool inside_sqrt) {
  const std::vector<size_t> slots = reduction_slots(shape, reduced);
  const size_t groups = reduced_output_count(shape, reduced);
  const double group = static_cast<double>(reduced_group_size(shape, reduced));
  std::vector<double> mean(groups, 0.0), var(groups, 0.0);
  for (size_t i = 0; i < slots.size(); ++i) mean[slots[i]] += static_cast<double>(in[i]);
  for (double& m : mean) m /= group;
  for (size_t i = 0; i < slots.size(); ++i) {
    const double d = static_cast<double>(in[i]) - mean[slots[i]];
    var[slots[i]] += d * d;
  }
  for (size_t i = 0; i < slots.size(); ++i) {
    const size_t s = slots[i];
    double y = static_cast<double>(in[i]) - mean[s];
    if (normalize_variance) {
      const double v = var[s] / group;
      y /= inside_sqrt ? std::sqrt(v + eps) : std::sqrt(v) + eps;
    }
    out[i] = static_cast<T>(y);
  }
}

// x / sqrt(sum(x^2) + eps) (eps_add) or x / sqrt(max(sum(x^2), eps)).
template <typename T>
void normalize_l2(const T* in, T* out, const Shape& shape, const std::vector<bool>& reduced, double eps, bool eps_add) {
  const std::vector<size_t> slots = reduction_slots(shape, reduced);
  std::vector<double> sums(reduced_output_count(shape, reduced), 0.0);
  for (size_t i = 0; i < slots.size(); ++i) sums[slots[i]] += static_cast<double>(in[i]) * static_cast<double>(in[i]);
  for (double& s : sums) s = std::sqrt(eps_add ? s + eps : std::max(s, eps));
  for (size_t i = 0; i < slots.size(); ++i) out[i] = static_cast<T>(static_cast<double>(in[i]) / sums[slots[i]]);
}

}  // namespace reference
}  // namespace ferry
