#pragma once

// What compile_model makes of a model for one OpenCL device, shared read-only by every infer
// request and stream:
// - values: every node output, static shape; Reshape-like nodes alias their input (no kernel);
// - steps: per node, the kernel launches of its primitive (programs built here, through the
//   context's ProgramCache), or a host step for the ops of host_rule.hpp;
// - scratch values: memory a primitive's launches need besides the node's outputs
//   (Primitive::scratch_bytes), planned like intermediates but alive during their step only;
// - weights: Constants read by a step, uploaded once (used in place on unified memory);
// - the memory plan of the intermediate values;
// - per model output, the value it reads, and whether the kernel computing it writes it straight
//   into the output's memory (bound_output: the first output reading a computed value).

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cl_handle.hpp"
#include "device_context.hpp"
#include "device_routine.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/value/tensor.hpp"
#include "kernel_step.hpp"
#include "memory_plan.hpp"
#include "primitive.hpp"
#include "weight_store.hpp"

namespace ferry::gpu {

struct GraphValue {
  // SCRATCH: a step's working memory (GraphStep::scratch), u8 of shape {bytes}; never a node's
  // output nor a model output.
  enum class Kind { PARAMETER, CONSTANT, COMPUTED, SCRATCH };
  Kind kind = Kind::COMPUTED;
  element::Type type;
  Shape shape;
  size_t bytes = 0;
  size_t root = 0;            // the value whose memory this one is (itself unless an alias)
  size_t parameter = 0;       // PARAMETER: the model parameter's index
  int64_t bound_output = -1;  // COMPUTED root written in place into this model output, or -1
  int64_t plan_value = -1;    // COMPUTED root or SCRATCH in the memory plan (index of its Lifetime), or -1
};

struct GraphStep {
  std::shared_ptr<const Node> node;
  std::string exec_type;  // the primitive family, or "host"
  bool on_host = false;
  std::vector<size_t> inputs, outputs;  // root value ids (host steps)
  std::vector<size_t> scratch;          // SCRATCH value ids the kernels use, alive in this step only
  std::vector<KernelStep> kernels;
  std::vector<ClProgram> programs;  // one per kernel
  // Set instead of kernels: the step runs as a oneDNN primitive (onednn_interop.hpp).
  std::shared_ptr<const DeviceRoutine> routine;
  // A step that can also read its input frame by frame (Primitive::make_frames; program:
  // programs[0]) when every plane is a model parameter read by this step only: the parameters'
  // indices, one per plane of `frames->planes`. An infer request picks these kernels when the
  // planes come as one remote tensor per frame (set_tensors) or as OpenCL images.
  std::optional<FrameKernels> frames;
  std::vector<size_t> frame_parameters;
};

class CompiledGraph {
 public:
  // `model` must have static shapes. Throws naming the first op the device cannot run (see
  // unsupported_reason), or a kernel build failure with its build log. Weights come from
  // `weights` (shared by the shape instances of one compiled model), or a store of its own.
  CompiledGraph(std::shared_ptr<const Model> model, std::shared_ptr<DeviceContext> context,
                std::shared_ptr<WeightStore> weights = nullptr);
  ~CompiledGraph();
  CompiledGraph(const CompiledGraph&) = delete;
  CompiledGraph& operator=(const CompiledGraph&) = delete;

  // Why `node` cannot run on the device ("" when it can): what query_model and compile_model say.
  // A node with dynamic shapes is decided on its static stand-in (static_stand_in.hpp).
  static std::string unsupported_reason(const Node& node);

  const std::shared_ptr<const Model>& model() const { return m_model; }
  const std::shared_ptr<DeviceContext>& context() const { return m_context; }
  bool zero_copy() const { return m_zero_copy; }
  const std::vector<GraphValue>& values() const { return m_values; }
  const std::vector<GraphStep>& steps() const { return m_steps; }
  const std::vector<size_t>& parameter_values() const { return m_parameter_values; }
  const std::vector<size_t>& output_values() const { return m_output_values; }  // roots
  const MemoryPlan& memory_plan() const { return m_plan; }
  // The weights buffer of a CONSTANT value (null when no step reads it).
  cl_mem constant_buffer(size_t value) const { return m_constant_buffers.at(value).get(); }
  // Host data of a CONSTANT value.
  const Tensor& constant_tensor(size_t value) const { return m_constant_tensors.at(value); }
  // Friendly names and types of the nodes that run no kernel of their own: aliases, and nodes
  // fused into a matrix product's kernel (fused() says which). Profiling lists them.
  const std::vector<std::shared_ptr<const Node>>& optimized_out() const { return m_optimized_out; }
  bool fused(const Node& node) const { return m_fused.count(&node) != 0; }
  // Whether oneDNN runs some of the steps (GraphStep::routine): the device's oneDNN verdict
  // (OneDnnDetector), decided here at compile time.
  bool uses_onednn() const { return m_uses_onednn; }

 private:
  void build(const Model& model);
  void plan_memory();
  void upload_weights();

  std::shared_ptr<const Model> m_model;
  std::shared_ptr<DeviceContext> m_context;
  bool m_zero_copy = false;
  std::vector<GraphValue> m_values;
  std::vector<GraphStep> m_steps;
  std::vector<size_t> m_parameter_values, m_output_values;
  MemoryPlan m_plan;
  std::shared_ptr<WeightStore> m_weights;
  std::vector<ClMem> m_constant_buffers;   // per value
  std::vector<Tensor> m_constant_tensors;  // per value
  std::vector<std::shared_ptr<const Node>> m_optimized_out;
  std::set<const Node*> m_fused;
  bool m_uses_onednn = false;
};

}  // namespace ferry::gpu
