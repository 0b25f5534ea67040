#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "config.hpp"
#include "engine/execution_plan.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/support/export_container.hpp"
#include "ferry/plugin/support/property_table.hpp"
#include "remote_context.hpp"

namespace ferry::template_plugin {

class Plugin;

// TEMPLATE's export blob (export_model, Plugin::import_model, CACHE_DIR): the SDK's container
// with the model as IR and the settings it was compiled with. The model is stored rather than
// the ExecutionPlan because the plan is cheap to rebuild; a plugin whose compilation is
// expensive stores its compiled form too (the GPU plugin adds its program binaries).
inline constexpr sdk::ExportFormat kExportFormat{"FERRYTPL", 2};

// A model compiled for TEMPLATE: a private clone of the model, its ExecutionPlan, and a
// CPUStreamsExecutor with one thread per stream that runs the asynchronous requests.
// Immutable after construction, so requests use it from any thread.
class CompiledModel final : public ICompiledModel {
 public:
  // `model` must be the plugin's own copy: the compiled model keeps it.
  CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                const std::shared_ptr<RemoteContext>& context, const Config& config, bool loaded_from_cache);

  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  // Writes the blob Plugin::import_model reads (kExportFormat).
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override { return m_plan.get_model(); }
  // Everything is fixed at compile time: throws naming the property. The properties are the
  // compiled model's facts and the plugin's settings that reach compiled models, read-only.
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

  const ExecutionPlan& get_plan() const { return m_plan; }
  const Config& get_config() const { return m_config; }
  const RemoteContext& get_template_context() const { return *m_context; }

 private:
  Config m_config;
  std::shared_ptr<RemoteContext> m_context;
  ExecutionPlan m_plan;
  bool m_loaded_from_cache;
  sdk::PropertyTable<Config> m_properties;
};

}  // namespace ferry::template_plugin
