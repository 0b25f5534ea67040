#pragma once

#include <level_zero/ze_api.h>

namespace ferry::npu::simulator {

// The version this driver reports (ze_driver_properties_t::driverVersion); graph blobs record
// it, so a blob from another version is refused.
constexpr uint32_t kDriverVersion = ZE_MAKE_VERSION(1, 0);

// The device's properties, measured on the host that simulates it. The caller's stype and
// pNext are kept.
void fill_device_properties(ze_device_properties_t& properties);
void fill_driver_properties(ze_driver_properties_t& properties);

}  // namespace ferry::npu::simulator
