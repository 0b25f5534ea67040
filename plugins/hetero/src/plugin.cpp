#include "plugin.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "blob_format.hpp"
#include "compiled_model.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/hetero/properties.hpp"
#include "ferry/plugin/icore.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/plugin/support/device_name.hpp"
#include "ferry/plugin/support/streams_executor.hpp"
#include "ferry/plugin/support/virtual_device.hpp"
#include "ferry/value/properties.hpp"
#include "partition.hpp"
#include "pipeline_split.hpp"

// The library's entry point: the core finds it with dlsym and creates the plugin through it.
FERRY_DEFINE_PLUGIN(ferry::hetero::Plugin)

namespace ferry::hetero {
namespace {

// The executor of subgraph `index`'s stage: a thread for each request its device wants in flight.
std::shared_ptr<threading::ITaskExecutor> stage_executor(size_t index, const SoPtr<ICompiledModel>& compiled) {
  uint32_t requests = 1;
  try {
    requests = compiled->get_property(optimal_number_of_infer_requests.name()).as<uint32_t>();
  } catch (const Exception&) {
    // A device that does not say gets one stage thread.
  }
  return sdk::make_streams_executor("HETERO" + std::to_string(index), static_cast<int>(std::clamp(requests, 1u, 8u)));
}

// Each device's memory budget for PIPELINE_PARALLEL: HETERO_MEMORY_BUDGET's, else the memory the
// device reports, else none.
MemoryBudgets budgets_of(const std::vector<std::string>& devices, const Config& config, const ICore& core) {
  const std::map<std::string, uint64_t> given = parse_memory_budget(config.memory_budget);
  MemoryBudgets budgets;
  for (const std::string& device : devices) {
    if (auto found = given.find(device); found != given.end()) {
      budgets[device] = found->second;
      continue;
    }
    budgets[device] = std::nullopt;
    try {
      budgets[device] = core.get_property(device, "GPU_DEVICE_TOTAL_MEM_SIZE", {}).as<uint64_t>();
    } catch (const Exception&) {
      // A device that reports no memory size has no limit.
    }
  }
  for (const auto& [device, bytes] : given)
    FERRY_ASSERT(budgets.count(device), "HETERO_MEMORY_BUDGET names '", device, "', which is not one of the devices");
  return budgets;
}

// Writes the partition where HETERO_DUMP_PARTITION asks.
void dump(const std::string& path, const std::string& text, const std::string& device) {
  std::ofstream file(path);
  file << text;
  file.close();
  FERRY_ASSERT(file.good(), "device '", device, "': cannot write HETERO_DUMP_PARTITION file '", path, "'");
}

}  // namespace

Plugin::Plugin() : m_properties(sdk::device_owner([this] { return get_device_name(); })), m_settings(m_properties) {
  set_device_name("HETERO");  // the core renames it to the name it was registered under
  set_version({::ferry::get_version().buildNumber + "-blob" + std::to_string(blob_format::kExportFormat.version),
               "Ferry heterogeneous execution"});
  sdk::declare_virtual_device(m_properties, "A model split over several devices")
      .setting(dump_partition, &Config::dump_partition, nullptr, sdk::Reach::kPluginOnly)
      .setting(hint::model_distribution_policy, &Config::distribution, nullptr, sdk::Reach::kPluginOnly)
      .setting(
          memory_budget, &Config::memory_budget, [](const std::string& text) { parse_memory_budget(text); },
          sdk::Reach::kPluginOnly)
      .read_only(device::capabilities, [this](const AnyMap& arguments) {
        // What every device lists ("HETERO:GPU,CPU" names them; else the setting), export
        // included when every device exports: HETERO's blob holds theirs.
        const std::string priorities = sdk::priorities_of(arguments, m_settings.get().priorities);
        if (priorities.empty()) return std::vector<std::string>{};
        const std::vector<std::string> devices = devices_of(Config{priorities, ""});
        std::vector<std::string> common = sdk::common_capabilities(*get_core(), devices);
        const bool all_export = std::all_of(devices.begin(), devices.end(), [&](const std::string& device) {
          const auto listed =
              get_core()->get_property(device, device::capabilities.name(), {}).as<std::vector<std::string>>();
          return std::find(listed.begin(), listed.end(), device::capability::EXPORT_IMPORT) != listed.end();
        });
        if (all_export) common.push_back(device::capability::EXPORT_IMPORT);
        return common;
      });
}

void Plugin::set_property(const AnyMap& properties) { m_settings.set(properties); }

Any Plugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return m_properties.get(name, m_settings.get(), arguments);
}

std::string Plugin::full_name(const Config& config) const {
  return sdk::DeviceName::from_priorities(get_device_name(), config.priorities).full_name();
}

std::vector<std::string> Plugin::devices_of(const Config& config) const {
  return sdk::plain_targets(get_device_name(), config.priorities);
}

