// GATED, a test-only device for AUTO's tests: it compiles on another device (GATED_DEVICE,
// default TEMPLATE) through the core, but only once the test opens its gate (GATED_OPEN), so a
// test decides when "the accelerator" is ready. It can also refuse to compile (GATED_COMPILE_ERROR),
// leave an op type out of query_model (GATED_REFUSED_OP) and list other capabilities
// (GATED_CAPABILITIES). Its requests are the other device's own.
#include <condition_variable>
#include <mutex>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/icore.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/value/properties.hpp"

namespace ferry::gated_test {

class Plugin final : public IPlugin {
 public:
  Plugin() {
    set_device_name("GATED");
    set_version({::ferry::get_version().buildNumber, "AUTO's test device"});
  }

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override {
    std::string device, error;
    {
      std::unique_lock<std::mutex> lock(m_mutex);
      ++m_compiles;
      m_opened.wait(lock, [this] { return m_open; });
      device = m_device;
      error = m_compile_error;
    }
    FERRY_ASSERT(error.empty(), error);
    SoPtr<ICompiledModel> compiled = get_core()->compile_model(model, device, properties);
    // The other device's compiled model, keeping its library as long as it lives.
    auto holder = std::make_shared<SoPtr<ICompiledModel>>(compiled);
    return std::shared_ptr<ICompiledModel>(holder, holder->_ptr.get());
  }

  void set_property(const AnyMap& properties) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    for (const auto& [key, value] : properties) {
      if (key == "GATED_OPEN") {
        m_open = value.as<bool>();
      } else if (key == "GATED_DEVICE") {
        m_device = value.as<std::string>();
      } else if (key == "GATED_COMPILE_ERROR") {
        m_compile_error = value.as<std::string>();
      } else if (key == "GATED_REFUSED_OP") {
        m_refused_op = value.as<std::string>();
      } else if (key == "GATED_CAPABILITIES") {
        m_capabilities = value.as<std::vector<std::string>>();
      } else {
        Exception::raise("device 'GATED' has no property '", key, "'");
      }
    }
    m_opened.notify_all();
  }

  Any get_property(const std::string& name, const AnyMap&) const override {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (name == available_devices.name()) return std::vector<std::string>{"0"};
    if (name == device::capabilities.name()) return m_capabilities;
    if (name == "GATED_COMPILES") return m_compiles;
    if (name == device::full_name.name()) return std::string("AUTO's test device");
    Exception::raise("device 'GATED' has no property '", name, "'");
  }

  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override {
    std::string device, refused;
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      device = m_device;
      refused = m_refused_op;
    }
    SupportedOpsMap supported = get_core()->query_model(model, device, properties);
    for (const auto& node : model->get_ordered_ops())
      if (refused == node->get_type_info().name) supported.erase(node->get_friendly_name());
    for (auto& entry : supported) entry.second = get_device_name();
    return supported;
  }

 private:
  mutable std::mutex m_mutex;
  mutable std::condition_variable m_opened;
  mutable uint32_t m_compiles = 0;
  bool m_open = true;
  std::string m_device = "TEMPLATE";
  std::string m_compile_error;
  std::string m_refused_op;
  std::vector<std::string> m_capabilities{"FP32", "FP16"};
};

}  // namespace ferry::gated_test

FERRY_DEFINE_PLUGIN(ferry::gated_test::Plugin)
