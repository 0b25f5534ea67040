#include "core/src/graph/reference/scatter.hpp"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace reference {
namespace {

bool resolve(int64_t& index, size_t length) {
  if (index < 0) index += int64_t(length);
  return index >= 0 && index < int64_t(length);
}

// Combines element `from` into `to` (both of storage type T) under `reduction`; reals are
// combined in double, integers in int64 (booleans: sum is or, prod is and).
template <typename T>
void combine(T* to, const T* from, size_t count, ScatterReduction reduction) {
  using Acc = typename std::conditional<is_real_element<T>::value, double, int64_t>::type;
  for (size_t k = 0; k < count; ++k) {
    const Acc a = static_cast<Acc>(to[k]), b = static_cast<Acc>(from[k]);
    Acc r = b;
    switch (reduction) {
      case ScatterReduction::NONE:
        r = b;
        break;
      case ScatterReduction::SUM:
      case ScatterReduction::MEAN:
        r = a + b;
        break;
      case ScatterReduction::SUB:
        r = a - b;
        break;
      case ScatterReduction::PROD:
        r = a * b;
        break;
      case ScatterReduction::MIN:
        r = std::min(a, b);
        break;
      case ScatterReduction::MAX:
        r = std::max(a, b);
        break;
    }
    if constexpr (std::is_same<T, char>::value)
      to[k] = static_cast<char>(r != 0);
    else
      to[k] = convert_element<T, Acc>(r);
  }
}

// Elementwise update. Without use_init_val the first update to reach an element replaces its
// value; mean divides by the number of values combined into the element.
template <typename T>
void scatter_typed(T* out, size_t total, const std::vector<size_t>& targets, const T* updates,
                   ScatterReduction reduction, bool use_init_val) {
  if (reduction == ScatterReduction::NONE) {
    for (size_t i = 0; i < targets.size(); ++i) out[targets[i]] = updates[i];
    return;
  }
  std::vector<size_t> count(total, 0);
  for (size_t i = 0; i < targets.size(); ++i) {
    const size_t t = targets[i];
    if (count[t]++ == 0 && !use_init_val)
      out[t] = updates[i];
    else
      combine(out + t, updates + i, 1, reduction);
  }
  if (reduction != ScatterReduction::MEAN || std::is_same<T, char>::value) return;
  for (size_t t = 0; t < total; ++t) {
    const size_t n = count[t] + (use_init_val ? 1 : 0);
    if (count[t] == 0 || n <= 1) continue;
    if constexpr (is_real_element<T>::value)
      out[t] = convert_element<T, double>(static_cast<double>(out[t]) / double(n));
    else
      out[t] = static_cast<T>(static_cast<int64_t>(out[t]) / int64_t(n));
  }
}

void dispatch(char* out, size_t total, const std::vector<size_t>& targets, const char* updates, size_t slice,
              const element::Type& type, ScatterReduction reduction, bool use_init_val) {
  const size_t size = type.size();
  if (reduction == ScatterReduction::NONE) {
    for (size_t i = 0; i < targets.size(); ++i)
      std::memcpy(out + targets[i] * slice * size, updates + i * slice * size, slice * size);
    return;
  }
  // Expand slice targets to element targets.
  std::vector<size_t> elements;
  elements.reserve(targets.size() * slice);
  for (const size_t t : targets)
    for (size_t k = 0; k < slice; ++k) elements.push_back(t * slice + k);
  element::visit_storage(type, "scatter reduction", [&](auto tag) {
    using T = typename decltype(tag)::type;
    scatter_typed(reinterpret_cast<T*>(out), total, elements, reinterpret_cast<const T*>(updates), reduction,
                  use_init_val);
  });
}

}  // namespace

bool scatter_elements(char* out, const Shape& data_shape, const std::vector<int64_t>& indices, const char* updates,
                      const Shape& updates_shape, size_t axis, const element::Type& type, ScatterReduction reduction,
                      bool use_init_val) {
  const size_t count = shape_size(updates_shape);
  const Strides strides = row_major_strides(data_shape);
  const size_t rank = updates_shape.size();
  std::vector<size_t> coord(rank, 0), targets(count);
  for (size_t i = 0; i < count; ++i) {
    int64_t index = indices[i];
    if (!resolve(index, data_shape[axis])) return false;
    size_t offset = 0;
    for (size_t k = 0; k < rank; ++k) offset += (k == axis ? size_t(index) : coord[k]) * strides[k];
    targets[i] = offset;
    for (size_t k = rank; k-- > 0;) {
      if (++coord[k] < updates_shape[k]) break;
      coord[k] = 0;
    }
  }
  dispatch(out, shape_size(data_shape), targets, updates, 1, type, reduction, use_init_val);
  return true;
}

bool scatter_nd(char* out, const Shape& data_shape, const std::vector<int64_t>& indices, const Shape& indices_shape,
                const char* updates, const element::Type& type, ScatterReduction reduction) {
  const size_t depth = indices_shape.back();
  const size_t tuples = depth ? indices.size() / depth : shape_size(indices_shape);
  size_t slice = 1;
  for (size_t k = depth; k < data_shape.size(); ++k) slice *= data_shape[k];
  if (slice == 0 || tuples == 0) return true;
  const Strides strides = row_major_strides(data_shape);
  std::vector<size_t> targets(tuples);
  for (size_t t = 0; t < tuples; ++t) {
    size_t offset = 0;
    for (size_t k = 0; k < depth; ++k) {
      int64_t index = indices[t * depth + k];
      if (!resolve(index, data_shape[k])) return false;
      offset += size_t(index) * strides[k];
    }
    targets[t] = offset / slice;
  }
  dispatch(out, shape_size(data_shape), targets, updates, slice, type, reduction, true);
  return true;
}

}  // namespace reference
}  // namespace ferry
