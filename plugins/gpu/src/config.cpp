#include "config.hpp"

#include <algorithm>
#include <functional>

#include "ferry/gpu/properties.hpp"
#include "ferry/runtime/exception.hpp"

namespace ferry::gpu {
namespace {

std::string value_text(const Any& value) {
  try {
    return value.as<std::string>();
  } catch (const std::exception&) {
    return "<" + value.type_name() + ">";
  }
}

}  // namespace

const std::vector<PropertyName>& Config::supported() {
  static const std::vector<PropertyName> keys = {
      ferry::hint::performance_mode,
      ferry::num_streams,
      ferry::hint::num_requests,
      ferry::hint::execution_mode,
      ferry::hint::inference_precision,
      ferry::enable_profiling,
      device::id,
      ferry::hint::model_priority,
      ferry::compilation_num_threads,
      hint::host_task_priority,
      hint::queue_priority,
      hint::queue_throttle,
      gpu::enable_loop_unrolling,
  };
  return keys;
}

bool Config::is_supported(const std::string& name) {
  const auto& keys = supported();
  return std::find(keys.begin(), keys.end(), name) != keys.end();
}

void Config::set(const AnyMap& properties, const std::string& device, const std::vector<std::string>& device_ids) {
  Config updated = *this;
  for (const auto& [name, value] : properties) updated.set_one(name, value, device, device_ids);
  *this = updated;
}

void Config::set_one(const std::string& name, const Any& value, const std::string& device,
                     const std::vector<std::string>& device_ids) {
  FERRY_ASSERT(is_supported(name), "device '", device, "' has no settable property '", name, "'");
  const std::function<void()> apply = [&] {
    if (name == ferry::hint::performance_mode.name()) {
      performance_mode = value.as<ferry::hint::PerformanceMode>();
    } else if (name == ferry::num_streams.name()) {
      const streams::Num requested = value.as<streams::Num>();
      FERRY_ASSERT(requested.num == streams::AUTO.num || (requested.num >= 1 && requested.num <= kMaxStreams),
                   "expected AUTO or a number of streams in [1, ", kMaxStreams, "] (RANGE_FOR_STREAMS)");
      num_streams = requested;
    } else if (name == ferry::hint::num_requests.name()) {
      num_requests = value.as<uint32_t>();
    } else if (name == ferry::hint::execution_mode.name()) {
      execution_mode = value.as<ferry::hint::ExecutionMode>();
    } else if (name == ferry::hint::inference_precision.name()) {
      const element::Type precision = value.as<element::Type>();
      // f16: half storage wherever a kernel has it (precision_pass.hpp). Any other type would be
      // a promise the kernels do not keep: refusing beats a silent f32.
      FERRY_ASSERT(precision == element::f32 || precision == element::f16, "the GPU plugin accepts f32 and f16, not ",
                   precision);
      inference_precision = precision;
    } else if (name == ferry::enable_profiling.name()) {
      enable_profiling = value.as<bool>();
    } else if (name == device::id.name()) {
      const std::string id = value.as<std::string>();
      FERRY_ASSERT(std::find(device_ids.begin(), device_ids.end(), id) != device_ids.end(),
                   "no such device (AVAILABLE_DEVICES has ", device_ids.size(), " entries)");
      device_id = id;
    } else if (name == ferry::hint::model_priority.name()) {
      model_priority = value.as<ferry::hint::Priority>();
    } else if (name == ferry::compilation_num_threads.name()) {
      const int32_t threads = value.as<int32_t>();
      FERRY_ASSERT(threads >= 1, "expected a number of threads >= 1");
      compilation_num_threads = threads;
    } else if (name == hint::host_task_priority.name()) {
      host_task_priority = value.as<ferry::hint::Priority>();
    } else if (name == hint::queue_priority.name()) {
      queue_priority = value.as<ferry::hint::Priority>();
      queue_priority_set = true;
    } else if (name == hint::queue_throttle.name()) {
      queue_throttle = value.as<ferry::hint::Priority>();
    } else if (name == gpu::enable_loop_unrolling.name()) {
      enable_loop_unrolling = value.as<bool>();
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
  if (name == ferry::hint::performance_mode.name()) return performance_mode;
  if (name == ferry::num_streams.name()) return num_streams;
  if (name == ferry::hint::num_requests.name()) return num_requests;
  if (name == ferry::hint::execution_mode.name()) return execution_mode;
  if (name == ferry::hint::inference_precision.name()) return inference_precision;
  if (name == ferry::enable_profiling.name()) return enable_profiling;
  if (name == device::id.name()) return device_id;
  if (name == ferry::hint::model_priority.name()) return model_priority;
  if (name == ferry::compilation_num_threads.name()) return compilation_num_threads;
  if (name == hint::host_task_priority.name()) return host_task_priority;
  if (name == hint::queue_priority.name()) return effective_queue_priority();
  if (name == hint::queue_throttle.name()) return queue_throttle;
  if (name == gpu::enable_loop_unrolling.name()) return enable_loop_unrolling;
  Exception::raise("GPU Config::get: '", name, "' is not a setting");
}

AnyMap Config::to_map() const {
  AnyMap map;
  for (const auto& name : supported()) map[name] = get(name);
  return map;
}

int Config::host_task_niceness() const {
  switch (host_task_priority) {
    case ferry::hint::Priority::LOW:
      return 10;
    case ferry::hint::Priority::HIGH:
      return -5;
    default:
      return 0;
  }
}

int Config::resolve_streams() const {
  if (num_streams.num != streams::AUTO.num) return num_streams.num;
  if (performance_mode == ferry::hint::PerformanceMode::LATENCY) return 1;
  int streams = kThroughputStreams;
  if (num_requests > 0) streams = std::min(streams, static_cast<int>(num_requests));
  return streams;
}

}  // namespace ferry::gpu
