#include "ferry/plugin/support/base_config.hpp"

#include <algorithm>
#include <sstream>

namespace ferry::sdk {

int BaseConfig::resolve_streams(int throughput_streams) const {
  if (num_streams.num != streams::AUTO.num) return num_streams.num;
  if (performance_mode == hint::PerformanceMode::LATENCY) return 1;
  int streams = throughput_streams;
  if (num_requests > 0) streams = std::min(streams, static_cast<int>(num_requests));
  return std::max(streams, 1);
}

void check_num_streams(const streams::Num& value, int max_streams) {
  FERRY_ASSERT(value.num == streams::AUTO.num || (value.num >= 1 && value.num <= max_streams),
               "expected AUTO or a number of streams in [1, ", max_streams, "] (RANGE_FOR_STREAMS)");
}

void check_precision(const element::Type& value, const std::vector<element::Type>& precisions,
                     const std::string& note) {
  if (std::find(precisions.begin(), precisions.end(), value) != precisions.end()) return;
  std::ostringstream accepted;  // "f32", "f32 and f16", "f32, f16 and bf16"
  for (size_t i = 0; i < precisions.size(); ++i)
    accepted << (i == 0 ? "" : i + 1 == precisions.size() ? " and " : ", ") << precisions[i];
  Exception::raise("this device accepts ", accepted.str(), ", not ", value, note.empty() ? "" : ": ", note);
}

void check_device_id(const std::string& value, const std::vector<std::string>& device_ids) {
  if (std::find(device_ids.begin(), device_ids.end(), value) != device_ids.end()) return;
  std::string list;
  for (const auto& id : device_ids) list += (list.empty() ? "" : ", ") + id;
  Exception::raise("no such device (AVAILABLE_DEVICES: ", list.empty() ? "none" : list, ")");
}

std::string device_id_of(const AnyMap& arguments, const BaseConfig& config) {
  const auto found = arguments.find(device::id.name());
  return found == arguments.end() ? config.device_id : found->second.as<std::string>();
}

std::shared_ptr<const Model> model_of(const AnyMap& arguments) {
  const auto found = arguments.find(hint::model.name());
  if (found == arguments.end()) return nullptr;
  const Any& value = found->second;
  if (value.is<std::shared_ptr<const Model>>()) return value.as<std::shared_ptr<const Model>>();
  if (value.is<std::shared_ptr<Model>>()) return value.as<std::shared_ptr<Model>>();
  Exception::raise("it holds a ", value.type_name(), ", expected a std::shared_ptr<const ferry::Model>");
}

}  // namespace ferry::sdk
