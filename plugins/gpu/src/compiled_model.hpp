#pragma once

// A model compiled for one GPU device: the CompiledGraph (kernels, programs, weights, memory
// plan) shared by all requests, and the streams: a CPUStreamsExecutor with one host thread per
// stream, each stream with its own in-order OpenCL queue. Immutable after construction.

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "cl_handle.hpp"
#include "compiled_graph.hpp"
#include "config.hpp"
#include "ferry/plugin/icompiled_model.hpp"

namespace ferry::gpu {

class Plugin;

class CompiledModel final : public ICompiledModel {
 public:
  // `model` must be the plugin's own copy. Throws naming an op the device cannot run, or a
  // kernel that fails to build (with its build log).
  CompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const Plugin>& plugin,
                const std::shared_ptr<DeviceContext>& context, const Config& config, bool loaded_from_cache);

  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override { return m_graph->model(); }
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

  const CompiledGraph& graph() const { return *m_graph; }
  const Config& config() const { return m_config; }
  // The queue of the stream running the calling thread (stream 0 outside the streams).
  cl_command_queue queue_for_this_thread() const;

 private:
  Config m_config;
  std::shared_ptr<CompiledGraph> m_graph;
  std::vector<ClQueue> m_queues;  // one per stream
  bool m_loaded_from_cache;
  std::string m_device_name;  // "GPU.0"
};

}  // namespace ferry::gpu
