#include "device_selection.hpp"

#include <algorithm>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/plugin/support/device_order.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::auto_device {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

// Whether `device` is `name` or one of its instances ("GPU" covers "GPU.0").
bool covers(const std::string& name, const std::string& device) {
  return device == name || sdk::DeviceName::parse(device).base == name;
}

// The precisions a model of `precision` runs in, preferred first.
std::vector<std::string> runs_in(const std::string& precision) {
  if (precision == device::capability::INT8)
    return {device::capability::INT8, device::capability::FP32, device::capability::FP16};
  if (precision == device::capability::FP16) return {device::capability::FP16, device::capability::FP32};
  return {device::capability::FP32, device::capability::FP16};
}

// Nodes a device runs (Parameters, Constants and Results run nowhere).
bool is_op(const Node& node) {
  return !is_type<op::v0::Parameter>(&node) && !is_type<op::v0::Constant>(&node) && !is_type<op::v0::Result>(&node);
}

}  // namespace

std::vector<std::string> candidate_devices(const ICore& core, const std::string& priorities, const std::string& whole,
                                           std::string& log) {
  std::vector<std::string> named, excluded;
  if (!priorities.empty()) {
    for (const std::string& item : sdk::DeviceName::from_priorities("AUTO", priorities).targets) {
      const bool exclusion = item.front() == '-';
      const std::string device = exclusion ? item.substr(1) : item;
      FERRY_ASSERT(!device.empty(), "device '", whole, "': '-' names no device to exclude");
      FERRY_ASSERT(!sdk::DeviceName::parse(device).is_virtual(), "device '", whole,
                   "': AUTO cannot contain virtual device '", device, "'");
      (exclusion ? excluded : named).push_back(device);
    }
  }
  FERRY_ASSERT(named.empty() || excluded.empty(), "device '", whole,
               "': name the devices to use or the devices to exclude (-DEVICE), not both");
  if (!named.empty()) return named;
  // Excluding a device this Core does not have is no error (an application may exclude the GPU
  // on every machine), but the log says so: it may be a misspelt name.
  for (const std::string& device : excluded) {
    try {
      core.get_property(device, supported_properties.name(), {});
    } catch (const std::exception& e) {
      log += "excluding '" + device + "' excludes nothing: " + e.what() + "\n";
    }
  }
  const std::vector<std::string> available = core.get_available_devices();
  std::vector<std::string> candidates;
  for (const std::string& device : sdk::default_candidates(core, available)) {
    const bool is_excluded =
        std::any_of(excluded.begin(), excluded.end(), [&](const std::string& name) { return covers(name, device); });
    if (!is_excluded) candidates.push_back(device);
  }
  FERRY_ASSERT(!candidates.empty(), "device '", whole,
               "': no device is left to choose from (available: ", available.empty() ? "none" : joined(available),
               excluded.empty() ? "" : "; excluded: ", joined(excluded), "; NPUs are candidates only when named)");
  return candidates;
}

std::string model_precision(const Model& model) {
  bool f16 = false;
  for (const auto& node : model.get_ordered_ops()) {
    if (is_type<op::v0::FakeQuantize>(node)) return device::capability::INT8;
    if (!is_type<op::v0::Constant>(node)) continue;
    const element::Type type = node->get_output_element_type(0);
    if (type == element::i8 || type == element::u8) return device::capability::INT8;
    f16 = f16 || type == element::f16;
  }
  return f16 ? device::capability::FP16 : device::capability::FP32;
}

std::vector<std::string> devices_for_model(const ICore& core, const std::shared_ptr<const Model>& model,
                                           const std::vector<std::string>& candidates,
                                           const PropertiesFor& properties_for, const std::string& whole,
                                           std::string& log) {
  const std::string precision = model_precision(*model);
  const std::vector<std::string> precisions = runs_in(precision);
  log += "model '" + model->get_friendly_name() + "', precision " + precision +
         "; candidates in priority order: " + joined(candidates) + "\n";
  std::vector<std::string> kept;
  std::string refusals;
  for (const std::string& device : candidates) {
    std::string why_not;
    try {
      const auto listed = core.get_property(device, device::capabilities.name(), {}).as<std::vector<std::string>>();
      const bool runs = std::any_of(precisions.begin(), precisions.end(), [&](const std::string& p) {
        return std::find(listed.begin(), listed.end(), p) != listed.end();
      });
      if (!runs) {
        why_not = "its OPTIMIZATION_CAPABILITIES (" + joined(listed) + ") list none of " + joined(precisions);
      } else {
        const SupportedOpsMap supported = core.query_model(model, device, properties_for(device));
        for (const auto& node : model->get_ordered_ops()) {
          if (!is_op(*node) || supported.count(node->get_friendly_name())) continue;
          why_not =
              "query_model leaves out op '" + node->get_friendly_name() + "' of type " + node->get_type_info().name;
          break;
        }
      }
    } catch (const std::exception& e) {
      why_not = e.what();
    }
    log += "  " + device + ": " + (why_not.empty() ? "can run the model" : "passed over: " + why_not) + "\n";
    if (why_not.empty()) {
      kept.push_back(device);
    } else {
      refusals += (refusals.empty() ? "" : "; ") + device + ": " + why_not;
    }
  }
  FERRY_ASSERT(!kept.empty(), "device '", whole, "': no candidate can run model '", model->get_friendly_name(),
               "' (tried ", joined(candidates), "): ", refusals);
  return kept;
}

}  // namespace ferry::auto_device
