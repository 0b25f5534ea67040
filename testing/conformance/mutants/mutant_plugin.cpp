#include "mutant_plugin.hpp"

#include "plugins/template/src/plugin.hpp"

namespace ferry::conformance::mutants {

MutantCompiledModel::MutantCompiledModel(std::shared_ptr<ICompiledModel> inner,
                                         const std::shared_ptr<const IPlugin>& plugin, RequestFactory factory)
    : ICompiledModel(inner->get_runtime_model(), plugin, inner->get_context(), inner->get_task_executor(),
                     inner->get_callback_executor()),
      m_inner(std::move(inner)),
      m_factory(std::move(factory)) {}

std::shared_ptr<IAsyncInferRequest> MutantCompiledModel::create_infer_request() const {
  if (!m_factory) return m_inner->create_infer_request();
  return m_factory(m_inner->create_sync_infer_request(), get_task_executor(), get_callback_executor());
}

std::shared_ptr<ISyncInferRequest> MutantCompiledModel::create_sync_infer_request() const {
  return m_inner->create_sync_infer_request();
}

void MutantCompiledModel::export_model(std::ostream& blob) const { m_inner->export_model(blob); }

std::shared_ptr<const Model> MutantCompiledModel::get_runtime_model() const { return m_inner->get_runtime_model(); }

void MutantCompiledModel::set_property(const AnyMap& properties) { m_inner->set_property(properties); }

Any MutantCompiledModel::get_property(const std::string& name) const { return m_inner->get_property(name); }

MutantPlugin::MutantPlugin() : m_inner(std::make_shared<template_plugin::Plugin>()) {
  set_device_name(m_inner->get_device_name());
  set_version(m_inner->get_version());
}

IPlugin& MutantPlugin::inner() const {
  // The core names a plugin after creating it; the first call after that passes the name on.
  std::lock_guard<std::mutex> lock(m_name_mutex);
  if (m_inner->get_device_name() != get_device_name()) m_inner->set_device_name(get_device_name());
  return *m_inner;
}

std::shared_ptr<ICompiledModel> MutantPlugin::wrap(std::shared_ptr<ICompiledModel> compiled, bool imported) const {
  return std::make_shared<MutantCompiledModel>(std::move(compiled), shared_from_this(), request_factory(imported));
}

std::shared_ptr<ICompiledModel> MutantPlugin::compile_model(const std::shared_ptr<const Model>& model,
                                                            const AnyMap& properties) const {
  return wrap(inner().compile_model(model, properties), false);
}

std::shared_ptr<ICompiledModel> MutantPlugin::compile_model(const std::shared_ptr<const Model>& model,
                                                            const AnyMap& properties,
                                                            const std::shared_ptr<IRemoteContext>& context) const {
  return wrap(inner().compile_model(model, properties, context), false);
}

void MutantPlugin::set_property(const AnyMap& properties) { inner().set_property(properties); }

Any MutantPlugin::get_property(const std::string& name, const AnyMap& arguments) const {
  return answer_property(name, inner().get_property(name, arguments));
}

std::shared_ptr<IRemoteContext> MutantPlugin::create_context(const AnyMap& params) const {
  return inner().create_context(params);
}

std::shared_ptr<IRemoteContext> MutantPlugin::get_default_context(const AnyMap& params) const {
  return inner().get_default_context(params);
}

std::shared_ptr<ICompiledModel> MutantPlugin::import_model(std::istream& blob, const AnyMap& properties) const {
  return wrap(inner().import_model(blob, properties), true);
}

std::shared_ptr<ICompiledModel> MutantPlugin::import_model(std::istream& blob,
                                                           const std::shared_ptr<IRemoteContext>& context,
                                                           const AnyMap& properties) const {
  return wrap(inner().import_model(blob, context, properties), true);
}

SupportedOpsMap MutantPlugin::query_model(const std::shared_ptr<const Model>& model, const AnyMap& properties) const {
  return inner().query_model(model, properties);
}

}  // namespace ferry::conformance::mutants
