#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/plugin/executor.hpp"
#include "ferry/value/any.hpp"

namespace ferry {

class IPlugin;
class IRemoteContext;
class ISyncInferRequest;
class IAsyncInferRequest;

// A model compiled for one device. Holds the model's input and output ports (what infer
// requests bind tensors to) and the executors its asynchronous requests run on.
class ICompiledModel : public std::enable_shared_from_this<ICompiledModel> {
 public:
  // The ports are `model`'s own: its Parameters' outputs (inputs()) and its Results' outputs
  // (outputs()). task_executor runs inferences (default: a CPUStreamsExecutor of one stream);
  // callback_executor runs user callbacks (default: an ImmediateExecutor, i.e. the thread that
  // finished the inference). `plugin` may be null in tests; get_context() then needs `context`.
  ICompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const IPlugin>& plugin,
                 const std::shared_ptr<IRemoteContext>& context = {},
                 const std::shared_ptr<threading::ITaskExecutor>& task_executor = {},
                 const std::shared_ptr<threading::ITaskExecutor>& callback_executor = {});
  virtual ~ICompiledModel() = default;

  const std::vector<Output<const Node>>& inputs() const { return m_inputs; }
  const std::vector<Output<const Node>>& outputs() const { return m_outputs; }

  // Default: the plugin's sync request driven by IAsyncInferRequest on this model's executors.
  virtual std::shared_ptr<IAsyncInferRequest> create_infer_request() const;
  virtual std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const = 0;

  virtual void export_model(std::ostream& blob) const = 0;
  virtual std::shared_ptr<const Model> get_runtime_model() const = 0;
  virtual void set_property(const AnyMap& properties) = 0;
  virtual Any get_property(const std::string& name) const = 0;

  // The context the model was compiled for; default: plugin->get_default_context({}), which
  // throws for a device without remote contexts.
  std::shared_ptr<IRemoteContext> get_context() const;
  const std::shared_ptr<const IPlugin>& get_plugin() const { return m_plugin; }
  const std::shared_ptr<threading::ITaskExecutor>& get_task_executor() const { return m_task_executor; }
  const std::shared_ptr<threading::ITaskExecutor>& get_callback_executor() const { return m_callback_executor; }

 protected:
  // Never called in the tree: the executor comes through the constructor (SDK_COMPATIBILITY.md).
  [[deprecated(
      "pass the executor to ICompiledModel's constructor: set_task_executor is removed after Ferry plugin "
      "API version 5 (docs/SDK_COMPATIBILITY.md)")]] void
  set_task_executor(const std::shared_ptr<threading::ITaskExecutor>& executor) {
    m_task_executor = executor;
  }

 private:
  std::shared_ptr<const Model> m_model;  // owns the nodes behind m_inputs / m_outputs
  std::shared_ptr<const IPlugin> m_plugin;
  std::shared_ptr<IRemoteContext> m_context;
  std::shared_ptr<threading::ITaskExecutor> m_task_executor;
  std::shared_ptr<threading::ITaskExecutor> m_callback_executor;
  std::vector<Output<const Node>> m_inputs;
  std::vector<Output<const Node>> m_outputs;
};

}  // namespace ferry
