#pragma once

#include "ferry/graph/ops/pad.hpp"

namespace ferry {
namespace preprocess {

// PreProcessSteps::pad: CONSTANT, EDGE, REFLECT or SYMMETRIC, as the Pad op.
using PaddingMode = op::PadMode;

}  // namespace preprocess
}  // namespace ferry
