#pragma once

// The base of every mutant (see README.md): the TEMPLATE plugin wrapped so that one mutant .cpp
// can break one contract. MutantPlugin forwards every call to a template_plugin::Plugin; a
// mutant overrides a hook (a property it answers wrongly, or the infer requests its compiled
// models create) and defines the library's entry point with FERRY_DEFINE_PLUGIN.

#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry::conformance::mutants {

// Makes the asynchronous request of a compiled model from its sync request and executors.
using RequestFactory = std::function<std::shared_ptr<IAsyncInferRequest>(
    const std::shared_ptr<ISyncInferRequest>& sync, const std::shared_ptr<threading::ITaskExecutor>& task_executor,
    const std::shared_ptr<threading::ITaskExecutor>& callback_executor)>;

// A compiled model of the template plugin whose requests come from `factory` (null: the
// template's own requests). Everything else is the inner model's.
class MutantCompiledModel final : public ICompiledModel {
 public:
  MutantCompiledModel(std::shared_ptr<ICompiledModel> inner, const std::shared_ptr<const IPlugin>& plugin,
                      RequestFactory factory);

  std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

 private:
  std::shared_ptr<ICompiledModel> m_inner;
  RequestFactory m_factory;
};

// The TEMPLATE device with hooks. The registered name reaches the inner plugin on its first use,
// so its contexts, tensors and messages carry the mutant's device name.
class MutantPlugin : public IPlugin {
 public:
  MutantPlugin();

  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model,
                                                const AnyMap& properties) const override;
  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>& model, const AnyMap& properties,
                                                const std::shared_ptr<IRemoteContext>& context) const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name, const AnyMap& arguments) const override;
  std::shared_ptr<IRemoteContext> create_context(const AnyMap& params) const override;
  std::shared_ptr<IRemoteContext> get_default_context(const AnyMap& params) const override;
  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const AnyMap& properties) const override;
  std::shared_ptr<ICompiledModel> import_model(std::istream& blob, const std::shared_ptr<IRemoteContext>& context,
                                               const AnyMap& properties) const override;
  SupportedOpsMap query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const override;

 protected:
  // The answer to get_property(name): `value` is the template's. Default: unchanged.
  virtual Any answer_property(const std::string& /*name*/, Any value) const { return value; }
  // The requests of a compiled model; `imported`: it came from import_model (also the model
  // cache). Default: null, the template's own requests.
  virtual RequestFactory request_factory(bool /*imported*/) const { return nullptr; }

 private:
  IPlugin& inner() const;
  std::shared_ptr<ICompiledModel> wrap(std::shared_ptr<ICompiledModel> compiled, bool imported) const;

  std::shared_ptr<IPlugin> m_inner;
  mutable std::mutex m_name_mutex;
};

// The default async request on the given executors: what a mutant's factory derives from.
template <typename Request>
RequestFactory factory_of() {
  return [](const std::shared_ptr<ISyncInferRequest>& sync, const std::shared_ptr<threading::ITaskExecutor>& task,
            const std::shared_ptr<threading::ITaskExecutor>& callback) {
    return std::make_shared<Request>(sync, task, callback);
  };
}

}  // namespace ferry::conformance::mutants
