#pragma once

// A file descriptor another API exported (an opaque fd, a DMA-BUF) imported as an OpenCL buffer
// (cl_khr_external_memory). The driver gets a duplicate of the descriptor, so the caller keeps
// (and closes) its own whether the import succeeds or not.

#include <CL/cl_ext.h>

#include <string>

#include "engine/cl_handle.hpp"

namespace ferry::gpu {

// `bytes` of `fd` as a buffer of `context` on `device`; `handle_type` is
// CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR or CL_EXTERNAL_MEMORY_HANDLE_DMA_BUF_KHR. Errors begin
// with `who` and name the fd.
ClMem import_fd_buffer(cl_context context, cl_device_id device, cl_mem_properties handle_type, int fd,
                       cl_mem_flags flags, size_t bytes, const std::string& who);

}  // namespace ferry::gpu
