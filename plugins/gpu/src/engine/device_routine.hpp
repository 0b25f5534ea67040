#pragma once

// A step of a compiled graph that runs as something other than Ferry's own kernels, on the
// request's queue and on the values' buffers in place: oneDNN primitives on Intel GPUs
// (onednn_interop.hpp). Decided and built at compile_model time; an inference only enqueues it.

#include <CL/cl.h>

#include <vector>

namespace ferry::gpu {

class DeviceRoutine {
 public:
  virtual ~DeviceRoutine() = default;
  // Enqueues the work on `queue` (in order with the kernels around it). `buffers`: the step's
  // input buffers, then its output buffers (GraphStep::inputs, then ::outputs).
  virtual void enqueue(cl_command_queue queue, const std::vector<cl_mem>& buffers) const = 0;
};

}  // namespace ferry::gpu
