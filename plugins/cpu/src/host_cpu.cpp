#include "host_cpu.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

namespace ferry::cpu_plugin {
namespace {

bool read_int(const std::string& path, int& value) {
  std::ifstream in(path);
  return static_cast<bool>(in >> value);
}

HostCpu read_host_cpu() {
  HostCpu host;
  std::vector<int> cpus;
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0) {
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &allowed)) cpus.push_back(cpu);
  }
  if (cpus.empty()) {
    for (unsigned cpu = 0; cpu < std::max(1u, std::thread::hardware_concurrency()); ++cpu)
      cpus.push_back(static_cast<int>(cpu));
  }
  host.logical_cores = static_cast<int>(cpus.size());
  // A core is a (package, core id) pair; its hardware threads share it. A CPU's rank is how many
  // CPUs of its core come before it: rank 0 of every core first.
  std::map<std::pair<int, int>, int> threads_of_core;
  std::vector<std::pair<int, int>> rank_and_cpu;
  for (int cpu : cpus) {
    const std::string topology = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
    int package = 0, core = cpu;
    read_int(topology + "physical_package_id", package);
    read_int(topology + "core_id", core);
    rank_and_cpu.emplace_back(threads_of_core[{package, core}]++, cpu);
  }
  host.physical_cores = std::max<int>(1, static_cast<int>(threads_of_core.size()));
  std::stable_sort(rank_and_cpu.begin(), rank_and_cpu.end());
  for (const auto& [rank, cpu] : rank_and_cpu) host.cpus_by_core.push_back(cpu);
  host.hybrid = access("/sys/devices/cpu_atom", F_OK) == 0;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    if (key == "model name" && host.model_name.empty()) host.model_name = line.substr(colon + 2);
    if (key == "flags") {
      std::istringstream flags(line.substr(colon + 1));
      for (std::string flag; flags >> flag;)
        if (flag == "avx512_bf16" || flag == "amx_bf16") host.bf16 = true;
      break;
    }
  }
  return host;
}

}  // namespace

const HostCpu& host_cpu() {
  static const HostCpu host = read_host_cpu();
  return host;
}

}  // namespace ferry::cpu_plugin
