#pragma once

// Which device is fastest, by kind: how AUTO orders its default candidates and what the core
// compiles on when no device is named and AUTO is not registered.

#include <string>
#include <vector>

#include "ferry/plugin/icore.hpp"

namespace ferry::sdk {

// Whether GPU `device` computes on the host's own cores (an OpenCL CPU device such as PoCL's: its
// GPU_OPENCL_DEVICE_TYPE is CPU), where the CPU device is faster. A device that does not say is
// taken for a GPU.
bool computes_on_host_cores(const ICore& core, const std::string& device);

// AUTO's default candidates among `available` (ICore::get_available_devices), fastest first:
//   1. GPUs that are GPUs, 2. the CPU device, 3. GPUs on the host's cores, 4. other devices
//   (third parties', TEMPLATE), in the order given.
// NPUs are left out, as OpenVINO's AUTO leaves them out: an application names them to use them.
std::vector<std::string> default_candidates(const ICore& core, const std::vector<std::string>& available);

}  // namespace ferry::sdk