std::shared_ptr<ICompiledModel> Plugin::compile_model(const std::shared_ptr<const Model>& model,
                                                      const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " compile_model: the model is null");
  // Named, not structured bindings: the lambdas below capture them.
  const std::pair<Config, AnyMap> settings = m_settings.with_own(properties);
  const Config& config = settings.first;
  const AnyMap& device_properties = settings.second;
  const std::vector<std::string> devices = devices_of(config);
  const std::string name = full_name(config);
  const auto core = get_core();
  // Ops a device's compile refused although its query_model listed them: the next partition
  // places them on a later device.
  std::map<std::string, std::set<std::string>> refused;  // op -> devices
  const QueryModel query = [&](const std::shared_ptr<const Model>& subject, const std::string& device) {
    SupportedOpsMap supported = core->query_model(subject, device, device_properties);
    for (const auto& [op, devices_refusing] : refused)
      if (devices_refusing.count(device)) supported.erase(op);
    return supported;
  };
  std::optional<PipelineSplit> pipeline;
  if (config.distribution.count(hint::ModelDistributionPolicy::PIPELINE_PARALLEL))
    pipeline = PipelineSplit{budgets_of(devices, config, *core)};
  Partition partition;
  std::vector<CompiledSubgraph> compiled;
  std::string last_refusal;
  while (compiled.empty()) {
    try {
      partition = partition_model(model, devices, query, name, pipeline);
    } catch (const Exception& e) {
      if (last_refusal.empty()) throw;
      Exception::raise(e.what(), "; ", last_refusal);
    }
    for (size_t s = 0; s < partition.subgraphs.size(); ++s) {
      const Subgraph& subgraph = partition.subgraphs[s];
      SoPtr<ICompiledModel> on_device;
      try {
        on_device = core->compile_model(subgraph.model, subgraph.device, device_properties);
      } catch (const std::exception& e) {
        last_refusal = "subgraph " + std::to_string(s) + " of " + std::to_string(partition.subgraphs.size()) +
                       " does not compile on " + subgraph.device + ": " + e.what();
        // The ops the device's error names (devices name the op they refuse), else all of the
        // subgraph's, go elsewhere next time; when none can, the error stands.
        std::vector<std::string> named, all;
        for (const Placement& placement : partition.placements) {
          if (placement.subgraph != s) continue;
          all.push_back(placement.node);
          if (std::string(e.what()).find("'" + placement.node + "'") != std::string::npos)
            named.push_back(placement.node);
        }
        bool moved = false;
        for (const std::string& op : named.empty() ? all : named)
          moved = refused[op].insert(subgraph.device).second || moved;
        if (!moved || pipeline) Exception::raise("device '", name, "': ", last_refusal);
        compiled.clear();
        break;
      }
      compiled.push_back({subgraph.device, on_device, subgraph.inputs, stage_executor(s, on_device)});
    }
  }
  std::string text = partition.describe(name, model->get_friendly_name());
  if (!config.dump_partition.empty()) dump(config.dump_partition, text, name);
  // The ports are a private copy's: later edits of the caller's model do not reach them.
  return std::make_shared<HeteroCompiledModel>(model->clone(), shared_from_this(), name, std::move(compiled),
                                               partition.outputs, std::move(text));
}

std::shared_ptr<ICompiledModel> Plugin::import_model(std::istream& blob, const AnyMap& properties) const {
  // HETERO's own settings do not matter here: the blob says where each subgraph runs.
  const AnyMap device_properties = m_settings.with_own(properties).second;
  blob_format::Contents contents = blob_format::read(blob, get_device_name());
  const auto core = get_core();
  std::vector<CompiledSubgraph> compiled;
  std::string devices;
  for (size_t s = 0; s < contents.parts.size(); ++s) {
    const blob_format::Part& part = contents.parts[s];
    std::istringstream in(part.blob);
    SoPtr<ICompiledModel> on_device = core->import_model(in, part.device, device_properties);
    FERRY_ASSERT(on_device->inputs().size() == part.inputs.size(), get_device_name(), " blob: subgraph ", s, " on ",
                 part.device, " has ", on_device->inputs().size(), " inputs, its bindings ", part.inputs.size());
    for (const SubgraphInput& input : part.inputs) {
      FERRY_ASSERT(input.from_model || input.output < compiled[input.index].compiled->outputs().size(),
                   get_device_name(), " blob: subgraph ", s, " reads output ", input.output, " of subgraph ",
                   input.index, ", which has ", compiled[input.index].compiled->outputs().size());
    }
    if (devices.find(part.device) == std::string::npos) devices += (devices.empty() ? "" : ",") + part.device;
    compiled.push_back({part.device, on_device, part.inputs, stage_executor(s, on_device)});
  }
  for (const OutputSource& output : contents.outputs)
    FERRY_ASSERT(output.output < compiled[output.subgraph].compiled->outputs().size(), get_device_name(),
                 " blob: a model output comes from output ", output.output, " of subgraph ", output.subgraph,
                 ", which has ", compiled[output.subgraph].compiled->outputs().size());
  return std::make_shared<HeteroCompiledModel>(contents.model, shared_from_this(), get_device_name() + ":" + devices,
                                               std::move(compiled), contents.outputs,
                                               std::move(contents.partition_text));
}

SupportedOpsMap Plugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  FERRY_ASSERT(model, get_device_name(), " query_model: the model is null");
  // Named, not structured bindings: the lambdas below capture them.
  const std::pair<Config, AnyMap> settings = m_settings.with_own(properties);
  const Config& config = settings.first;
  const AnyMap& device_properties = settings.second;
  const auto core = get_core();
  const QueryModel query = [&](const std::shared_ptr<const Model>& subject, const std::string& device) {
    return core->query_model(subject, device, device_properties);
  };
  SupportedOpsMap supported;
  for (const Placement& placement : place_ops(model, devices_of(config), query, full_name(config), PlaceFor::kQuery))
    supported[placement.node] = placement.device;
  return supported;
}

}  // namespace ferry::hetero
