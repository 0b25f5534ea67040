#include "config.hpp"

#include <algorithm>
#include <functional>
#include <thread>

#include "ferry/runtime/exception.hpp"

namespace ferry::template_plugin {
namespace {

// THROUGHPUT never asks for more streams than this: the reference kernels are memory-bound and
// more streams mostly add threads.
constexpr int kMaxThroughputStreams = 4;

// The value as text for error messages, whatever it holds.
std::string value_text(const Any& value) {
  try {
    return value.as<std::string>();
  } catch (const std::exception&) {
    return "<" + value.type_name() + ">";
  }
}

}  // namespace

unsigned hardware_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

const std::vector<PropertyName>& Config::supported() {
  static const std::vector<PropertyName> keys = {
      hint::performance_mode,    ferry::num_streams,      hint::num_requests, hint::execution_mode,
      hint::inference_precision, ferry::enable_profiling, device::id,
  };
  return keys;
}

bool Config::is_supported(const std::string& name) {
  const auto& keys = supported();
  return std::find(keys.begin(), keys.end(), name) != keys.end();
}

void Config::set(const AnyMap& properties, const std::string& device) {
  Config updated = *this;
  for (const auto& [name, value] : properties) updated.set_one(name, value, device);
  *this = updated;
}

void Config::set_one(const std::string& name, const Any& value, const std::string& device) {
  FERRY_ASSERT(is_supported(name), "device '", device, "' has no settable property '", name, "'");
  // Parses and checks one value; any failure below becomes one message naming key and value.
  const std::function<void()> apply = [&] {
    if (name == hint::performance_mode.name()) {
      performance_mode = value.as<hint::PerformanceMode>();
    } else if (name == ferry::num_streams.name()) {
      const streams::Num requested = value.as<streams::Num>();
      const int max_streams = static_cast<int>(hardware_threads());
      FERRY_ASSERT(requested.num == streams::AUTO.num || (requested.num >= 1 && requested.num <= max_streams),
                   "expected AUTO or a number of streams in [1, ", max_streams, "] (RANGE_FOR_STREAMS)");
      num_streams = requested;
    } else if (name == hint::num_requests.name()) {
      num_requests = value.as<uint32_t>();
    } else if (name == hint::execution_mode.name()) {
      execution_mode = value.as<hint::ExecutionMode>();
    } else if (name == hint::inference_precision.name()) {
      const element::Type precision = value.as<element::Type>();
      // The reference kernels compute f32 models in f32 and nothing else: a lower precision
      // would be a promise this device does not keep.
      FERRY_ASSERT(precision == element::f32, "the reference kernels compute in f32 only");
      inference_precision = precision;
    } else if (name == ferry::enable_profiling.name()) {
      enable_profiling = value.as<bool>();
    } else if (name == device::id.name()) {
      const std::string id = value.as<std::string>();
      FERRY_ASSERT(id == "0", "the only device is \"0\" (AVAILABLE_DEVICES)");
      device_id = id;
    }
  };
  try {
    apply();
  } catch (const std::exception& e) {
    Exception::raise("device '", device, "': bad value '", value_text(value), "' for property '", name,
                     "': ", e.what());
  }
}

Any Config::get(const std::string& name) const {
  if (name == hint::performance_mode.name()) return performance_mode;
  if (name == ferry::num_streams.name()) return num_streams;
  if (name == hint::num_requests.name()) return num_requests;
  if (name == hint::execution_mode.name()) return execution_mode;
  if (name == hint::inference_precision.name()) return inference_precision;
  if (name == ferry::enable_profiling.name()) return enable_profiling;
  if (name == device::id.name()) return device_id;
  Exception::raise("Config::get: '", name, "' is not a setting");
}

AnyMap Config::to_map() const {
  AnyMap map;
  for (const auto& name : supported()) map[name] = get(name);
  return map;
}

int Config::resolve_streams() const {
  if (num_streams.num != streams::AUTO.num) return num_streams.num;
  if (performance_mode == hint::PerformanceMode::LATENCY) return 1;
  int streams = std::min(static_cast<int>(hardware_threads()), kMaxThroughputStreams);
  if (num_requests > 0) streams = std::min(streams, static_cast<int>(num_requests));
  return streams;
}

}  // namespace ferry::template_plugin
