#pragma once

#include "ferry/value/itensor.hpp"

namespace ferry {

// Copies the elements of `src` into `dst`, both host tensors of one element type and shape,
// following each side's byte strides.
void copy_host(const ITensor& src, const ITensor& dst);

}  // namespace ferry
