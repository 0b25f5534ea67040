#include "compiled_model.hpp"

#include <algorithm>
#include <sstream>

#include "async_infer_request.hpp"
#include "blob_format.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/hetero/properties.hpp"
#include "ferry/value/properties.hpp"
#include "sync_infer_request.hpp"

namespace ferry::hetero {
namespace {

// The properties HETERO answers itself; the rest are its first subgraph's.
const std::vector<PropertyName>& own_properties() {
  static const std::vector<PropertyName> names{supported_properties, execution_devices,
                                               optimal_number_of_infer_requests, number_of_submodels, partition};
  return names;
}

// `object` of the device `owner` compiled on, keeping that device's library loaded as long as it
// lives (an aliasing pointer; the object goes first): an imported HETERO model's handle holds
// HETERO's library only.
template <typename T>
std::shared_ptr<T> keeping_library(const SoPtr<ICompiledModel>& owner, std::shared_ptr<T> object) {
  struct Holder {
    SoPtr<ICompiledModel> owner;
    std::shared_ptr<T> object;  // destroyed before `owner`
  };
  auto holder = std::make_shared<Holder>(Holder{owner, std::move(object)});
  return std::shared_ptr<T>(holder, holder->object.get());
}

}  // namespace

HeteroCompiledModel::HeteroCompiledModel(const std::shared_ptr<const Model>& model,
                                         const std::shared_ptr<const IPlugin>& plugin, std::string device_name,
                                         std::vector<CompiledSubgraph> subgraphs, std::vector<OutputSource> outputs,
                                         std::string partition_text)
    // Its requests run on the subgraphs' stage executors: no task executor of its own.
    : ICompiledModel(model, plugin, {}, std::make_shared<threading::ImmediateExecutor>()),
      m_model(model),
      m_device_name(std::move(device_name)),
      m_subgraphs(std::move(subgraphs)),
      m_outputs(std::move(outputs)),
      m_partition_text(std::move(partition_text)) {}

std::shared_ptr<ISyncInferRequest> HeteroCompiledModel::create_sync_infer_request() const {
  const auto& only = m_subgraphs.front().compiled;
  if (m_subgraphs.size() == 1) return keeping_library(only, only->create_sync_infer_request());
  return std::make_shared<HeteroSyncInferRequest>(
      std::static_pointer_cast<const HeteroCompiledModel>(shared_from_this()));
}

std::shared_ptr<IAsyncInferRequest> HeteroCompiledModel::create_infer_request() const {
  // One device runs the model whole: its own request, with nothing of HETERO's in between.
  const auto& only = m_subgraphs.front().compiled;
  if (m_subgraphs.size() == 1) return keeping_library(only, only->create_infer_request());
  auto request =
      std::make_shared<HeteroSyncInferRequest>(std::static_pointer_cast<const HeteroCompiledModel>(shared_from_this()));
  return std::make_shared<HeteroAsyncInferRequest>(request, *this, get_callback_executor());
}

void HeteroCompiledModel::export_model(std::ostream& blob) const {
  std::vector<blob_format::Part> parts;
  for (const auto& subgraph : m_subgraphs) {
    std::ostringstream exported;
    try {
      subgraph.compiled->export_model(exported);
    } catch (const std::exception& e) {
      Exception::raise(m_device_name, ": its subgraph on ", subgraph.device, " cannot be exported: ", e.what());
    }
    parts.push_back({subgraph.device, subgraph.inputs, exported.str()});
  }
  blob_format::write(blob, m_model, parts, m_outputs, m_partition_text);
}

std::shared_ptr<const Model> HeteroCompiledModel::get_runtime_model() const { return m_model; }

void HeteroCompiledModel::set_property(const AnyMap& properties) {
  for (auto& subgraph : m_subgraphs) subgraph.compiled->set_property(properties);
}

Any HeteroCompiledModel::get_property(const std::string& name) const {
  if (name == supported_properties.name()) {
    std::vector<PropertyName> names = own_properties();
    const Any listed = m_subgraphs.front().compiled->get_property(supported_properties.name());
    for (const PropertyName& listed_name : listed.as<std::vector<PropertyName>>()) {
      const bool known = std::any_of(names.begin(), names.end(),
                                     [&](const PropertyName& own) { return std::string(own) == listed_name; });
      if (!known) names.push_back(listed_name);
    }
    return names;
  }
  if (name == execution_devices.name()) {
    std::vector<std::string> devices;
    for (const auto& subgraph : m_subgraphs)
      if (std::find(devices.begin(), devices.end(), subgraph.device) == devices.end())
        devices.push_back(subgraph.device);
    return devices;
  }
  if (name == optimal_number_of_infer_requests.name()) {
    // Enough to keep every stage of the pipeline busy.
    uint32_t total = 0;
    for (const auto& subgraph : m_subgraphs)
      total += subgraph.compiled->get_property(optimal_number_of_infer_requests.name()).as<uint32_t>();
    return total;
  }
  if (name == number_of_submodels.name()) return static_cast<uint32_t>(m_subgraphs.size());
  if (name == partition.name()) return m_partition_text;
  return m_subgraphs.front().compiled->get_property(name);
}

}  // namespace ferry::hetero
