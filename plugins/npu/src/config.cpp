#include "config.hpp"

#include <algorithm>

#include "zero_device.hpp"

namespace ferry::npu::plugin {
namespace {

constexpr int kThroughputStreams = 2;

}  // namespace

int Config::resolve_streams(int device_queues) const {
  return sdk::BaseConfig::resolve_streams(std::min(kThroughputStreams, std::max(1, device_queues)));
}

sdk::BaseRules base_rules(int max_streams) {
  sdk::BaseRules rules;
  rules.max_streams = std::max(1, max_streams);
  rules.precisions = {element::f32};
  rules.device_ids = [] { return ZeroDevices::get().ids(); };
  return rules;
}

}  // namespace ferry::npu::plugin
