#include "compiled_model.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::multi {

MultiCompiledModel::MultiCompiledModel(const std::shared_ptr<const Model>& model,
                                       const std::shared_ptr<const IPlugin>& plugin, std::vector<std::string> devices,
                                       std::vector<SoPtr<ICompiledModel>> compiled)
    : ICompiledModel(model, plugin), m_devices(std::move(devices)), m_compiled(std::move(compiled)) {}

std::shared_ptr<IAsyncInferRequest> MultiCompiledModel::create_infer_request() const {
  const size_t device = m_next.fetch_add(1) % m_compiled.size();
  return m_compiled[device]->create_infer_request();
}

std::shared_ptr<ISyncInferRequest> MultiCompiledModel::create_sync_infer_request() const {
  const size_t device = m_next.fetch_add(1) % m_compiled.size();
  return m_compiled[device]->create_sync_infer_request();
}

void MultiCompiledModel::export_model(std::ostream&) const {
  Exception::raise("MULTI cannot export a compiled model; export from one of its devices instead");
}

std::shared_ptr<const Model> MultiCompiledModel::get_runtime_model() const {
  return m_compiled.front()->get_runtime_model();
}

void MultiCompiledModel::set_property(const AnyMap& properties) {
  for (auto& compiled : m_compiled) compiled->set_property(properties);
}

Any MultiCompiledModel::get_property(const std::string& name) const {
  if (name == execution_devices.name()) return m_devices;
  if (name == device::priorities.name()) return m_devices;
  if (name == optimal_number_of_infer_requests.name()) {
    unsigned total = 0;
    for (const auto& compiled : m_compiled)
      total += compiled->get_property(optimal_number_of_infer_requests.name()).as<unsigned>();
    return total;
  }
  return m_compiled.front()->get_property(name);
}

}  // namespace ferry::multi
