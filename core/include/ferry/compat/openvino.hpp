#pragma once

// Lets code written against OpenVINO's C++ API compile against Ferry with only its includes
// changed: `ov::` spells `ferry::`, `ov::intel_gpu` the GPU plugin's namespace and
// `ov::intel_npu` the NPU plugin's.
#include "ferry/ferry.hpp"

namespace ferry {
namespace gpu {}
namespace npu {}
namespace intel_gpu = ::ferry::gpu;
namespace intel_npu = ::ferry::npu;
}  // namespace ferry

namespace ov = ::ferry;
