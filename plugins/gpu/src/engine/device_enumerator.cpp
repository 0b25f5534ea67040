#include "device_enumerator.hpp"

#include <algorithm>
#include <sstream>

#include "ferry/base/exception.hpp"

namespace ferry::gpu {
namespace {

std::vector<cl_device_id> platform_devices(cl_platform_id platform, cl_device_type type) {
  cl_uint count = 0;
  if (clGetDeviceIDs(platform, type, 0, nullptr, &count) != CL_SUCCESS || count == 0) return {};
  std::vector<cl_device_id> devices(count);
  if (clGetDeviceIDs(platform, type, count, devices.data(), nullptr) != CL_SUCCESS) return {};
  return devices;
}

std::vector<cl_device_id> all_devices(cl_device_type type) {
  cl_uint count = 0;
  // No ICD at all: the loader answers CL_PLATFORM_NOT_FOUND_KHR; the plugin then has no device.
  if (clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0) return {};
  std::vector<cl_platform_id> platforms(count);
  if (clGetPlatformIDs(count, platforms.data(), nullptr) != CL_SUCCESS) return {};
  std::vector<cl_device_id> devices;
  for (cl_platform_id platform : platforms)
    for (cl_device_id device : platform_devices(platform, type)) devices.push_back(device);
  return devices;
}

// Sub-devices of `device` made by CL_DEVICE_PARTITION_EQUALLY in two halves (the stand-in for
// GPU tiles), or none when the device cannot be split.
std::vector<cl_device_id> tiles_of(cl_device_id device, const DeviceInfo& info) {
  cl_uint max_sub_devices = 0;
  clGetDeviceInfo(device, CL_DEVICE_PARTITION_MAX_SUB_DEVICES, sizeof(max_sub_devices), &max_sub_devices, nullptr);
  if (max_sub_devices < 2 || info.compute_units < 2) return {};
  size_t size = 0;
  if (clGetDeviceInfo(device, CL_DEVICE_PARTITION_PROPERTIES, 0, nullptr, &size) != CL_SUCCESS) return {};
  std::vector<cl_device_partition_property> kinds(size / sizeof(cl_device_partition_property));
  clGetDeviceInfo(device, CL_DEVICE_PARTITION_PROPERTIES, size, kinds.data(), nullptr);
  if (std::find(kinds.begin(), kinds.end(), CL_DEVICE_PARTITION_EQUALLY) == kinds.end()) return {};
  const cl_device_partition_property properties[] = {
      CL_DEVICE_PARTITION_EQUALLY, static_cast<cl_device_partition_property>(info.compute_units / 2), 0};
  cl_uint count = 0;
  if (clCreateSubDevices(device, properties, 0, nullptr, &count) != CL_SUCCESS || count < 2) return {};
  std::vector<cl_device_id> tiles(count);
  if (clCreateSubDevices(device, properties, count, tiles.data(), nullptr) != CL_SUCCESS) return {};
  return tiles;
}

}  // namespace

DeviceTypeSelection DeviceTypeSelection::parse(const std::string& text) {
  DeviceTypeSelection selection;
  if (text == "AUTO" || text.empty()) return selection;
  selection.automatic = false;
  selection.types = 0;
  std::istringstream words(text);
  for (std::string word; std::getline(words, word, ',');) {
    word.erase(std::remove(word.begin(), word.end(), ' '), word.end());
    if (word == "GPU") {
      selection.types |= CL_DEVICE_TYPE_GPU;
    } else if (word == "CPU") {
      selection.types |= CL_DEVICE_TYPE_CPU;
    } else if (word == "ACCELERATOR") {
      selection.types |= CL_DEVICE_TYPE_ACCELERATOR;
    } else {
      Exception::raise("GPU_OPENCL_DEVICE_TYPES: unknown device type '", word, "' in '", text,
                       "' (expected AUTO, or GPU, CPU, ACCELERATOR separated by commas)");
    }
  }
  FERRY_ASSERT(selection.types != 0, "GPU_OPENCL_DEVICE_TYPES: no device type in '", text, "'");
  return selection;
}

std::vector<DeviceEntry> enumerate_devices(const DeviceTypeSelection& selection) {
  std::vector<cl_device_id> devices = all_devices(selection.types);
  if (devices.empty() && selection.automatic) devices = all_devices(CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_ACCELERATOR);

  std::vector<DeviceEntry> roots;
  for (cl_device_id device : devices) roots.push_back({"", ClDevice::retain(device), read_device_info(device)});
  // Integrated GPUs (host-unified memory) first: "an integrated GPU is GPU.0".
  std::stable_sort(roots.begin(), roots.end(), [](const DeviceEntry& a, const DeviceEntry& b) {
    return a.info.is_gpu() && b.info.is_gpu() && a.info.host_unified_memory && !b.info.host_unified_memory;
  });

  std::vector<DeviceEntry> entries;
  for (size_t i = 0; i < roots.size(); ++i) {
    roots[i].id = std::to_string(i);
    const std::vector<cl_device_id> tiles = tiles_of(roots[i].device.get(), roots[i].info);
    const std::string root_id = roots[i].id;
    entries.push_back(std::move(roots[i]));
    for (size_t t = 0; t < tiles.size(); ++t) {
      DeviceEntry tile{root_id + "." + std::to_string(t), ClDevice(tiles[t]), read_device_info(tiles[t])};
      entries.push_back(std::move(tile));
    }
  }
  return entries;
}

}  // namespace ferry::gpu
