#include "ferry/plugin/support/device_order.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/device_name.hpp"

namespace ferry::sdk {

bool computes_on_host_cores(const ICore& core, const std::string& device) {
  try {
    return core.get_property(device, "GPU_OPENCL_DEVICE_TYPE", {}).as<std::string>() == "CPU";
  } catch (const Exception&) {
    return false;
  }
}

std::vector<std::string> default_candidates(const ICore& core, const std::vector<std::string>& available) {
  enum Rank { kGpu, kCpu, kHostGpu, kOther, kLeftOut };
  const auto rank_of = [&](const std::string& device) {
    const std::string base = DeviceName::parse(device).base;
    if (base == "GPU") return computes_on_host_cores(core, device) ? kHostGpu : kGpu;
    if (base == "CPU") return kCpu;
    if (base == "NPU") return kLeftOut;
    return kOther;
  };
  std::vector<std::pair<Rank, std::string>> ranked;
  for (const std::string& device : available) ranked.emplace_back(rank_of(device), device);
  std::vector<std::string> ordered;
  for (Rank rank : {kGpu, kCpu, kHostGpu, kOther})
    for (const auto& [device_rank, device] : ranked)
      if (device_rank == rank) ordered.push_back(device);
  return ordered;
}

}  // namespace ferry::sdk
