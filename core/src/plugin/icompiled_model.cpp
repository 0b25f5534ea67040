#include "ferry/plugin/icompiled_model.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/iremote_context.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry {

ICompiledModel::ICompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const IPlugin>& plugin,
                               const std::shared_ptr<IRemoteContext>& context,
                               const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                               const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
    : m_model(model),
      m_plugin(plugin),
      m_context(context),
      m_task_executor(task_executor),
      m_callback_executor(callback_executor) {
  FERRY_ASSERT(m_model, "ICompiledModel: the model is null");
  // The ports are the given model's own: a request looks ports up by node first, names second.
  m_inputs = m_model->inputs();
  m_outputs = m_model->outputs();
  if (!m_task_executor) {
    const std::string device = m_plugin ? m_plugin->get_device_name() : std::string();
    m_task_executor = std::make_shared<threading::CPUStreamsExecutor>(
        threading::CPUStreamsExecutor::Config{device.empty() ? "ferry-infer" : device + "-infer", 1});
  }
  // Callbacks run on the thread that finished the inference.
  if (!m_callback_executor) m_callback_executor = std::make_shared<threading::ImmediateExecutor>();
}

std::shared_ptr<IAsyncInferRequest> ICompiledModel::create_infer_request() const {
  return std::make_shared<IAsyncInferRequest>(create_sync_infer_request(), m_task_executor, m_callback_executor);
}

std::shared_ptr<IRemoteContext> ICompiledModel::get_context() const {
  if (m_context) return m_context;
  FERRY_ASSERT(m_plugin, "ICompiledModel::get_context: the compiled model has neither a context nor a plugin");
  return m_plugin->get_default_context({});
}

}  // namespace ferry
