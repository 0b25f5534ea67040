// The only file of the plugin that calls OpenCL's transfer entry points (compiled without
// raw_transfers_forbidden.hpp: the :counted_transfers library in plugins/gpu/BUILD.bazel).
#include "counted_transfers.hpp"

#include <algorithm>
#include <atomic>

namespace ferry::gpu::transfer {
namespace {

void count(std::atomic<uint64_t>& counter, cl_int status, size_t bytes) {
  if (status == CL_SUCCESS) counter += bytes;
}

size_t region_bytes(const size_t* region) { return region[0] * region[1] * region[2]; }

size_t image_bytes(cl_mem image, const size_t* region) {
  size_t element = 0;
  clGetImageInfo(image, CL_IMAGE_ELEMENT_SIZE, sizeof(element), &element, nullptr);
  return region_bytes(region) * element;
}

// Whether the device of `queue` shares the host's memory (CL_DEVICE_HOST_UNIFIED_MEMORY).
bool unified_memory(cl_command_queue queue) {
  cl_device_id device = nullptr;
  cl_bool unified = CL_FALSE;
  if (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof(device), &device, nullptr) == CL_SUCCESS)
    clGetDeviceInfo(device, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof(unified), &unified, nullptr);
  return unified;
}

// Whether mapping `buffer` through `queue` copies its bytes (see map_buffer).
bool map_moves_bytes(cl_command_queue queue, cl_mem buffer) {
  cl_mem_flags flags = 0;
  clGetMemObjectInfo(buffer, CL_MEM_FLAGS, sizeof(flags), &flags, nullptr);
  if (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR)) return false;
  return !unified_memory(queue);
}

cl_bool blocking_flag(bool blocking) { return blocking ? CL_TRUE : CL_FALSE; }

// For a blocking write: waits for the write's own event (`status`: the enqueue's), so the bytes
// are in the memory object when the call returns, not just taken from the host pointer.
cl_int wait_for_write(cl_int status, cl_event written) {
  if (!written) return status;
  if (status == CL_SUCCESS) status = clWaitForEvents(1, &written);
  clReleaseEvent(written);
  return status;
}

// The event a write must give back: one when the write is blocking (see wait_for_write).
cl_event* write_event(bool blocking, cl_event* event) { return blocking ? event : nullptr; }

}  // namespace

cl_int write_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking, size_t offset,
                    size_t bytes, const void* host) {
  cl_event written = nullptr;
  const cl_int status = clEnqueueWriteBuffer(queue, buffer, blocking_flag(blocking), offset, bytes, host, 0, nullptr,
                                             write_event(blocking, &written));
  count(counters.copied, status, bytes);
  return wait_for_write(status, written);
}

cl_int read_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking, size_t offset,
                   size_t bytes, void* host) {
  const cl_int status =
      clEnqueueReadBuffer(queue, buffer, blocking_flag(blocking), offset, bytes, host, 0, nullptr, nullptr);
  count(counters.copied, status, bytes);
  return status;
}

cl_int write_buffer_rect(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking,
                         const size_t* buffer_origin, const size_t* host_origin, const size_t* region,
                         size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
                         size_t host_slice_pitch, const void* host) {
  cl_event written = nullptr;
  const cl_int status = clEnqueueWriteBufferRect(queue, buffer, blocking_flag(blocking), buffer_origin, host_origin,
                                                 region, buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
                                                 host_slice_pitch, host, 0, nullptr, write_event(blocking, &written));
  count(counters.copied, status, region_bytes(region));
  return wait_for_write(status, written);
}

cl_int read_buffer_rect(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking,
                        const size_t* buffer_origin, const size_t* host_origin, const size_t* region,
                        size_t buffer_row_pitch, size_t buffer_slice_pitch, size_t host_row_pitch,
                        size_t host_slice_pitch, void* host) {
  const cl_int status = clEnqueueReadBufferRect(queue, buffer, blocking_flag(blocking), buffer_origin, host_origin,
                                                region, buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
                                                host_slice_pitch, host, 0, nullptr, nullptr);
  count(counters.copied, status, region_bytes(region));
  return status;
}

cl_int write_image(MemoryCounters& counters, cl_command_queue queue, cl_mem image, bool blocking, const size_t* origin,
                   const size_t* region, size_t row_pitch, size_t slice_pitch, const void* host) {
  cl_event written = nullptr;
  const cl_int status = clEnqueueWriteImage(queue, image, blocking_flag(blocking), origin, region, row_pitch,
                                            slice_pitch, host, 0, nullptr, write_event(blocking, &written));
  count(counters.copied, status, image_bytes(image, region));
  return wait_for_write(status, written);
}

