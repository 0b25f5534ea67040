#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "config.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/support/export_container.hpp"
#include "ferry/plugin/support/property_table.hpp"
#include "graph_cache.hpp"

namespace ferry::cpu_plugin {

class Plugin;

// The CPU's export blob (export_model, Plugin::import_model, CACHE_DIR): the SDK's container
// with the model as IR and the settings it was compiled with. Compiling into oneDNN primitives
// takes milliseconds per layer and the primitives are made for the host's instruction set, so
// the blob holds the model, not the primitives.
inline constexpr sdk::ExportFormat kExportFormat{"FERRYCPU", 1};

// A model compiled for the CPU: a private clone of the model, its GraphCache (the engine's
// compiled graphs, one per input shapes), and a CPUStreamsExecutor whose streams run the
// asynchronous requests, each inference on threads_per_stream threads. Immutable after
// construction but for the GraphCache, which is thread-safe, so requests use it from any thread.
class CompiledModel final : public ICompiledModel {
 public:
  // `model` must be the plugin's own copy: the compiled model keeps it.
  CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                const Config& config, bool loaded_from_cache);

  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  // Writes the blob Plugin::import_model reads (kExportFormat).
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override { return m_model; }
  // Everything is fixed at compile time: throws naming the property.
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

  const GraphCache& graphs() const { return m_graphs; }
  const Config& get_config() const { return m_config; }
  const Plugin& cpu_plugin() const;

 private:
  std::shared_ptr<const Model> m_model;
  Config m_config;
  GraphCache m_graphs;
  bool m_loaded_from_cache;
  sdk::PropertyTable<Config> m_properties;
};

}  // namespace ferry::cpu_plugin
