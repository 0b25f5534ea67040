#pragma once

// A model compiled for one GPU device in one remote context (the device's default context, or the
// application's): the CompiledGraph (kernels, programs, weights, memory plan) shared by all
// requests, and the streams: a CPUStreamsExecutor with one host thread per stream, each stream
// with its own in-order OpenCL queue. A context with a shared queue gives one stream, whose queue
// is the application's: start_async() then returns once the inference is enqueued
// (shared_queue_infer_request.hpp).
// A model with dynamic or bounded input shapes has no single graph: it is checked op by op at
// compile time (on static stand-ins), and each input-shape signature gets a static instance at
// infer time (shape_instances.hpp), all sharing the weights and the context's programs.
// Thread-safe: the instance cache is the only state that changes after construction.

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "engine/cl_handle.hpp"
#include "engine/compiled_graph.hpp"
#include "engine/shape_instances.hpp"
#include "engine/weight_store.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/support/property_table.hpp"
#include "remote_context.hpp"

namespace ferry::gpu {

class Plugin;

class CompiledModel final : public ICompiledModel {
 public:
  // `model` must be the plugin's own copy. Throws naming an op the device cannot run, or a
  // kernel that fails to build (with its build log). A dynamic model gets its programs built
  // here when its smallest shapes make a valid instance, else at its first inference.
  // Throws when the context shares a queue and the configuration asks for several streams, or
  // for profiling on a queue without CL_QUEUE_PROFILING_ENABLE.
  CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                const std::shared_ptr<RemoteContext>& context, const Config& config, bool loaded_from_cache);

  std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override { return m_graph ? m_graph->model() : m_model; }
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

  bool is_dynamic() const { return !m_graph; }
  // The graph of a static model (null for a dynamic one).
  const std::shared_ptr<const CompiledGraph>& static_graph() const { return m_graph; }
  // The graph that runs inputs of these shapes: the static graph, or the instance for them.
  // Throws for shapes outside the inputs' bounds (naming the input, its shape and the bound).
  std::shared_ptr<const CompiledGraph> graph_for(const ShapeSignature& shapes) const;
  const std::shared_ptr<DeviceContext>& context() const { return m_context; }
  const RemoteContext& remote_context() const { return *m_remote; }
  const Config& config() const { return m_config; }
  // The queue of the stream running the calling thread (stream 0 outside the streams).
  cl_command_queue queue_for_this_thread() const;

 private:
  Config m_config;
  std::shared_ptr<const Model> m_model;
  std::shared_ptr<RemoteContext> m_remote;
  std::shared_ptr<DeviceContext> m_context;
  std::shared_ptr<WeightStore> m_weights;
  std::shared_ptr<const CompiledGraph> m_graph;  // static model
  std::unique_ptr<ShapeInstances> m_instances;   // dynamic model
  std::vector<ClQueue> m_queues;                 // one per stream (the shared queue when there is one)
  bool m_loaded_from_cache;
  std::string m_device_name;  // "GPU.0"
  sdk::PropertyTable<Config> m_properties;
};

}  // namespace ferry::gpu