cl_int read_image(MemoryCounters& counters, cl_command_queue queue, cl_mem image, bool blocking, const size_t* origin,
                  const size_t* region, size_t row_pitch, size_t slice_pitch, void* host) {
  const cl_int status = clEnqueueReadImage(queue, image, blocking_flag(blocking), origin, region, row_pitch,
                                           slice_pitch, host, 0, nullptr, nullptr);
  count(counters.copied, status, image_bytes(image, region));
  return status;
}

void* map_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, bool blocking, cl_map_flags flags,
                 size_t offset, size_t bytes, cl_int* status) {
  cl_int mapped_status = CL_SUCCESS;
  void* mapped = clEnqueueMapBuffer(queue, buffer, blocking_flag(blocking), flags, offset, bytes, 0, nullptr, nullptr,
                                    &mapped_status);
  if (status) *status = mapped_status;
  if (mapped_status == CL_SUCCESS && map_moves_bytes(queue, buffer)) {
    const bool reads = flags & CL_MAP_READ, writes = flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION);
    counters.copied += (reads ? bytes : 0) + (writes ? bytes : 0);
  }
  return mapped;
}

cl_int unmap(cl_command_queue queue, cl_mem memory, void* mapped) {
  return clEnqueueUnmapMemObject(queue, memory, mapped, 0, nullptr, nullptr);
}

cl_int sync_host_memory(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, size_t bytes, bool to_host,
                        bool unified_memory) {
  const bool moves = !unified_memory;
  if (!to_host && !moves) return CL_SUCCESS;  // kernels read the host memory itself
  const cl_map_flags flags = to_host ? CL_MAP_READ : CL_MAP_WRITE_INVALIDATE_REGION;
  cl_event mapped_event = nullptr;
  cl_int status = CL_SUCCESS;
  void* mapped = clEnqueueMapBuffer(queue, buffer, CL_FALSE, flags, 0, std::max<size_t>(bytes, 1), 0, nullptr,
                                    &mapped_event, &status);
  if (status != CL_SUCCESS) return status;
  // The unmap waits for the map's event: right on out-of-order queues too.
  status = clEnqueueUnmapMemObject(queue, buffer, mapped, 1, &mapped_event, nullptr);
  clReleaseEvent(mapped_event);
  if (moves) count(counters.copied, status, bytes);
  return status;
}

cl_int copy_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem source, cl_mem destination,
                   size_t source_offset, size_t destination_offset, size_t bytes) {
  const cl_int status =
      clEnqueueCopyBuffer(queue, source, destination, source_offset, destination_offset, bytes, 0, nullptr, nullptr);
  count(counters.device_copied, status, bytes);
  return status;
}

cl_int copy_buffer_rect(MemoryCounters& counters, cl_command_queue queue, cl_mem source, cl_mem destination,
                        const size_t* source_origin, const size_t* destination_origin, const size_t* region,
                        size_t source_row_pitch, size_t source_slice_pitch, size_t destination_row_pitch,
                        size_t destination_slice_pitch) {
  const cl_int status =
      clEnqueueCopyBufferRect(queue, source, destination, source_origin, destination_origin, region, source_row_pitch,
                              source_slice_pitch, destination_row_pitch, destination_slice_pitch, 0, nullptr, nullptr);
  count(counters.device_copied, status, region_bytes(region));
  return status;
}

cl_int copy_image(MemoryCounters& counters, cl_command_queue queue, cl_mem source, cl_mem destination,
                  const size_t* source_origin, const size_t* destination_origin, const size_t* region) {
  const cl_int status =
      clEnqueueCopyImage(queue, source, destination, source_origin, destination_origin, region, 0, nullptr, nullptr);
  count(counters.device_copied, status, image_bytes(source, region));
  return status;
}

cl_int copy_image_to_buffer(MemoryCounters& counters, cl_command_queue queue, cl_mem image, cl_mem buffer,
                            const size_t* origin, const size_t* region, size_t destination_offset, cl_event* done) {
  const cl_int status =
      clEnqueueCopyImageToBuffer(queue, image, buffer, origin, region, destination_offset, 0, nullptr, done);
  count(counters.device_copied, status, image_bytes(image, region));
  return status;
}

cl_int copy_buffer_to_image(MemoryCounters& counters, cl_command_queue queue, cl_mem buffer, cl_mem image,
                            size_t source_offset, const size_t* origin, const size_t* region) {
  const cl_int status =
      clEnqueueCopyBufferToImage(queue, buffer, image, source_offset, origin, region, 0, nullptr, nullptr);
  count(counters.device_copied, status, image_bytes(image, region));
  return status;
}

cl_int fill_buffer(cl_command_queue queue, cl_mem buffer, const void* pattern, size_t pattern_bytes, size_t offset,
                   size_t bytes) {
  return clEnqueueFillBuffer(queue, buffer, pattern, pattern_bytes, offset, bytes, 0, nullptr, nullptr);
}

}  // namespace ferry::gpu::transfer
