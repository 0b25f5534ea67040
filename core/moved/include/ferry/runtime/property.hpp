#pragma once

// ferry/runtime/property.hpp moved to ferry/value/property.hpp (a2cc634, plugin API version 1). This forwarding header
// keeps code written against the old path compiling, and says so; it is removed after plugin API
// version 3 (docs/SDK_COMPATIBILITY.md).
#pragma message( \
    "ferry/runtime/property.hpp is deprecated, include ferry/value/property.hpp: the old path is removed after Ferry plugin API version 3 (docs/SDK_COMPATIBILITY.md)")

#include "ferry/value/property.hpp"
