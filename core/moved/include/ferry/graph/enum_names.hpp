#pragma once

// ferry/graph/enum_names.hpp moved to ferry/base/enum_names.hpp (a2cc634, plugin API version 1). This forwarding header
// keeps code written against the old path compiling, and says so; it is removed after plugin API
// version 3 (docs/SDK_COMPATIBILITY.md).
#pragma message( \
    "ferry/graph/enum_names.hpp is deprecated, include ferry/base/enum_names.hpp: the old path is removed after Ferry plugin API version 3 (docs/SDK_COMPATIBILITY.md)")

#include "ferry/base/enum_names.hpp"
