#include "config.hpp"

#include <algorithm>
#include <thread>

namespace ferry::template_plugin {
namespace {

constexpr int kMaxThroughputStreams = 4;

}  // namespace

unsigned hardware_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

int Config::resolve_streams() const {
  return sdk::BaseConfig::resolve_streams(std::min(static_cast<int>(hardware_threads()), kMaxThroughputStreams));
}

sdk::BaseRules base_rules() {
  sdk::BaseRules rules;
  rules.max_streams = static_cast<int>(hardware_threads());
  rules.precisions = {element::f32};
  rules.device_ids = [] { return std::vector<std::string>{"0"}; };
  return rules;
}

}  // namespace ferry::template_plugin
