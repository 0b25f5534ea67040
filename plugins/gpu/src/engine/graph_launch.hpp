#pragma once

// One infer request's launches of a CompiledGraph. The kernels are the request's own (a
// cl_kernel holds its arguments, so concurrent requests cannot share one), created once from the
// graph's built programs; an inference then only sets the value arguments and enqueues, in one
// loop over the steps, whatever the request bound: tensors, its own buffers, or the planes of
// frames where the application holds them. Host steps (host_rule.hpp) are the one host
// synchronisation: they map their values once the queue has finished.

#include <CL/cl.h>

#include <memory>
#include <vector>

#include "cl_handle.hpp"
#include "compiled_graph.hpp"
#include "ferry/value/profiling_info.hpp"

namespace ferry::gpu {

// How a step with FrameKernels reads its planes in one inference: frame by frame where the
// application holds them (one remote tensor per frame, or NV12 images), or, with frames == 0,
// through its ordinary kernels over the values' memory.
struct FrameBinding {
  size_t frames = 0;
  bool images = false;         // the image kernel, else the buffer kernel
  std::vector<cl_mem> planes;  // per frame, per plane of FrameKernels::planes
  std::vector<cl_int> modes;   // images: per frame, the Y and UV modes (yuv_to_rgb_image)
};

// What an inference binds: the memory of every value, and per step how it reads frames.
struct GraphBindings {
  std::vector<cl_mem> values;        // per value of the graph (constants, plan buffers, tensors)
  std::vector<FrameBinding> frames;  // per step
};

class GraphLaunch {
 public:
  // Creates the kernels of every step (programs are already built).
  explicit GraphLaunch(std::shared_ptr<const CompiledGraph> graph);

  const std::shared_ptr<const CompiledGraph>& graph() const { return m_graph; }

  // Enqueues every step in order on `queue` over `bindings`, then orders what follows after
  // them. `out_of_order`: the queue's commands are ordered by barriers. `profiling`: each launch
  // keeps its event for profile().
  void enqueue(const GraphBindings& bindings, cl_command_queue queue, bool out_of_order, bool profiling);
  // One record per step of the last enqueue (device time of its launches), then the nodes run by
  // no step of their own. Only after the queue finished.
  void profile(std::vector<ProfilingInfo>& records) const;

 private:
  struct StepKernels {
    std::vector<ClKernel> kernels;         // per KernelStep of the step
    ClKernel frame_buffers, frame_images;  // its FrameKernels, or null
    std::vector<ClEvent> events;           // per launch (profiling)
    std::vector<cl_mem> routine_buffers;   // a oneDNN step's inputs then outputs, refilled per inference
  };
  void run_on_host(const GraphStep& step, const std::vector<cl_mem>& values, cl_command_queue queue) const;

  std::shared_ptr<const CompiledGraph> m_graph;
  std::vector<StepKernels> m_steps;
};

// Keeps an inference's commands in order: nothing on an in-order queue; on an out-of-order one
// (an application's shared queue) a barrier, so the next command waits for every earlier one.
void order_commands(cl_command_queue queue, bool out_of_order);

}  // namespace ferry::gpu
