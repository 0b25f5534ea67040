#pragma once

// Keys of OpenVINO's CPU device (`ov::intel_cpu::` through ferry/compat/openvino.hpp) that
// Ferry's CPU device does not implement: the keys exist so that code setting them compiles, and
// every Ferry device, CPU included, refuses them by name. The CPU threading hints are in
// properties.hpp (ferry::hint); the CPU device's own keys in ferry/cpu/properties.hpp.
#include "ferry/value/property.hpp"

namespace ferry {
namespace cpu {

inline constexpr Property<bool> denormals_optimization{"CPU_DENORMALS_OPTIMIZATION"};
inline constexpr Property<float> sparse_weights_decompression_rate{"CPU_SPARSE_WEIGHTS_DECOMPRESSION_RATE"};

}  // namespace cpu
}  // namespace ferry
