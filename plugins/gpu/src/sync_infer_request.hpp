#pragma once

// One inference on the GPU: binds the request's tensors to the compiled graph's values and hands
// them to its GraphLaunch (engine/graph_launch.hpp), which enqueues the steps on the stream's
// queue, with no host synchronisation between kernels, no allocation and no program build. Host tensors move with one
// transfer each (at pinned speed when they come from RemoteContext::create_host_tensor), or none on unified memory,
// where buffers over the tensors' own memory (CL_MEM_USE_HOST_PTR) are used in place; those buffers are kept while the
// tensors stay the same. Remote tensors of the model's context are read and written in place by
// the kernels (zero bytes copied); an image tensor costs one copy on the device, except the
// planes of an NV12 frame (ClContext::create_tensor_nv12), which the colour conversion reads in
// place. set_tensors takes a batch of remote tensors, one per frame: an NV12 input reads each
// frame where it lies (one launch per frame), any other input gets them joined in one buffer on
// the device.
// On an out-of-order queue (an application's shared queue) each step waits for the previous
// one through a barrier.
// Dynamic models: the input tensors' shapes pick the compiled model's instance for them (made on
// first use, no program build); the request keeps its kernels for the last few instances, its
// intermediate memory only grows (to the largest shapes run so far), and the output tensors take
// the instance's output shapes.

#include <memory>
#include <vector>

#include "engine/cl_handle.hpp"
#include "engine/compiled_graph.hpp"
#include "engine/graph_launch.hpp"
#include "engine/growing_buffers.hpp"
#include "engine/shape_instances.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry::gpu {

class CompiledModel;
class RemoteTensor;

class SyncInferRequest final : public ISyncInferRequest {
 public:
  // A static model: allocates the memory plan's buffers and creates the kernels (programs are
  // already built). A dynamic model: both at the first inference of each shape.
  explicit SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);

  // enqueue() then wait_for_device().
  void infer() override;
  // Enqueues the whole inference (input transfers, kernels, output transfers) and returns
  // without waiting for the device, except for host steps.
  void enqueue();
  // Waits for what enqueue() enqueued, then finishes the outputs (strided copies) and profiling.
  void wait_for_device();
  // All host tensors: joined into one host batch by the base. All remote tensors of the model's
  // context, all buffers or all images: kept frame by frame (see above).
  void set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) override;

 protected:
  // Also refuses remote tensors of another context or device.
  void check_tensor(const Output<const Node>& port, const Tensor& tensor) const override;
  // A remote tensor must be of the model's OpenCL context and device (host tensors pass).
  void check_tensor_context(const Output<const Node>& port, const Tensor& tensor) const;

 private:
  // A buffer over a tensor's own memory, recreated only when the memory changes.
  struct HostBinding {
    void* data = nullptr;
    size_t bytes = 0;
    ClMem buffer;
  };
  // This request's kernels for one compiled graph (a static model has one), by input shapes.
  struct BoundGraph {
    ShapeSignature shapes;
    GraphLaunch launch;
  };
  static constexpr size_t kBoundGraphs = 4;  // kernels kept for this many instances

  const CompiledModel& compiled_model() const;
  // Selects the graph for `shapes` (m_bound.front() afterwards) and fits the memory to it.
  void select_graph(const ShapeSignature& shapes);
  // The remote tensor of input `index` for frame `frame` (remote_frames(index) > frame).
  const RemoteTensor& remote_frame(size_t index, size_t frame) const;
  // Input `index` as remote tensors frame by frame: the batch set_tensors gave, or one remote
  // tensor of batch 1. 0 when it is neither.
  size_t remote_frames(size_t index) const;
  bool is_remote_batch(size_t index) const;
  // Which steps read their planes frame by frame this inference (m_bindings.frames,
  // m_read_per_frame).
  void bind_frames(const CompiledGraph& graph);
  bool bind_image_frames(const CompiledGraph& graph, const GraphStep& step, FrameBinding& binding) const;
  // Input `index`'s remote batch copied into one buffer of the request, on the device.
  cl_mem join_on_device(size_t index, size_t bytes, cl_command_queue queue);
  void map_values(const CompiledGraph& graph);
  void shape_outputs(const CompiledGraph& graph);
  cl_mem bind_host(HostBinding& binding, void* data, size_t bytes);
  Tensor dense(const Tensor& tensor, Tensor& scratch) const;
  void bind_inputs(const CompiledGraph& graph, cl_command_queue queue);
  void bind_outputs(const CompiledGraph& graph);
  void read_outputs(const CompiledGraph& graph, cl_command_queue queue);

  std::vector<BoundGraph> m_bound;  // most recently used first
  GrowingBuffers m_plan_buffers;    // the memory plans' buffers, by index
  GrowingBuffers m_io_buffers;      // per input: its device copy (no unified memory, or an image)
  GrowingBuffers m_output_buffers;  // per output written in place: its device memory for host or image tensors
  GraphBindings m_bindings;         // for m_bound.front(): the memory and frames bound this inference
  std::vector<HostBinding> m_input_bindings, m_output_bindings;
  std::vector<Tensor> m_input_scratch, m_output_scratch;  // dense copies of strided tensors
  bool m_out_of_order = false;                            // the queue runs commands out of order
  cl_command_queue m_queue = nullptr;                     // the queue of the inference enqueued and not yet waited for
  ClEvent m_done;                                         // on a shared queue: marks that inference's end
  std::vector<bool> m_read_per_frame;                     // per input: read by a step frame by frame
};

}  // namespace ferry::gpu
