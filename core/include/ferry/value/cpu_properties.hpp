#pragma once

// Keys of OpenVINO's CPU device (`ov::intel_cpu::` through ferry/compat/openvino.hpp). Ferry has
// no CPU device: the keys exist so that code setting them compiles, and every Ferry device
// refuses them by name. The CPU threading hints are in properties.hpp (ferry::hint).
#include "ferry/value/property.hpp"

namespace ferry {
namespace cpu {

inline constexpr Property<bool> denormals_optimization{"CPU_DENORMALS_OPTIMIZATION"};
inline constexpr Property<float> sparse_weights_decompression_rate{"CPU_SPARSE_WEIGHTS_DECOMPRESSION_RATE"};

}  // namespace cpu
}  // namespace ferry
