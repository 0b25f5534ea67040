#pragma once

// Strided slicing of any element size, with numpy's rules for clamping start and stop.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// One axis of a slice: the first element read, the step, and how many.
struct SliceAxis {
  int64_t first = 0;
  int64_t step = 1;
  size_t count = 0;
};

// numpy semantics: negative start/stop count from the end, then clamp to the axis
// ([0, length] for positive steps, [-1, length-1] for negative ones). step must not be 0.
SliceAxis slice_axis(int64_t start, int64_t stop, int64_t step, size_t length);

// out[i...] = in[first_k + i_k * step_k ...] over every axis (one SliceAxis per input axis).
void strided_copy(const char* in, const Shape& in_shape, char* out, const std::vector<SliceAxis>& axes,
                  size_t element_size);

}  // namespace reference
}  // namespace ferry
