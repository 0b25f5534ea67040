#pragma once

#include <level_zero/ze_api.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "context.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/npu/driver/ze_ferry_graph_ext.h"
#include "live_handles.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"

namespace ferry::npu::simulator {

// One argument of a graph: an input (model parameter) or an output (model result).
struct GraphArgument {
  ferry_graph_argument_properties_t properties{};
  element::Type type;
  Shape shape;
};

// A model compiled for the device, with its argument bindings.
struct Graph : Live<Graph> {
  Context* context = nullptr;
  std::shared_ptr<const Model> model;
  std::unique_ptr<cpu::engine::CompiledGraph> compiled;
  std::vector<GraphArgument> arguments;  // inputs, then outputs
  size_t input_count = 0;
  // What it was made from: the native blob repeats it.
  std::string xml;
  std::string weights;

  std::mutex mutex;                // guards bound, execution_error and profile
  std::vector<const void*> bound;  // per argument; null: not bound yet
  // Why the last execution failed (a kernel refused its inputs); "" when it did not.
  std::string execution_error;
  // Each step of the last execution: ferryGraphGetProfilingData.
  std::vector<cpu::engine::OpProfile> profile;
};

inline Graph* find_graph(ferry_graph_handle_t handle) { return LiveHandles<Graph>::find(handle); }

// Reads an IR model (xml text + weights); an error says what is wrong with it.
ze_result_t read_model(const std::string& xml, const std::string& weights, std::shared_ptr<Model>& model);

// Reads an IR model (xml text + weights) and compiles it into `graph`; an error names the ops
// the device cannot run or what is wrong with the model.
ze_result_t compile_graph(const std::string& xml, const std::string& weights, Graph& graph);

// "<friendly name> (<type>-<version>)" of each op of `model` the device cannot run.
std::vector<std::string> unsupported_ops(const Model& model);

// The op types the device can run.
std::vector<std::string> supported_op_types();

// Runs `graph` once on the given argument memory (inputs, then outputs), read and written in
// place; what the engine copied (device_copy.hpp) is added to the device's copied bytes.
// Records the execution's profile, or the error that stopped it, which it also returns ("" when
// it succeeded).
std::string execute_graph(Graph& graph, const std::vector<const void*>& arguments);

}  // namespace ferry::npu::simulator
