// The smallest complete Ferry plugin: one file, built against the SDK headers alone and linked
// against libferry.so (docs/WRITING_A_PLUGIN.md shows the g++ line). It runs models with the
// graph's reference interpreter on the calling stream and offers two properties. The TEMPLATE
// plugin (plugins/template/src) shows everything else: settings, streams, profiling,
// export/import and remote tensors.

#include <ferry/graph/reference_executor.hpp>
#include <ferry/plugin/icompiled_model.hpp>
#include <ferry/plugin/isync_infer_request.hpp>
#include <ferry/plugin/plugin_entry.hpp>
#include <ferry/runtime/properties.hpp>

namespace minimal {

class CompiledModel : public ferry::ICompiledModel {
 public:
  CompiledModel(const std::shared_ptr<const ferry::Model>& model, const std::shared_ptr<const ferry::IPlugin>& plugin)
      : ferry::ICompiledModel(model, plugin), m_executor(model) {}

  std::shared_ptr<ferry::ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream&) const override {
    ferry::Exception::raise(get_plugin()->get_device_name(), " cannot export models");
  }
  std::shared_ptr<const ferry::Model> get_runtime_model() const override { return m_executor.get_model(); }
  void set_property(const ferry::AnyMap&) override {
    ferry::Exception::raise("a model compiled for ", get_plugin()->get_device_name(), " has no settable property");
  }
  ferry::Any get_property(const std::string& name) const override {
    if (name == ferry::supported_properties.name())
      return std::vector<ferry::PropertyName>{{ferry::supported_properties.name(), ferry::PropertyMutability::RO}};
    ferry::Exception::raise("a model compiled for ", get_plugin()->get_device_name(), " has no property '", name, "'");
  }

  const ferry::ReferenceExecutor& executor() const { return m_executor; }

 private:
  ferry::ReferenceExecutor m_executor;  // plans the model once; run() is thread-safe
};

class InferRequest : public ferry::ISyncInferRequest {
 public:
  explicit InferRequest(const std::shared_ptr<const CompiledModel>& model)
      : ferry::ISyncInferRequest(model), m_model(model) {}

  void infer() override {
    check_tensors();  // the base class validated and allocated the tensors
    ferry::TensorVector inputs, outputs;
    for (size_t i = 0; i < get_inputs().size(); ++i) {
      convert_batched_tensors(i);
      inputs.push_back(input_tensor(i));
    }
    for (size_t i = 0; i < get_outputs().size(); ++i) outputs.push_back(output_tensor(i));
    m_model->executor().run(inputs, outputs);  // writes into the bound output tensors
  }

 private:
  std::shared_ptr<const CompiledModel> m_model;
};

std::shared_ptr<ferry::ISyncInferRequest> CompiledModel::create_sync_infer_request() const {
  return std::make_shared<InferRequest>(std::static_pointer_cast<const CompiledModel>(shared_from_this()));
}

class Plugin : public ferry::IPlugin {
 public:
  Plugin() { set_version({"1.0.0", "Minimal reference plugin"}); }
  std::shared_ptr<ferry::ICompiledModel> compile_model(const std::shared_ptr<const ferry::Model>& model,
                                                       const ferry::AnyMap& properties) const override {
    check_settable(properties);
    return std::make_shared<CompiledModel>(model->clone(), shared_from_this());
  }
  void set_property(const ferry::AnyMap& properties) override { check_settable(properties); }
  ferry::Any get_property(const std::string& name, const ferry::AnyMap&) const override {
    // The properties every device reports (the conformance suite checks them).
    if (name == ferry::device::full_name.name()) return std::string("Minimal reference device");
    if (name == ferry::available_devices.name()) return std::vector<std::string>{"0"};
    if (name == ferry::device::capabilities.name()) return std::vector<std::string>{ferry::device::capability::FP32};
    if (name == ferry::supported_properties.name())
      return std::vector<ferry::PropertyName>{{ferry::supported_properties.name(), ferry::PropertyMutability::RO},
                                              {ferry::available_devices.name(), ferry::PropertyMutability::RO},
                                              {ferry::device::capabilities.name(), ferry::PropertyMutability::RO},
                                              {ferry::device::full_name.name(), ferry::PropertyMutability::RO}};
    ferry::Exception::raise("device '", get_device_name(), "' has no property '", name, "'");
  }
  ferry::SupportedOpsMap query_model(const std::shared_ptr<const ferry::Model>& model,
                                     const ferry::AnyMap&) const override {
    ferry::SupportedOpsMap supported;
    for (const auto& node : model->get_ordered_ops())
      if (node->has_evaluate() || std::string(node->get_type_name()) == "Parameter")
        supported[node->get_friendly_name()] = get_device_name();
    return supported;
  }

 private:
  // Nothing is settable; the core passes DEVICE_ID along with "MINIMAL.0".
  void check_settable(const ferry::AnyMap& properties) const {
    for (const auto& entry : properties) {
      if (entry.first != ferry::device::id.name())
        ferry::Exception::raise("device '", get_device_name(), "' has no settable property '", entry.first, "'");
    }
  }
};

}  // namespace minimal

FERRY_DEFINE_PLUGIN(minimal::Plugin)
