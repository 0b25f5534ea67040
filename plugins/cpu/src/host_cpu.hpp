#pragma once

#include <string>
#include <vector>

namespace ferry::cpu_plugin {

// What the host's processor offers, read once from Linux's sysfs and /proc/cpuinfo. The
// threading settings are checked against it: a key asking for cores the host lacks is refused.
struct HostCpu {
  int logical_cores = 1;   // hardware threads the process may run on
  int physical_cores = 1;  // cores, each with one or more hardware threads
  bool hybrid = false;     // performance and efficient cores (Linux's cpu_atom PMU)
  bool bf16 = false;       // AVX512_BF16 or AMX-BF16
  std::string model_name;  // /proc/cpuinfo's "model name"
  // The logical CPUs the process may run on, the first hardware thread of every core before any
  // core's second: pinning N threads to the first N puts them on N cores while there are cores.
  std::vector<int> cpus_by_core;

  bool has_hyper_threading() const { return logical_cores > physical_cores; }
};

// Read once per process.
const HostCpu& host_cpu();

}  // namespace ferry::cpu_plugin
