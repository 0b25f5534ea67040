#pragma once

// ferry/plugin/itensor.hpp moved to ferry/value/itensor.hpp (a2cc634, plugin API version 1). This forwarding header
// keeps code written against the old path compiling, and says so; it stays until at least
// 2027-05-25, six months after the move (docs/SDK_COMPATIBILITY.md).
#pragma message( \
    "ferry/plugin/itensor.hpp is deprecated, include ferry/value/itensor.hpp: the old path is kept until at least 2027-05-25 (docs/SDK_COMPATIBILITY.md)")

#include "ferry/value/itensor.hpp"
