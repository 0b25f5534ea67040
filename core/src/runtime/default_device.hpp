#pragma once

#include <functional>
#include <string>
#include <vector>

namespace ferry {

// The device compile_model uses when none is named: the fastest kind the host has, in this order:
//   1. a GPU that is a GPU (not an OpenCL device on the host's own cores, such as PoCL's),
//   2. an NPU,
//   3. the CPU device,
//   4. a GPU on the host's cores (slower than the CPU device on the same cores),
//   5. the first available device (another plugin's, in registration order).
// `on_host_cores(device)` says whether a GPU device computes on the host's cores. Throws when no
// device is available.
std::string select_default_device(const std::vector<std::string>& available_devices,
                                  const std::function<bool(const std::string&)>& on_host_cores);

}  // namespace ferry
