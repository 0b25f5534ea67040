#pragma once

// ferry/runtime/supported_ops.hpp moved to ferry/value/supported_ops.hpp (a2cc634, plugin API version 1). This
// forwarding header keeps code written against the old path compiling, and says so; it is removed after plugin API
// version 3 (docs/SDK_COMPATIBILITY.md).
#pragma message( \
    "ferry/runtime/supported_ops.hpp is deprecated, include ferry/value/supported_ops.hpp: the old path is removed after Ferry plugin API version 3 (docs/SDK_COMPATIBILITY.md)")

#include "ferry/value/supported_ops.hpp"
