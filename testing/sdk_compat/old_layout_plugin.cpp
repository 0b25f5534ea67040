// A plugin written against the SDK layout before the layers moved headers (a2cc634): every
// header it names from ferry/base and ferry/value is spelled by its old path. It is
// plugins/template/examples/minimal_plugin.cpp otherwise. testing/sdk_compat/old_layout_plugin_test.sh
// builds it outside Bazel against an installed SDK, where the old paths are forwarding headers
// that must compile with a deprecation message, and runs the conformance runner on it. Bazel
// never compiles it: in-tree targets cannot see the old paths.

#include <ferry/graph/element_type.hpp>
#include <ferry/graph/reference_executor.hpp>
#include <ferry/graph/shape.hpp>
#include <ferry/plugin/icompiled_model.hpp>
#include <ferry/plugin/isync_infer_request.hpp>
#include <ferry/plugin/itensor.hpp>
#include <ferry/plugin/plugin_entry.hpp>
#include <ferry/plugin/support/base_config.hpp>
#include <ferry/plugin/support/property_table.hpp>
#include <ferry/runtime/any.hpp>
#include <ferry/runtime/exception.hpp>
#include <ferry/runtime/properties.hpp>
#include <ferry/runtime/supported_ops.hpp>
#include <ferry/runtime/tensor.hpp>
#include <ferry/runtime/version.hpp>

namespace old_layout {

// The settings: DEVICE_ID alone, which the core passes along with "OLDLAYOUT.0". Its only valid
// value is the default, so a set that passes the check changes nothing and nothing is stored.
struct Settings {
  std::string device_id = "0";
};

class CompiledModel : public ferry::ICompiledModel {
 public:
  CompiledModel(const std::shared_ptr<const ferry::Model>& model, const std::shared_ptr<const ferry::IPlugin>& plugin)
      : ferry::ICompiledModel(model, plugin),
        m_executor(model),
        m_properties(ferry::sdk::compiled_model_owner([this] { return get_plugin()->get_device_name(); })) {}

  std::shared_ptr<ferry::ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream&) const override {
    ferry::Exception::raise(get_plugin()->get_device_name(), " cannot export models");
  }
  std::shared_ptr<const ferry::Model> get_runtime_model() const override { return m_executor.get_model(); }
  void set_property(const ferry::AnyMap& properties) override {
    Settings settings;
    m_properties.set(settings, properties);  // nothing is settable: throws naming the key
  }
  ferry::Any get_property(const std::string& name) const override { return m_properties.get(name, Settings{}); }

  const ferry::ReferenceExecutor& executor() const { return m_executor; }

 private:
  ferry::ReferenceExecutor m_executor;               // plans the model once; run() is thread-safe
  ferry::sdk::PropertyTable<Settings> m_properties;  // SUPPORTED_PROPERTIES alone
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
  Plugin() : m_properties(ferry::sdk::device_owner([this] { return get_device_name(); })) {
    set_version({"1.0.0", "Plugin of the previous SDK layout"});
    // The properties every device reports (the conformance suite checks them).
    m_properties.read_only(ferry::device::full_name, [] { return std::string("Old-layout reference device"); })
        .read_only(ferry::available_devices, [] { return std::vector<std::string>{"0"}; })
        .read_only(ferry::device::capabilities,
                   [] { return std::vector<std::string>{ferry::device::capability::FP32}; })
        .setting(ferry::device::id, &Settings::device_id,
                 [](const std::string& id) { ferry::sdk::check_device_id(id, {"0"}); });
  }
  std::shared_ptr<ferry::ICompiledModel> compile_model(const std::shared_ptr<const ferry::Model>& model,
                                                       const ferry::AnyMap& properties) const override {
    Settings settings;
    m_properties.set(settings, properties);  // refuses what is not DEVICE_ID "0"
    return std::make_shared<CompiledModel>(model->clone(), shared_from_this());
  }
  void set_property(const ferry::AnyMap& properties) override {
    Settings settings;
    m_properties.set(settings, properties);
  }
  ferry::Any get_property(const std::string& name, const ferry::AnyMap& arguments) const override {
    return m_properties.get(name, Settings{}, arguments);
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
  ferry::sdk::PropertyTable<Settings> m_properties;
};

}  // namespace old_layout

FERRY_DEFINE_PLUGIN(old_layout::Plugin)
