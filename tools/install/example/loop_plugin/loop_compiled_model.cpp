#include "loop_compiled_model.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/value/properties.hpp"
#include "loop_infer_request.hpp"
#include "loop_plugin.hpp"

namespace loop_device {

LoopCompiledModel::LoopCompiledModel(const std::shared_ptr<const ferry::Model>& model,
                                     const std::shared_ptr<const LoopPlugin>& plugin)
    : ICompiledModel(model, plugin), m_model(model), m_program(compile_loop_program(*model)) {}

std::shared_ptr<ferry::ISyncInferRequest> LoopCompiledModel::create_sync_infer_request() const {
  return std::make_shared<LoopInferRequest>(std::static_pointer_cast<const LoopCompiledModel>(shared_from_this()));
}

void LoopCompiledModel::export_model(std::ostream&) const {
  ferry::Exception::raise("LOOP cannot export a compiled model");
}

void LoopCompiledModel::set_property(const ferry::AnyMap& properties) {
  if (!properties.empty())
    ferry::Exception::raise("LOOP compiled models have no settable property (got '", properties.begin()->first, "')");
}

ferry::Any LoopCompiledModel::get_property(const std::string& name) const {
  if (name == ferry::supported_properties.name())
    return std::vector<ferry::PropertyName>{ferry::supported_properties, ferry::model_name,
                                            ferry::optimal_number_of_infer_requests, ferry::execution_devices};
  if (name == ferry::model_name.name()) return m_model->get_friendly_name();
  if (name == ferry::optimal_number_of_infer_requests.name()) return 1u;
  if (name == ferry::execution_devices.name()) return std::vector<std::string>{get_plugin()->get_device_name()};
  ferry::Exception::raise("LOOP compiled model has no property '", name, "'");
}

}  // namespace loop_device
