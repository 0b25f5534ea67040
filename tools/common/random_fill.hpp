#pragma once

// Seeded input data for the tools: the same seed gives the same bytes on every machine (the
// generator is std::mt19937_64, whose sequence the standard fixes, mapped to values by hand
// rather than by the library's distributions, whose output varies between implementations).

#include <cstdint>

#include "ferry/base/exception.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::tools {

// Fills a host tensor: real types uniform in [-1, 1), integer types uniform in [0, 10) (small
// non-negative values stay valid as indices and sizes), boolean 0 or 1, packed types (u1, u4,
// i4) random bytes. Throws ferry::Exception for a tensor that is not in host memory.
void fill_random(const Tensor& tensor, uint64_t seed);

}  // namespace ferry::tools
