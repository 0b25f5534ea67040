#pragma once

// ferry/graph/partial_shape.hpp moved to ferry/base/partial_shape.hpp (a2cc634, plugin API version 1). This forwarding
// header keeps code written against the old path compiling, and says so; it is removed after plugin API version 3
// (docs/SDK_COMPATIBILITY.md).
#pragma message( \
    "ferry/graph/partial_shape.hpp is deprecated, include ferry/base/partial_shape.hpp: the old path is removed after Ferry plugin API version 3 (docs/SDK_COMPATIBILITY.md)")

#include "ferry/base/partial_shape.hpp"
