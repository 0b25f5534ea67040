#include "zero_device.hpp"

#include <cstdio>
#include <cstring>

#include "ferry/base/exception.hpp"

namespace ferry::npu::plugin {

ZeroDevice::ZeroDevice(std::shared_ptr<const ZeroDriver> driver, ze_device_handle_t handle)
    : m_driver(std::move(driver)), m_handle(handle) {
  ze_device_properties_t properties{};
  properties.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
  check(zeDeviceGetProperties(handle, &properties), "zeDeviceGetProperties");
  m_name = properties.name;
  static_assert(ZE_MAX_DEVICE_UUID_SIZE == device::UUID::MAX_UUID_SIZE, "UUID sizes differ");
  std::memcpy(m_uuid.uuid.data(), properties.uuid.id, ZE_MAX_DEVICE_UUID_SIZE);
  // The PCI ids, as "<vendor>.<device>" in hex; a device without them (a simulator) by its name.
  char architecture[32];
  std::snprintf(architecture, sizeof(architecture), "%x.%x", properties.vendorId, properties.deviceId);
  m_architecture = properties.vendorId || properties.deviceId ? std::string(architecture) : m_name;
  m_tiles = std::max(1u, properties.numSlices);

  uint32_t count = 0;
  check(zeDeviceGetMemoryProperties(handle, &count, nullptr), "zeDeviceGetMemoryProperties");
  std::vector<ze_device_memory_properties_t> memories(count);
  for (auto& memory : memories) memory.stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES;
  check(zeDeviceGetMemoryProperties(handle, &count, memories.data()), "zeDeviceGetMemoryProperties");
  for (const auto& memory : memories) m_total_memory += memory.totalSize;

  count = 0;
  check(zeDeviceGetCommandQueueGroupProperties(handle, &count, nullptr), "zeDeviceGetCommandQueueGroupProperties");
  std::vector<ze_command_queue_group_properties_t> groups(count);
  for (auto& group : groups) group.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES;
  check(zeDeviceGetCommandQueueGroupProperties(handle, &count, groups.data()),
        "zeDeviceGetCommandQueueGroupProperties");
  for (uint32_t i = 0; i < count; ++i) {
    if (groups[i].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE) {
      m_queue_group = i;
      m_queues = std::max(1u, groups[i].numQueues);
      break;
    }
  }
}

const ZeroDevices& ZeroDevices::get() {
  static const ZeroDevices devices;  // thread-safe once: zeInit runs one time
  return devices;
}

ZeroDevices::ZeroDevices() {
  const ze_result_t init = zeInit(0);
  if (init != ZE_RESULT_SUCCESS) {
    m_why_none = "zeInit found no Level Zero driver (" + result_name(init) +
                 "); for Ferry's simulated NPU set ZE_ENABLE_ALT_DRIVERS to the absolute path of "
                 "libze_ferry_npu_simulator.so";
    return;
  }
  uint32_t driver_count = 0;
  if (zeDriverGet(&driver_count, nullptr) != ZE_RESULT_SUCCESS || driver_count == 0) {
    m_why_none = "the Level Zero loader lists no driver";
    return;
  }
  std::vector<ze_driver_handle_t> drivers(driver_count);
  zeDriverGet(&driver_count, drivers.data());
  for (ze_driver_handle_t handle : drivers) {
    uint32_t device_count = 0;
    if (zeDeviceGet(handle, &device_count, nullptr) != ZE_RESULT_SUCCESS) continue;
    std::vector<ze_device_handle_t> devices(device_count);
    if (zeDeviceGet(handle, &device_count, devices.data()) != ZE_RESULT_SUCCESS) continue;
    std::shared_ptr<const ZeroDriver> driver;
    for (ze_device_handle_t device : devices) {
      ze_device_properties_t properties{};
      properties.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
      if (zeDeviceGetProperties(device, &properties) != ZE_RESULT_SUCCESS) continue;
      if (properties.type != ZE_DEVICE_TYPE_VPU) continue;
      if (!driver) driver = std::make_shared<ZeroDriver>(handle);
      m_devices.push_back(std::make_shared<ZeroDevice>(driver, device));
    }
  }
  if (m_devices.empty()) m_why_none = "no Level Zero driver offers an NPU (a device of type VPU)";
}

const std::shared_ptr<const ZeroDevice>& ZeroDevices::at(const std::string& id) const {
  FERRY_ASSERT(!m_devices.empty(), "NPU: no NPU is available: ", m_why_none);
  size_t index = m_devices.size();
  try {
    size_t end = 0;
    index = std::stoul(id, &end);
    if (end != id.size()) index = m_devices.size();
  } catch (const std::exception&) {
  }
  FERRY_ASSERT(index < m_devices.size(), "NPU: DEVICE_ID '", id, "' names no NPU (there are ", m_devices.size(),
               ": 0..", m_devices.size() - 1, ")");
  return m_devices[index];
}

std::vector<std::string> ZeroDevices::ids() const {
  std::vector<std::string> ids;
  for (size_t i = 0; i < m_devices.size(); ++i) ids.push_back(std::to_string(i));
  return ids;
}

}  // namespace ferry::npu::plugin
