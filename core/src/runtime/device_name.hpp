#pragma once

#include <string>
#include <vector>

namespace ferry {

// A parsed device name: "GPU" -> {GPU, ""}, "GPU.1" -> {GPU, "1"}, "GPU.1.0" -> {GPU, "1.0"},
// "MULTI:GPU.1,GPU.0" -> {MULTI, "", [GPU.1, GPU.0]}, "BATCH:GPU(4)" -> {BATCH, "", [GPU], 4}.
struct DeviceName {
  std::string base;                  // the plugin's registered name
  std::string id;                    // the instance ("1", "1.0"), empty for the default one
  std::vector<std::string> targets;  // devices a virtual device (MULTI, BATCH) runs on
  int batch = 0;                     // BATCH:DEV(N); 0 when not given

  static DeviceName parse(const std::string& name);
  bool is_virtual() const { return !targets.empty(); }
  // "GPU.1" form; for virtual devices the original spelling.
  std::string full_name() const;
};

}  // namespace ferry
