#pragma once

#include <iosfwd>
#include <memory>
#include <vector>

#include "command_queue.hpp"
#include "config.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/support/export_container.hpp"
#include "ferry/plugin/support/property_table.hpp"
#include "graph.hpp"
#include "remote_context.hpp"

namespace ferry::npu::plugin {

class Plugin;

// NPU's export blob (export_model, Plugin::import_model, CACHE_DIR): the SDK's container with
// the driver's native graph ("native"), and the model as IR with its settings, from which a blob
// the driver refuses (another driver version or device) is rebuilt. "FERRYNPL": the plugin's
// container, apart from the simulated driver's own native blobs ("FERRYNPU").
inline constexpr sdk::ExportFormat kExportFormat{"FERRYNPL", 1};

// A model compiled for one NPU context: the driver's graph, made once, and one command queue per
// stream. Immutable after construction; the graph's argument binding is its own lock, so
// requests run from any thread.
class CompiledModel final : public ICompiledModel {
 public:
  // `model` must be the plugin's own copy. `blob`: the export being imported (its native graph is
  // loaded when the driver accepts it), or null to compile.
  CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                const std::shared_ptr<RemoteContext>& context, const Config& config, const sdk::ExportReader* blob);

  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override { return m_model; }
  // Everything is fixed at compile time: throws naming the property.
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

  const Graph& graph() const { return *m_graph; }
  const Config& config() const { return m_config; }
  const RemoteContext& npu_context() const { return *m_context; }
  // The queue of stream `stream` (any index: wraps around).
  const CommandQueue& queue(size_t stream) const { return *m_queues[stream % m_queues.size()]; }
  size_t queue_count() const { return m_queues.size(); }

 private:
  std::shared_ptr<const Model> m_model;
  Config m_config;
  std::shared_ptr<RemoteContext> m_context;
  std::unique_ptr<Graph> m_graph;
  std::vector<std::unique_ptr<CommandQueue>> m_queues;
  bool m_loaded_from_cache = false;
  sdk::PropertyTable<Config> m_properties;
};

}  // namespace ferry::npu::plugin
