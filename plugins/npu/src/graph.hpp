#pragma once

// A model compiled by the NPU's driver into a graph (the graph extension of
// ferry/npu/driver/ze_ferry_graph_ext.h): created once per compiled model, shared by its infer
// requests. The driver binds arguments per graph and an appended execution takes the bindings
// current when it is appended, so binding and appending happen together under one lock.

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "context_handle.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/value/profiling_info.hpp"

namespace ferry::npu::plugin {

struct GraphArgument {
  std::string name;
  bool is_input = true;
  element::Type type;
  Shape shape;
  size_t byte_size = 0;
};

class Graph {
 public:
  // Compiles `model` from IR. The error lists the ops the device refuses.
  static std::unique_ptr<Graph> compile(std::shared_ptr<const ContextHandle> context,
                                        const std::shared_ptr<const Model>& model);
  // Loads a native blob. Returns null when the driver refuses it as another driver's or device's
  // (ZE_RESULT_ERROR_INVALID_NATIVE_BINARY): the caller rebuilds from the model.
  static std::unique_ptr<Graph> load(std::shared_ptr<const ContextHandle> context, const std::string& blob);
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  const std::vector<GraphArgument>& arguments() const { return m_arguments; }  // inputs, then outputs
  // The graph as a blob load() accepts back.
  std::string native_binary() const;
  // Binds every argument to `memory` (inputs, then outputs) and appends an execution to `list`
  // that starts once the `waits` are signalled and signals `signal` (either may be empty).
  void append_execute(ze_command_list_handle_t list, const std::vector<void*>& memory, ze_event_handle_t signal,
                      std::vector<ze_event_handle_t> waits) const;
  // The steps of the graph's last completed execution. The driver keeps one profile per graph:
  // a request that wants its own holds profiling_mutex() from submission to this call.
  std::vector<ProfilingInfo> profiling_info() const;
  std::mutex& profiling_mutex() const { return m_profiling_mutex; }

  // The ops of `model` the device cannot run ("<name> (<type>)"); empty when it runs them all.
  static std::vector<std::string> unsupported_ops(const ZeroDevice& device, const std::shared_ptr<const Model>& model);

 private:
  Graph(std::shared_ptr<const ContextHandle> context, ferry_graph_handle_t handle);
  const GraphExtension& extension() const { return m_context->device().driver().graph(); }

  std::shared_ptr<const ContextHandle> m_context;
  ferry_graph_handle_t m_handle;
  std::vector<GraphArgument> m_arguments;
  mutable std::mutex m_bind_mutex;
  mutable std::mutex m_profiling_mutex;
};

}  // namespace ferry::npu::plugin
