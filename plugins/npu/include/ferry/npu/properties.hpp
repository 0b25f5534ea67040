#pragma once

// The NPU plugin's own keys (ov::intel_npu through ferry/compat/openvino.hpp), with OpenVINO's
// names. The shared keys (FULL_DEVICE_NAME, DEVICE_UUID, NUM_STREAMS...) are in
// ferry/value/properties.hpp.

#include <cstdint>

#include "ferry/value/property.hpp"

namespace ferry::npu {

// The device's memory in bytes, as its Level Zero driver reports it (zeDeviceGetMemoryProperties).
inline constexpr Property<uint64_t, PropertyMutability::RO> device_total_mem_size{"NPU_DEVICE_TOTAL_MEM_SIZE"};
// Bytes of device-visible memory the plugin holds now: its contexts' allocations (remote tensors,
// host tensors, staging buffers).
inline constexpr Property<uint64_t, PropertyMutability::RO> device_alloc_mem_size{"NPU_DEVICE_ALLOC_MEM_SIZE"};
// The Level Zero driver's version (ze_driver_properties_t::driverVersion).
inline constexpr Property<uint32_t, PropertyMutability::RO> driver_version{"NPU_DRIVER_VERSION"};
// Bytes the plugin has copied between the application's memory and the device's since it loaded:
// host tensors that are not Level Zero memory of the model's context (one copy in, one out) and
// remote tensors read or written with copy_to / copy_from. Zero-copy paths add nothing.
inline constexpr Property<uint64_t, PropertyMutability::RO> copied_bytes{"NPU_COPIED_BYTES"};

}  // namespace ferry::npu
