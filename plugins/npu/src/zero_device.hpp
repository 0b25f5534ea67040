#pragma once

// The NPUs the Level Zero loader finds: every device of type VPU of every driver, enumerated once
// per process (zeInit may be called once; the loader reads its environment then).

#include <level_zero/ze_api.h>

#include <memory>
#include <string>
#include <vector>

#include "ferry/value/properties.hpp"
#include "zero_api.hpp"

namespace ferry::npu::plugin {

class ZeroDevice {
 public:
  ZeroDevice(std::shared_ptr<const ZeroDriver> driver, ze_device_handle_t handle);

  const ZeroDriver& driver() const { return *m_driver; }
  ze_device_handle_t handle() const { return m_handle; }
  const std::string& name() const { return m_name; }
  const device::UUID& uuid() const { return m_uuid; }
  uint64_t total_memory() const { return m_total_memory; }
  uint32_t queues() const { return m_queues; }  // queues of its compute group
  uint32_t queue_group() const { return m_queue_group; }
  // The architecture the device reports: "<vendor id>.<device id>" as hex (its name without ids).
  const std::string& architecture() const { return m_architecture; }
  uint32_t tiles() const { return m_tiles; }

  // Throws naming the call when `result` is a failure (the driver's reason included).
  void check(ze_result_t result, const char* call) const { m_driver->check(result, call); }

 private:
  std::shared_ptr<const ZeroDriver> m_driver;
  ze_device_handle_t m_handle;
  std::string m_name;
  std::string m_architecture;
  device::UUID m_uuid;
  uint64_t m_total_memory = 0;
  uint32_t m_queues = 1;
  uint32_t m_queue_group = 0;
  uint32_t m_tiles = 1;
};

// The process's NPUs, in driver order then device order (DEVICE_ID "0", "1"...). Empty when no
// loader driver offers one; why() then says what zeInit or the enumeration answered.
class ZeroDevices {
 public:
  static const ZeroDevices& get();

  const std::vector<std::shared_ptr<const ZeroDevice>>& devices() const { return m_devices; }
  // The device of DEVICE_ID `id`; throws naming the ids there are.
  const std::shared_ptr<const ZeroDevice>& at(const std::string& id) const;
  std::vector<std::string> ids() const;

 private:
  ZeroDevices();
  std::vector<std::shared_ptr<const ZeroDevice>> m_devices;
  std::string m_why_none;
};

}  // namespace ferry::npu::plugin
