#pragma once

#include <string>
#include <vector>

namespace ferry {

// The device compile_model uses when none is named: the first available device of the most
// capable kind (GPU, then NPU, then any other plugin's in registration order). Throws when no
// device is available.
std::string select_default_device(const std::vector<std::string>& available_devices);

}  // namespace ferry
