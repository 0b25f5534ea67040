#pragma once

// ferry/graph/float16.hpp moved to ferry/base/float16.hpp (a2cc634, plugin API version 1). This forwarding header
// keeps code written against the old path compiling, and says so; it stays until at least
// 2027-05-25, six months after the move (docs/SDK_COMPATIBILITY.md).
#pragma message( \
    "ferry/graph/float16.hpp is deprecated, include ferry/base/float16.hpp: the old path is kept until at least 2027-05-25 (docs/SDK_COMPATIBILITY.md)")

#include "ferry/base/float16.hpp"
