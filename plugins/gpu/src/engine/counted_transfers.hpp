#pragma once

// Every read, write, copy, map and fill of OpenCL memory the plugin enqueues goes through these
// functions, which count the bytes into the device's counters: between host and device memory
// into MemoryCounters::copied (GPU_COPIED_BYTES), within device memory into device_copied
// (GPU_DEVICE_COPIED_BYTES). Nothing else in the plugin can enqueue a transfer:
// raw_transfers_forbidden.hpp, included in every other file of the plugin, poisons the OpenCL
// entry points, so a transfer that bypasses the counters does not build. Bytes are counted when
// the command is enqueued successfully. Events only where a caller needs one: the plugin orders
// transfers by in-order queues and barriers.

#include <CL/cl.h>

#include <cstddef>

#include "memory_counters.hpp"

namespace ferry::gpu::transfer {

// Host <-> device, counted in `copied`. Origins and regions as OpenCL's (3 values); an image's
// bytes are its region's pixels times its element size. A blocking write returns once the bytes
// are in the memory object, so any queue may use it next: OpenCL's own blocking flag promises
// only that the host pointer may be reused (Intel's CPU runtime returns before the write lands).
cl_int write_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking, size_t offset,
                    size_t bytes, const void* host);
cl_int read_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking, size_t offset,
                   size_t bytes, void* host);
cl_int write_buffer_rect(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking,
                         const size_t* buffer_origin, const size_t* host_origin, const size_t* region,
                         size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
                         size_t host_slice_pitch, const void* host);
cl_int read_buffer_rect(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking,
                        const size_t* buffer_origin, const size_t* host_origin, const size_t* region,
                        size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
                        size_t host_slice_pitch, void* host);
cl_int write_image(MemoryCounters& counters, cl_command_queue queue, cl_mem image, bool blocking, const size_t* origin,
                   const size_t* region, size_t row_pitch, size_t slice_pitch, const void* host);
cl_int read_image(MemoryCounters& counters, cl_command_queue queue, cl_mem image, bool blocking, const size_t* origin,
                  const size_t* region, size_t row_pitch, size_t slice_pitch, void* host);

// Maps `bytes` of `buffer` for the host (null and `status` set on failure). A map moves bytes
// only where the buffer's memory is not the host's: counted in `copied` (for CL_MAP_READ now, for
// a write the bytes the unmap writes back) unless the device has unified memory or the buffer
// was made over host memory (CL_MEM_USE_HOST_PTR, CL_MEM_ALLOC_HOST_PTR).
void* map_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking, cl_map_flags flags,
                 size_t offset, size_t bytes, cl_int* status);
// Ends a map_buffer's mapping (its bytes were counted by the map).
cl_int unmap(cl_command_queue queue, cl_mem memory, void* mapped);
// Makes a buffer over host memory (CL_MEM_USE_HOST_PTR) agree with that memory: `to_host` after
// kernels wrote it (a map for reading and its unmap), else before kernels read what the
// application wrote there (a map invalidating the device's copy and its unmap). `unified_memory`:
// the device's CL_DEVICE_HOST_UNIFIED_MEMORY (DeviceInfo), where the buffer is the host memory:
// the read map costs nothing, the write is skipped. Elsewhere the driver moves the bytes between
// its device copy and the host memory: counted in `copied`. Enqueued without waiting.
cl_int sync_host_memory(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, size_t bytes, bool to_host,
                        bool unified_memory);

// Device <-> device, counted in `device_copied`.
cl_int copy_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem source, cl_mem destination,
                   size_t source_offset, size_t destination_offset, size_t bytes);
cl_int copy_buffer_rect(MemoryCounters& counters, cl_command_queue queue, cl_mem source, cl_mem destination,
                        const size_t* source_origin, const size_t* destination_origin, const size_t* region,
                        size_t source_row_pitch, size_t source_slice_pitch, size_t destination_row_pitch,
                        size_t destination_slice_pitch);
cl_int copy_image(MemoryCounters& counters, cl_command_queue queue, cl_mem source, cl_mem destination,
                  const size_t* source_origin, const size_t* destination_origin, const size_t* region);
// `done`, when given: an event for the copy (a VA surface is released after it on an out-of-order
// queue).
cl_int copy_image_to_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem image, cl_mem buffer,
                            const size_t* origin, const size_t* region, size_t destination_offset,
                            cl_event* done = nullptr);
cl_int copy_buffer_to_image(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, cl_mem image,
                            size_t source_offset, const size_t* origin, const size_t* region);

// Fills `bytes` of `buffer` from `offset` with a pattern: nothing is copied, nothing counted.
cl_int fill_buffer(cl_command_queue queue, cl_mem buffer, const void* pattern, size_t pattern_bytes, size_t offset,
                   size_t bytes);

}  // namespace ferry::gpu::transfer
