#pragma once

// Finds the OpenCL devices the GPU plugin exposes, in a stable order, and names them: "0", "1"...
// for devices, "X.Y" for the sub-devices (tiles) of device X.

#include <CL/cl.h>

#include <string>
#include <vector>

#include "cl_handle.hpp"
#include "device_info.hpp"

namespace ferry::gpu {

struct DeviceEntry {
  std::string id;   // DEVICE_ID: "0", "0.1"
  ClDevice device;  // owns sub-devices; root devices are not reference counted
  DeviceInfo info;
};

// Which device types to expose, parsed from GPU_OPENCL_DEVICE_TYPES: "AUTO" (GPUs; when no
// platform has one, every other device, so the plugin runs wherever OpenCL runs), or a
// comma-separated list of GPU, CPU, ACCELERATOR. Throws naming a bad word.
struct DeviceTypeSelection {
  bool automatic = true;
  cl_device_type types = CL_DEVICE_TYPE_GPU;
  static DeviceTypeSelection parse(const std::string& text);
};

// Every selected device of every platform: platforms in the ICD loader's order, devices in each
// platform's order, devices sharing the host's memory (integrated GPUs) first. A device that can
// be partitioned equally into 2 or more parts is followed by its sub-devices "X.0", "X.1"...
// No platform (no ICD installed) gives an empty list, never an error.
std::vector<DeviceEntry> enumerate_devices(const DeviceTypeSelection& selection);

}  // namespace ferry::gpu
