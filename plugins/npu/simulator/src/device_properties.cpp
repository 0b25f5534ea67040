#include "device_properties.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>

#include "memory_storage.hpp"

namespace ferry::npu::simulator {
namespace {

constexpr char kDeviceName[] = "Ferry NPU simulator (on the host CPU)";
constexpr uint8_t kUuidTag[] = {'f', 'e', 'r', 'r', 'y', '-', 'n', 'p', 'u', '-', 's', 'i', 'm'};

// The CPU's highest clock in MHz: cpufreq's maximum where the kernel exposes it, else the
// current clock /proc/cpuinfo reports.
uint32_t cpu_clock_mhz() {
  std::ifstream max_khz("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  uint64_t khz = 0;
  if (max_khz >> khz && khz > 0) return static_cast<uint32_t>(khz / 1000);
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("cpu MHz", 0) == 0) {
      auto colon = line.find(':');
      if (colon != std::string::npos) return static_cast<uint32_t>(std::stod(line.substr(colon + 1)));
    }
  }
  return 0;
}

// f32 lanes of the widest vector unit the CPU has.
uint32_t simd_width() {
  if (__builtin_cpu_supports("avx512f")) return 16;
  if (__builtin_cpu_supports("avx2")) return 8;
  return 4;
}

void fill_uuid(uint8_t* id, uint8_t kind) {
  std::memset(id, 0, ZE_MAX_DEVICE_UUID_SIZE);
  std::memcpy(id, kUuidTag, sizeof kUuidTag);
  id[ZE_MAX_DEVICE_UUID_SIZE - 1] = kind;
}

}  // namespace

void fill_device_properties(ze_device_properties_t& properties) {
  const ze_structure_type_t stype = properties.stype;
  void* next = properties.pNext;
  properties = {};
  properties.stype = stype;
  properties.pNext = next;
  properties.type = ZE_DEVICE_TYPE_VPU;
  properties.vendorId = 0;  // no PCI vendor: a simulator
  properties.deviceId = 0;
  properties.flags = ZE_DEVICE_PROPERTY_FLAG_INTEGRATED;  // it computes in host memory
  properties.coreClockRate = cpu_clock_mhz();
  properties.maxMemAllocSize = device_memory_size();
  properties.maxHardwareContexts = 1024;
  properties.maxCommandQueuePriority = 0;
  // One engine per host core (its EUs), each one thread wide.
  properties.numThreadsPerEU = 1;
  properties.physicalEUSimdWidth = simd_width();
  properties.numEUsPerSubslice = std::max(1u, std::thread::hardware_concurrency());
  properties.numSubslicesPerSlice = 1;
  properties.numSlices = 1;
  properties.timerResolution = 1;  // timestamps count nanoseconds
  properties.timestampValidBits = 64;
  properties.kernelTimestampValidBits = 64;
  fill_uuid(properties.uuid.id, 'd');
  std::strncpy(properties.name, kDeviceName, ZE_MAX_DEVICE_NAME - 1);
}

void fill_driver_properties(ze_driver_properties_t& properties) {
  fill_uuid(properties.uuid.id, 'r');
  properties.driverVersion = kDriverVersion;
}

}  // namespace ferry::npu::simulator
