#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry {
namespace reference {

// Where output coordinate `o` of one axis reads from in an input axis of length `length`
// padded by `begin` in front: an input coordinate, or -1 for the constant. Mode per PadMode
// order: 0 constant, 1 edge, 2 reflect (mirror without the edge), 3 symmetric (with it).
int64_t pad_source(int64_t o, int64_t begin, int64_t length, int mode);

// Pads (or, for negative pads, crops) a dense row-major tensor of `element_size`-byte elements.
// `fill` is one element's bytes, used in constant mode.
void pad(const void* in, void* out, size_t element_size, const Shape& in_shape, const Shape& out_shape,
         const std::vector<int64_t>& begin, int mode, const void* fill);

}  // namespace reference
}  // namespace ferry
