#pragma once

// Included first in every file of the plugin but counted_transfers.cpp (-include, see
// plugins/gpu/BUILD.bazel): OpenCL's transfer entry points are poisoned, so any read, write,
// copy, map, fill or migration of memory outside counted_transfers.hpp fails to compile, and no
// transfer can bypass GPU_COPIED_BYTES / GPU_DEVICE_COPIED_BYTES. The headers that declare them
// come first (their include guards keep later includes from naming them again).

#include <CL/cl.h>
#include <CL/cl_ext.h>

// A buffer made with CL_MEM_COPY_HOST_PTR is an uncounted upload: create it, then write_buffer.
#undef CL_MEM_COPY_HOST_PTR

#pragma GCC poison CL_MEM_COPY_HOST_PTR
#pragma GCC poison clEnqueueReadBuffer clEnqueueWriteBuffer clEnqueueCopyBuffer
#pragma GCC poison clEnqueueReadBufferRect clEnqueueWriteBufferRect clEnqueueCopyBufferRect
#pragma GCC poison clEnqueueReadImage clEnqueueWriteImage clEnqueueCopyImage
#pragma GCC poison clEnqueueCopyImageToBuffer clEnqueueCopyBufferToImage
#pragma GCC poison clEnqueueMapBuffer clEnqueueMapImage clEnqueueUnmapMemObject
#pragma GCC poison clEnqueueFillBuffer clEnqueueFillImage clEnqueueMigrateMemObjects
#pragma GCC poison clEnqueueSVMMemcpy clEnqueueSVMMemFill clEnqueueSVMMap clEnqueueSVMUnmap clEnqueueSVMMigrateMem
// Intel's USM (cl_intel_unified_shared_memory), functions and the pointer types to look them up.
#pragma GCC poison clEnqueueMemcpyINTEL clEnqueueMemFillINTEL clEnqueueMemsetINTEL clEnqueueMigrateMemINTEL
#pragma GCC poison clEnqueueMemcpyINTEL_fn clEnqueueMemFillINTEL_fn clEnqueueMemsetINTEL_fn clEnqueueMigrateMemINTEL_fn
