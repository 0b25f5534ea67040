#include "compiled_model.hpp"

#include "async_infer_request.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/iremote_context.hpp"
#include "ferry/value/properties.hpp"
#include "sync_infer_request.hpp"

namespace ferry::batch {
namespace {

std::shared_ptr<IRemoteContext> context_of(const SoPtr<ICompiledModel>& compiled) {
  try {
    return compiled->get_context();
  } catch (const Exception&) {
    return nullptr;  // a device without remote contexts
  }
}

}  // namespace

uint32_t parse_timeout(const Any& value, const std::string& device) {
  Any copy = value;  // as<> caches its conversion in the Any: convert a private copy
  try {
    return copy.as<uint32_t>();
  } catch (const std::exception& e) {
    Exception::raise("device '", device, "': bad value for property '", auto_batch_timeout.name(),
                     "' (milliseconds expected): ", e.what());
  }
}

BatchCompiledModel::BatchCompiledModel(const std::shared_ptr<const Model>& model,
                                       const std::shared_ptr<const IPlugin>& plugin, const std::string& device,
                                       size_t batch, SoPtr<ICompiledModel> batched, SoPtr<ICompiledModel> single,
                                       uint32_t timeout_ms)
    // Requests need no executor of ours: they run on the device's (see BatchAsyncInferRequest).
    : ICompiledModel(model, plugin, context_of(batched), std::make_shared<threading::ImmediateExecutor>()),
      m_device(device),
      m_batch(batch),
      m_batched(batched),
      m_single(single),
      m_collector(std::make_shared<BatchCollector>(device, batched, single, batch, timeout_ms)) {}

std::shared_ptr<ISyncInferRequest> BatchCompiledModel::create_sync_infer_request() const {
  return std::make_shared<BatchSyncInferRequest>(shared_from_this(), m_collector);
}

std::shared_ptr<IAsyncInferRequest> BatchCompiledModel::create_infer_request() const {
  auto request = std::make_shared<BatchSyncInferRequest>(shared_from_this(), m_collector);
  return std::make_shared<BatchAsyncInferRequest>(request, get_callback_executor());
}

void BatchCompiledModel::export_model(std::ostream&) const {
  Exception::raise("device '", m_device,
                   "': a BATCH compiled model cannot be exported; export the model compiled for its device instead");
}

std::shared_ptr<const Model> BatchCompiledModel::get_runtime_model() const { return m_batched->get_runtime_model(); }

void BatchCompiledModel::set_property(const AnyMap& properties) {
  AnyMap rest;
  for (const auto& [name, value] : properties) {
    if (name == auto_batch_timeout.name()) {
      m_collector->set_timeout(parse_timeout(value, m_device));
    } else {
      rest[name] = value;
    }
  }
  if (!rest.empty()) {
    m_batched->set_property(rest);
    m_single->set_property(rest);
  }
}

Any BatchCompiledModel::get_property(const std::string& name) const {
  if (name == supported_properties.name()) {
    return std::vector<PropertyName>{
        PropertyName(supported_properties.name(), PropertyMutability::RO),
        PropertyName(model_name.name(), PropertyMutability::RO),
        PropertyName(optimal_number_of_infer_requests.name(), PropertyMutability::RO),
        PropertyName(optimal_batch_size.name(), PropertyMutability::RO),
        PropertyName(execution_devices.name(), PropertyMutability::RO),
        PropertyName(auto_batch_timeout.name(), PropertyMutability::RW),
        PropertyName(batched_inferences.name(), PropertyMutability::RO),
        PropertyName(fallback_inferences.name(), PropertyMutability::RO),
    };
  }
  if (name == optimal_number_of_infer_requests.name()) {
    // N requests fill one batch; the device may run several batches at once.
    const auto device = m_batched->get_property(optimal_number_of_infer_requests.name()).as<uint32_t>();
    return static_cast<uint32_t>(m_batch * (device ? device : 1));
  }
  if (name == optimal_batch_size.name()) return static_cast<unsigned>(m_batch);
  if (name == auto_batch_timeout.name()) return m_collector->get_timeout();
  if (name == batched_inferences.name()) return m_collector->batched_inferences();
  if (name == fallback_inferences.name()) return m_collector->fallback_inferences();
  return m_batched->get_property(name);  // EXECUTION_DEVICES, NETWORK_NAME, device settings...
}

}  // namespace ferry::batch
