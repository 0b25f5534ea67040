#pragma once

// The common property keys, with OpenVINO's string keys, and their value types. Device-specific
// keys live with their plugins (ferry/gpu/properties.hpp...).
//
//   core.compile_model(model, "GPU", ferry::hint::performance_mode(ferry::hint::PerformanceMode::THROUGHPUT),
//                      ferry::num_streams(2));
//   std::string name = core.get_property("GPU", ferry::device::full_name);

#include <array>
#include <cstdint>
#include <functional>
#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/property.hpp"

namespace ferry {

class Model;

inline constexpr Property<std::vector<PropertyName>, PropertyMutability::RO> supported_properties{
    "SUPPORTED_PROPERTIES"};
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> available_devices{"AVAILABLE_DEVICES"};
inline constexpr Property<std::string, PropertyMutability::RO> model_name{"NETWORK_NAME"};
inline constexpr Property<uint32_t, PropertyMutability::RO> optimal_number_of_infer_requests{
    "OPTIMAL_NUMBER_OF_INFER_REQUESTS"};
inline constexpr Property<std::tuple<unsigned, unsigned>, PropertyMutability::RO> range_for_streams{
    "RANGE_FOR_STREAMS"};
// (min, max, step)
inline constexpr Property<std::tuple<unsigned, unsigned, unsigned>, PropertyMutability::RO>
    range_for_async_infer_requests{"RANGE_FOR_ASYNC_INFER_REQUESTS"};
inline constexpr Property<unsigned, PropertyMutability::RO> optimal_batch_size{"OPTIMAL_BATCH_SIZE"};
inline constexpr Property<uint32_t, PropertyMutability::RO> max_batch_size{"MAX_BATCH_SIZE"};
inline constexpr Property<bool, PropertyMutability::RO> loaded_from_cache{"LOADED_FROM_CACHE"};
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> execution_devices{"EXECUTION_DEVICES"};

inline constexpr Property<std::string> cache_dir{"CACHE_DIR"};
inline constexpr Property<bool> enable_profiling{"PERF_COUNT"};
inline constexpr Property<int32_t> inference_num_threads{"INFERENCE_NUM_THREADS"};
inline constexpr Property<int32_t> compilation_num_threads{"COMPILATION_NUM_THREADS"};
inline constexpr Property<std::string> weights_path{"WEIGHTS_PATH"};
inline constexpr Property<uint32_t> auto_batch_timeout{"AUTO_BATCH_TIMEOUT"};
inline constexpr Property<bool> enable_mmap{"ENABLE_MMAP"};
inline constexpr Property<bool> enable_weightless{"ENABLE_WEIGHTLESS"};
inline constexpr Property<bool> force_tbb_terminate{"FORCE_TBB_TERMINATE"};
// A transformer's KV cache (OpenVINO's CPU and GPU plugins).
inline constexpr Property<element::Type> key_cache_precision{"KEY_CACHE_PRECISION"};
inline constexpr Property<element::Type> value_cache_precision{"VALUE_CACHE_PRECISION"};
inline constexpr Property<uint64_t> key_cache_group_size{"KEY_CACHE_GROUP_SIZE"};
inline constexpr Property<uint64_t> value_cache_group_size{"VALUE_CACHE_GROUP_SIZE"};

// How urgently a compiled model's work runs.
enum class WorkloadType { DEFAULT = 0, EFFICIENT = 1 };
std::ostream& operator<<(std::ostream& out, WorkloadType type);
std::istream& operator>>(std::istream& in, WorkloadType& type);
inline constexpr Property<WorkloadType> workload_type{"WORKLOAD_TYPE"};

// How a compiled blob in CACHE_DIR is stored.
enum class CacheMode { OPTIMIZE_SIZE = 0, OPTIMIZE_SPEED = 1 };
std::ostream& operator<<(std::ostream& out, CacheMode mode);
std::istream& operator>>(std::istream& in, CacheMode& mode);
inline constexpr Property<CacheMode> cache_mode{"CACHE_MODE"};

// What CACHE_DIR entries pass through (OpenVINO's ov::EncryptionCallbacks): every blob written is
// encrypt(bytes), every blob read decrypt(bytes). Both are needed (or neither).
struct EncryptionCallbacks {
  std::function<std::string(const std::string&)> encrypt;
  std::function<std::string(const std::string&)> decrypt;
};
// Write-only; given to compile_model only (as OpenVINO): core.compile_model(model, "GPU",
// ferry::cache_dir("c"), ferry::cache_encryption_callbacks(callbacks)). The core applies it to the
// whole entry; a blob that does not decrypt is a cache miss (docs/OPENVINO_COMPAT.md, "Model cache
// encryption").
inline constexpr Property<EncryptionCallbacks, PropertyMutability::WO> cache_encryption_callbacks{
    "CACHE_ENCRYPTION_CALLBACKS"};

namespace streams {
// A number of streams, or one of the special values AUTO and NUMA (text "AUTO", "NUMA").
struct Num {
  constexpr Num() = default;
  constexpr Num(int32_t value) : num(value) {}        // NOLINT: num_streams(2)
  constexpr operator int32_t() const { return num; }  // NOLINT
  int32_t num = -1;
};
inline constexpr Num AUTO{-1};
inline constexpr Num NUMA{-2};
std::ostream& operator<<(std::ostream& out, const Num& num);
std::istream& operator>>(std::istream& in, Num& num);
inline constexpr Property<Num> num{"NUM_STREAMS"};
}  // namespace streams
inline constexpr Property<streams::Num> num_streams{"NUM_STREAMS"};

namespace hint {
enum class PerformanceMode { LATENCY = 1, THROUGHPUT = 2, CUMULATIVE_THROUGHPUT = 3 };
std::ostream& operator<<(std::ostream& out, PerformanceMode mode);
std::istream& operator>>(std::istream& in, PerformanceMode& mode);

enum class Priority { LOW = 0, MEDIUM = 1, HIGH = 2, DEFAULT = MEDIUM };
std::ostream& operator<<(std::ostream& out, Priority priority);
std::istream& operator>>(std::istream& in, Priority& priority);

enum class ExecutionMode { PERFORMANCE = 1, ACCURACY = 2 };
std::ostream& operator<<(std::ostream& out, ExecutionMode mode);
std::istream& operator>>(std::istream& in, ExecutionMode& mode);

inline constexpr Property<PerformanceMode> performance_mode{"PERFORMANCE_HINT"};
inline constexpr Property<uint32_t> num_requests{"PERFORMANCE_HINT_NUM_REQUESTS"};
inline constexpr Property<Priority> model_priority{"MODEL_PRIORITY"};
inline constexpr Property<ExecutionMode> execution_mode{"EXECUTION_MODE_HINT"};
inline constexpr Property<element::Type> inference_precision{"INFERENCE_PRECISION_HINT"};
inline constexpr Property<bool> allow_auto_batching{"ALLOW_AUTO_BATCHING"};
// The model a device query is about, passed as an argument of get_property, e.g.
//   core.get_property("GPU", ferry::optimal_batch_size.name(), {ferry::hint::model(model)})
// Devices that judge a model (OPTIMAL_BATCH_SIZE, MAX_BATCH_SIZE) read it; BATCH:<device> passes it.
inline constexpr Property<std::shared_ptr<const Model>> model{"MODEL_PTR"};
inline constexpr Property<uint64_t> dynamic_quantization_group_size{"DYNAMIC_QUANTIZATION_GROUP_SIZE"};
inline constexpr Property<element::Type> kv_cache_precision{"KV_CACHE_PRECISION"};
inline constexpr Property<float> activations_scale_factor{"ACTIVATIONS_SCALE_FACTOR"};

// Threading hints of OpenVINO's CPU plugin. The CPU device takes them (plugins/cpu/README.md);
// each other device refuses them by name.
enum class SchedulingCoreType { ANY_CORE = 0, PCORE_ONLY = 1, ECORE_ONLY = 2 };
std::ostream& operator<<(std::ostream& out, SchedulingCoreType type);
std::istream& operator>>(std::istream& in, SchedulingCoreType& type);
enum class ModelDistributionPolicy { TENSOR_PARALLEL = 0, PIPELINE_PARALLEL = 1 };
std::ostream& operator<<(std::ostream& out, ModelDistributionPolicy policy);
std::istream& operator>>(std::istream& in, ModelDistributionPolicy& policy);

inline constexpr Property<SchedulingCoreType> scheduling_core_type{"SCHEDULING_CORE_TYPE"};
inline constexpr Property<std::set<ModelDistributionPolicy>> model_distribution_policy{"MODEL_DISTRIBUTION_POLICY"};
inline constexpr Property<bool> enable_cpu_pinning{"ENABLE_CPU_PINNING"};
inline constexpr Property<bool> enable_cpu_reservation{"ENABLE_CPU_RESERVATION"};
inline constexpr Property<bool> enable_hyper_threading{"ENABLE_HYPER_THREADING"};
}  // namespace hint

namespace log {
enum class Level { NO = -1, ERR = 0, WARNING = 1, INFO = 2, DEBUG = 3, TRACE = 4 };
// Text: LOG_NONE, LOG_ERROR, LOG_WARNING, LOG_INFO, LOG_DEBUG, LOG_TRACE.
std::ostream& operator<<(std::ostream& out, Level level);
std::istream& operator>>(std::istream& in, Level& level);
inline constexpr Property<Level> level{"LOG_LEVEL"};
}  // namespace log

namespace device {
enum class Type { INTEGRATED = 0, DISCRETE = 1 };
std::ostream& operator<<(std::ostream& out, Type type);
std::istream& operator>>(std::istream& in, Type& type);

// A device's 16-byte UUID, printed as 32 lowercase hex digits.
struct UUID {
  static constexpr size_t MAX_UUID_SIZE = 16;
  std::array<uint8_t, MAX_UUID_SIZE> uuid{};
  bool operator==(const UUID& other) const { return uuid == other.uuid; }
  bool operator!=(const UUID& other) const { return uuid != other.uuid; }
};
std::ostream& operator<<(std::ostream& out, const UUID& uuid);
std::istream& operator>>(std::istream& in, UUID& uuid);

namespace capability {
inline constexpr const char* FP32 = "FP32";
inline constexpr const char* BF16 = "BF16";
inline constexpr const char* FP16 = "FP16";
inline constexpr const char* INT8 = "INT8";
inline constexpr const char* INT16 = "INT16";
inline constexpr const char* BIN = "BIN";
inline constexpr const char* WINOGRAD = "WINOGRAD";
inline constexpr const char* EXPORT_IMPORT = "EXPORT_IMPORT";
}  // namespace capability

inline constexpr Property<std::string> id{"DEVICE_ID"};
inline constexpr Property<std::string, PropertyMutability::RO> full_name{"FULL_DEVICE_NAME"};
inline constexpr Property<Type, PropertyMutability::RO> type{"DEVICE_TYPE"};
inline constexpr Property<std::map<element::Type, float>, PropertyMutability::RO> gops{"DEVICE_GOPS"};
inline constexpr Property<std::vector<std::string>, PropertyMutability::RO> capabilities{"OPTIMIZATION_CAPABILITIES"};
inline constexpr Property<std::string, PropertyMutability::RO> architecture{"DEVICE_ARCHITECTURE"};
inline constexpr Property<UUID, PropertyMutability::RO> uuid{"DEVICE_UUID"};

// MULTI_DEVICE_PRIORITIES: priorities("GPU", "CPU") sets "GPU,CPU".
struct Priorities : Property<std::string> {
  using Property<std::string>::Property;
  template <typename... Devices>
  std::pair<std::string, Any> operator()(const std::string& first, Devices&&... rest) const {
    std::string joined = first;
    ((joined += ',', joined += std::string(std::forward<Devices>(rest))), ...);
    return {name(), Any(joined)};
  }
};
inline constexpr Priorities priorities{"MULTI_DEVICE_PRIORITIES"};

// Properties for one device of a composite one: properties("CPU", num_streams(4)) makes
// {"CPU", AnyMap{{"NUM_STREAMS", 4}}}; queried as DEVICE_PROPERTIES, an AnyMap of such maps.
struct Properties : Property<AnyMap> {
  using Property<AnyMap>::Property;
  std::pair<std::string, Any> operator()(const AnyMap& per_device) const { return {name(), Any(per_device)}; }
  std::pair<std::string, Any> operator()(const std::string& device_name, const AnyMap& config) const {
    return {device_name, Any(config)};
  }
  template <typename... Configs>
  util::EnableIfAllStringAny<std::pair<std::string, Any>, Configs...> operator()(const std::string& device_name,
                                                                                 Configs&&... configs) const {
    return {device_name, Any(AnyMap{std::pair<std::string, Any>(std::forward<Configs>(configs))...})};
  }
};
inline constexpr Properties properties{"DEVICE_PROPERTIES"};
}  // namespace device

}  // namespace ferry
