#pragma once

#include <string>
#include <vector>

namespace ferry::sdk {

// A parsed device name (the core's, and virtual plugins' for their devices): "GPU" -> {GPU, ""}, "GPU.1" -> {GPU, "1"},
// "GPU.1.0" -> {GPU, "1.0"}, "MULTI:GPU.1,GPU.0" -> {MULTI, "", [GPU.1, GPU.0]}, "BATCH:GPU(4)" -> {BATCH, "", [GPU],
// 4}.
struct DeviceName {
  std::string base;                  // the plugin's registered name
  std::string id;                    // the instance ("1", "1.0"), empty for the default one
  std::vector<std::string> targets;  // devices a virtual device (MULTI, BATCH) runs on
  int batch = 0;                     // BATCH:DEV(N); 0 when not given

  static DeviceName parse(const std::string& name);
  // A virtual device's devices from its DEVICE_PRIORITIES value, what follows the ':' of its name
  // ("GPU.1,GPU.0" for MULTI, "GPU(4)" for BATCH): parse(virtual_base + ":" + priorities).
  static DeviceName from_priorities(const std::string& virtual_base, const std::string& priorities);
  bool is_virtual() const { return !targets.empty(); }
  // "GPU.1" form; for virtual devices the original spelling.
  std::string full_name() const;
};

}  // namespace ferry::sdk
