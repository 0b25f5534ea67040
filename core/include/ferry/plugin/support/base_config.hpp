#pragma once

// The settings every device shares, each with one rule, and the table entries that declare them.
// A device's Config derives from BaseConfig and adds its own fields; its plugin declares the
// shared keys with add_base_settings and then its own:
//
//   struct Config : sdk::BaseConfig { bool enable_loop_unrolling = true; };
//   sdk::add_base_settings(table, rules).setting(gpu::enable_loop_unrolling, &Config::enable_loop_unrolling);

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ferry/base/element_type.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/plugin/support/property_table.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::sdk {

struct BaseConfig {
  hint::PerformanceMode performance_mode = hint::PerformanceMode::LATENCY;
  streams::Num num_streams = streams::AUTO;
  uint32_t num_requests = 0;  // PERFORMANCE_HINT_NUM_REQUESTS; 0: no limit
  hint::ExecutionMode execution_mode = hint::ExecutionMode::PERFORMANCE;
  element::Type inference_precision = element::f32;
  bool enable_profiling = false;
  std::string device_id = "0";
  hint::Priority model_priority = hint::Priority::MEDIUM;

  // The number of streams a compiled model runs: NUM_STREAMS when it is a number; for AUTO,
  // LATENCY gives 1 and THROUGHPUT gives `throughput_streams`, capped by num_requests.
  int resolve_streams(int throughput_streams) const;
};

// What the shared rules need to know of a device.
struct BaseRules {
  // NUM_STREAMS accepts AUTO or 1..max_streams (the device's RANGE_FOR_STREAMS).
  int max_streams = 1;
  // INFERENCE_PRECISION_HINT accepts these; anything else would be a promise the device's
  // kernels do not keep.
  std::vector<element::Type> precisions{element::f32};
  // DEVICE_ID accepts these (AVAILABLE_DEVICES); asked on each set, as devices may come and go.
  std::function<std::vector<std::string>()> device_ids = [] { return std::vector<std::string>{"0"}; };
  // Why other precisions are refused, when the reason is the host's ("this processor has no bf16
  // instructions"): appended to the error.
  std::string precisions_note;
};

// Checks of the shared rules, for devices that declare a shared key their own way.
void check_num_streams(const streams::Num& value, int max_streams);
void check_precision(const element::Type& value, const std::vector<element::Type>& precisions,
                     const std::string& note = {});
void check_device_id(const std::string& value, const std::vector<std::string>& device_ids);

// The device a get_property call describes: its DEVICE_ID argument, else the DEVICE_ID setting.
std::string device_id_of(const AnyMap& arguments, const BaseConfig& config);
// The model of a MODEL_PTR argument, given as a const or mutable model; null when absent.
std::shared_ptr<const Model> model_of(const AnyMap& arguments);

// Declares PERFORMANCE_HINT, NUM_STREAMS, PERFORMANCE_HINT_NUM_REQUESTS, EXECUTION_MODE_HINT,
// INFERENCE_PRECISION_HINT, PERF_COUNT, DEVICE_ID and MODEL_PRIORITY, all reaching compiled
// models, and the get_property argument DEVICE_ID (one of the device ids).
template <typename Config>
PropertyTable<Config>& add_base_settings(PropertyTable<Config>& table, BaseRules rules) {
  static_assert(std::is_base_of<BaseConfig, Config>::value, "a device's Config derives from sdk::BaseConfig");
  const int max_streams = rules.max_streams;
  const auto precisions = rules.precisions;
  const auto precisions_note = rules.precisions_note;
  const auto device_ids = rules.device_ids;
  return table.setting(hint::performance_mode, static_cast<hint::PerformanceMode Config::*>(&Config::performance_mode))
      .setting(ferry::num_streams, static_cast<streams::Num Config::*>(&Config::num_streams),
               [max_streams](const streams::Num& value) { check_num_streams(value, max_streams); })
      .setting(hint::num_requests, static_cast<uint32_t Config::*>(&Config::num_requests))
      .setting(hint::execution_mode, static_cast<hint::ExecutionMode Config::*>(&Config::execution_mode))
      .setting(hint::inference_precision, static_cast<element::Type Config::*>(&Config::inference_precision),
               [precisions, precisions_note](const element::Type& value) {
                 check_precision(value, precisions, precisions_note);
               })
      .setting(ferry::enable_profiling, static_cast<bool Config::*>(&Config::enable_profiling))
      .setting(device::id, static_cast<std::string Config::*>(&Config::device_id),
               [device_ids](const std::string& value) { check_device_id(value, device_ids()); })
      .setting(hint::model_priority, static_cast<hint::Priority Config::*>(&Config::model_priority))
      .argument(device::id, [device_ids](const Any& value) { check_device_id(value.as<std::string>(), device_ids()); });
}

// Declares the get_property argument MODEL_PTR (the model a query is about; read with model_of).
template <typename Config>
PropertyTable<Config>& add_model_argument(PropertyTable<Config>& table) {
  return table.argument(hint::model, [](const Any& value) { model_of({{hint::model.name(), value}}); });
}

}  // namespace ferry::sdk
