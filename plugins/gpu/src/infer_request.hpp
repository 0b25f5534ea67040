#pragma once

// One inference on the GPU: binds the request's tensors and enqueues the compiled kernel
// sequence on the stream's in-order queue, with no host synchronisation between kernels, no
// allocation and no program build. Inputs and outputs move with one transfer each, or none on
// unified memory, where buffers over the tensors' own memory (CL_MEM_USE_HOST_PTR) are used in
// place; those buffers are kept while the tensors stay the same.

#include <memory>
#include <vector>

#include "cl_handle.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry::gpu {

class CompiledModel;

class InferRequest final : public ISyncInferRequest {
 public:
  // Allocates the memory plan's buffers and creates the kernels (programs are already built).
  explicit InferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);
  ~InferRequest() override;

  void infer() override;
  // One record per node of the last inference when PERF_COUNT is on: device time from the
  // OpenCL events of its kernels; aliases are OPTIMIZED_OUT.
  std::vector<ProfilingInfo> get_profiling_info() const override { return m_profile; }

 private:
  // A buffer over a tensor's own memory, recreated only when the memory changes.
  struct HostBinding {
    void* data = nullptr;
    size_t bytes = 0;
    ClMem buffer;
  };

  const CompiledModel& compiled_model() const;
  cl_mem bind_host(HostBinding& binding, void* data, size_t bytes);
  Tensor dense(const Tensor& tensor, Tensor& scratch) const;
  void bind_inputs(cl_command_queue queue);
  void run_host_step(size_t step, cl_command_queue queue);
  void record_profile();

  std::vector<ClMem> m_plan_buffers;
  std::vector<ClMem> m_io_buffers;               // per value: device copies of inputs (no unified memory)
  std::vector<cl_mem> m_value_memory;            // per value: the buffer bound this inference
  std::vector<std::vector<ClKernel>> m_kernels;  // per step, per kernel
  std::vector<std::vector<ClEvent>> m_events;    // per step, per kernel (profiling)
  std::vector<HostBinding> m_input_bindings, m_output_bindings;
  std::vector<Tensor> m_input_scratch, m_output_scratch;  // dense copies of strided tensors
  uint64_t m_allocated = 0, m_io_allocated = 0;
  std::vector<ProfilingInfo> m_profile;
};

}  // namespace ferry::gpu
