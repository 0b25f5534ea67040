#pragma once

// The application side of the remote-tensor tests: what a program using its own OpenCL does
// (find the device the plugin uses, make a context, queues, buffers, images and kernels), with
// owning handles, and the reference counts the tests check for leaks.

#include <CL/cl.h>

#include <string>
#include <vector>

#include "ferry/ferry.hpp"

namespace ferry::gpu::test {

// The OpenCL device behind the plugin's device "GPU.<id>" (its cl_device_id, as the plugin's
// default context reports through OCL_CONTEXT).
cl_device_id device_of_default_context(Core& core, const std::string& device = "GPU");

// Owning wrappers (release on destruction).
struct AppContext {
  cl_context context = nullptr;
  cl_device_id device = nullptr;
  explicit AppContext(cl_device_id device);
  ~AppContext();
  AppContext(const AppContext&) = delete;
  AppContext& operator=(const AppContext&) = delete;
  // An f32 buffer of `values` (or `count` zeros when values is empty).
  cl_mem buffer(size_t bytes, const void* values = nullptr) const;
  cl_command_queue queue(cl_command_queue_properties properties = 0) const;
  // A kernel from OpenCL C `source`.
  cl_kernel kernel(const std::string& source, const std::string& name) const;
};

// What the device offers, from clGetDeviceInfo: tests of a feature some devices lack skip there.
bool has_extension(cl_device_id device, const std::string& name);
// Host USM: cl_intel_unified_shared_memory or fine-grained SVM (PoCL: yes; NVIDIA: neither).
bool supports_usm(cl_device_id device);
cl_device_type device_type(cl_device_id device);

std::vector<float> read_floats(cl_command_queue queue, cl_mem buffer, size_t count);
cl_uint reference_count(cl_mem memory);
cl_uint reference_count(cl_context context);
cl_uint reference_count(cl_command_queue queue);
// The context's reference count once it reaches `expected`, or after 5 s: work the plugin left to
// its own threads (a kernel build in the background, an executor dropping a finished request)
// lets go of the context a moment after the application's objects are gone, later under ASan.
cl_uint settled_reference_count(cl_context context, cl_uint expected);

// The tensor's values as floats (f32 host tensor).
std::vector<float> values_of(const Tensor& tensor);

}  // namespace ferry::gpu::test
