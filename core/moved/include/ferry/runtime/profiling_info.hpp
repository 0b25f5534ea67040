#pragma once

// ferry/runtime/profiling_info.hpp moved to ferry/value/profiling_info.hpp (a2cc634, plugin API version 1). This
// forwarding header keeps code written against the old path compiling, and says so; it is removed after plugin API
// version 3 (docs/SDK_COMPATIBILITY.md).
#pragma message( \
    "ferry/runtime/profiling_info.hpp is deprecated, include ferry/value/profiling_info.hpp: the old path is removed after Ferry plugin API version 3 (docs/SDK_COMPATIBILITY.md)")

#include "ferry/value/profiling_info.hpp"
