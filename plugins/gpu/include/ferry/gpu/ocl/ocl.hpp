#pragma once

// The GPU plugin's OpenCL interoperability for applications: thin, header-only wrappers over the
// low-level remote API (ferry/gpu/remote_properties.hpp, Core::create_context,
// RemoteContext::create_tensor, get_params) that take and give OpenCL handles, with OpenVINO's
// names (ov::intel_gpu::ocl through ferry/compat/openvino.hpp). Everything here can be done
// without OpenCL headers through the low-level API; these classes only build and read its maps.
//
//   ferry::gpu::ocl::ClContext context(core, my_cl_context);     // or (core, my_queue)
//   auto compiled = core.compile_model(model, context);
//   auto input = context.create_tensor(ferry::element::f32, shape, my_cl_buffer);   // no copy
//   request.set_tensor(port, input);
//
// Define CL_HPP_TARGET_OPENCL_VERSION (e.g. 300) before including this header outside Bazel.

#include <CL/opencl.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/gpu/ocl/nv12_planes.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/gpu/remote_properties.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/runtime/remote_tensor.hpp"

namespace ferry::gpu::ocl {

using gpu_handle_param = void*;
// The typed handles (remote_properties.hpp) under ocl:: too, where ClContext::create_tensor takes them.
using ferry::gpu::AccessMode;
using ferry::gpu::FileDescriptor;
using ferry::gpu::MemType;
using ferry::gpu::os_handle_param;
using ferry::gpu::SharedBufferHandle;
using ferry::gpu::VirtualAddressMemory;

// A remote tensor over an OpenCL buffer (plugin-allocated, the application's cl_mem, memory
// imported from a file descriptor, or a buffer over wrapped host memory).
class ClBufferTensor : public RemoteTensor {
 public:
  static void type_check(const Tensor& tensor) {
    RemoteTensor::type_check(tensor, {{mem_handle.name(), {}},
                                      {shared_mem_type.name(),
                                       {Any(SharedMemType::OCL_BUFFER).as<std::string>(),
                                        Any(SharedMemType::BUFFER_FROM_HANDLE).as<std::string>(),
                                        Any(SharedMemType::CPU_VA).as<std::string>()}}});
  }
  cl_mem get() const { return static_cast<cl_mem>(get_params().at(mem_handle.name()).as<gpu_handle_param>()); }
  operator cl_mem() const { return get(); }  // NOLINT: OpenVINO's implicit conversion
  // Retains the buffer: the cl::Buffer owns one reference of its own.
  operator cl::Buffer() const { return cl::Buffer(get(), true); }  // NOLINT
};

// A remote tensor over an OpenCL 2D image.
class ClImage2DTensor : public RemoteTensor {
 public:
  static void type_check(const Tensor& tensor) {
    RemoteTensor::type_check(
        tensor,
        {{mem_handle.name(), {}},
         {shared_mem_type.name(),
          {Any(SharedMemType::OCL_IMAGE2D).as<std::string>(), Any(SharedMemType::VA_SURFACE).as<std::string>()}}});
  }
  cl_mem get() const { return static_cast<cl_mem>(get_params().at(mem_handle.name()).as<gpu_handle_param>()); }
  operator cl_mem() const { return get(); }                          // NOLINT
  operator cl::Image2D() const { return cl::Image2D(get(), true); }  // NOLINT
};

// A remote tensor over USM (or, on devices without cl_intel_unified_shared_memory, SVM) memory.
class USMTensor : public RemoteTensor {
 public:
  static void type_check(const Tensor& tensor) {
    RemoteTensor::type_check(tensor, {{mem_handle.name(), {}},
                                      {shared_mem_type.name(),
                                       {Any(SharedMemType::USM_USER_BUFFER).as<std::string>(),
                                        Any(SharedMemType::USM_HOST_BUFFER).as<std::string>(),
                                        Any(SharedMemType::USM_DEVICE_BUFFER).as<std::string>()}}});
  }
  void* get() const { return get_params().at(mem_handle.name()).as<void*>(); }
};

// The GPU plugin's context over an OpenCL context (and optionally the application's queue).
class ClContext : public RemoteContext {
 protected:
  static constexpr const char* device_name = "GPU";
  ClContext() = default;

 public:
  using RemoteContext::create_tensor;

  static void type_check(const RemoteContext& context) {
    RemoteContext::type_check(
        context, {{ocl_context.name(), {}},
                  {context_type.name(),
                   {Any(ContextType::OCL).as<std::string>(), Any(ContextType::VA_SHARED).as<std::string>()}}});
  }

  // The application's OpenCL context; `ctx_device_id`: which of its devices; `target_tile_id`:
  // the tile (sub-device index) the context was made on, -1 for a whole device.
  ClContext(Core& core, cl_context ctx, int ctx_device_id = 0, int target_tile_id = -1) {
    AnyMap params = {{context_type.name(), ContextType::OCL},
                     {ocl_context.name(), static_cast<gpu_handle_param>(ctx)},
                     {ocl_context_device_id.name(), ctx_device_id},
                     {tile_id.name(), target_tile_id}};
    *this = core.create_context(device_name, params).as<ClContext>();
  }

  // The application's queue: models compiled for this context enqueue their inferences into it,
  // and start_async() returns once they are enqueued. One stream only (LATENCY).
  ClContext(Core& core, cl_command_queue queue) {
    FERRY_ASSERT(queue, "ClContext: the cl_command_queue is null");
    cl_context ctx = nullptr;
    const cl_int status = clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof(ctx), &ctx, nullptr);
    FERRY_ASSERT(status == CL_SUCCESS, "ClContext: clGetCommandQueueInfo(CL_QUEUE_CONTEXT) of the queue failed (",
                 status, ")");
    AnyMap params = {{context_type.name(), ContextType::OCL},
                     {ocl_context.name(), static_cast<gpu_handle_param>(ctx)},
                     {ocl_queue.name(), static_cast<gpu_handle_param>(queue)}};
    *this = core.create_context(device_name, params).as<ClContext>();
  }

  cl_context get() const { return static_cast<cl_context>(get_params().at(ocl_context.name()).as<gpu_handle_param>()); }
  operator cl_context() const { return get(); }                      // NOLINT
  operator cl::Context() const { return cl::Context(get(), true); }  // NOLINT

  // Wraps the application's buffer (no copy): it must belong to this context and hold the tensor.
  ClBufferTensor create_tensor(const element::Type type, const Shape& shape, const cl_mem buffer) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::OCL_BUFFER},
                     {mem_handle.name(), static_cast<gpu_handle_param>(buffer)}};
    return create_tensor(type, shape, params).as<ClBufferTensor>();
  }
  ClBufferTensor create_tensor(const element::Type type, const Shape& shape, const cl::Buffer& buffer) {
    return create_tensor(type, shape, buffer.get());
  }
  // Wraps the application's 2D image: its pixels, row by row, are the tensor's elements.
  ClImage2DTensor create_tensor(const element::Type type, const Shape& shape, const cl::Image2D& image) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::OCL_IMAGE2D},
                     {mem_handle.name(), static_cast<gpu_handle_param>(image.get())}};
    return create_tensor(type, shape, params).as<ClImage2DTensor>();
  }
  // An NV12 frame as two images of this context (a decoder's output planes): the Y tensor
  // u8 {1, H, W, 1} and the UV tensor u8 {1, H/2, W/2, 2}, for the inputs PrePostProcessor makes
  // with set_color_format(NV12_TWO_PLANES) (set_memory_type(surface)). Models compiled for this
  // context read both images in place. Y: CL_R or CL_LUMINANCE; UV: CL_RG of half the width and
  // height or, on devices without CL_RG (nv12_uv_image_format()), CL_R texel pairs as wide as Y;
  // 8-bit channels (CL_UNORM_INT8 or CL_UNSIGNED_INT8); W and H even (nv12_planes.hpp).
  std::pair<ClImage2DTensor, ClImage2DTensor> create_tensor_nv12(const cl::Image2D& nv12_image_plane_y,
                                                                 const cl::Image2D& nv12_image_plane_uv) {
    const std::pair<const char*, const cl::Image2D*> planes[] = {{"Y", &nv12_image_plane_y},
                                                                 {"UV", &nv12_image_plane_uv}};
    for (const auto& [name, image] : planes) {
      FERRY_ASSERT(image->get(), "ClContext::create_tensor_nv12: the ", name, " plane image is null");
      cl_context owner = nullptr;
      clGetMemObjectInfo(image->get(), CL_MEM_CONTEXT, sizeof(owner), &owner, nullptr);
      FERRY_ASSERT(owner == get(), "ClContext::create_tensor_nv12: the ", name, " plane image belongs to another ",
                   "OpenCL context (", static_cast<void*>(owner), ", this one is ", static_cast<void*>(get()), ")");
      FERRY_ASSERT(image->getInfo<CL_MEM_TYPE>() == CL_MEM_OBJECT_IMAGE2D, "ClContext::create_tensor_nv12: the ", name,
                   " plane is not a 2D image");
    }
    const ImagePlane y = plane_of(nv12_image_plane_y), uv = plane_of(nv12_image_plane_uv);
    const std::string problem = nv12_planes_problem(y, uv);
    FERRY_ASSERT(problem.empty(), "ClContext::create_tensor_nv12: ", problem);
    AnyMap params = {{shared_mem_type.name(), SharedMemType::OCL_IMAGE2D},
                     {mem_handle.name(), static_cast<gpu_handle_param>(nv12_image_plane_y.get())}};
    auto y_tensor = create_tensor(element::u8, {1, y.height, y.width, 1}, params).as<ClImage2DTensor>();
    params[mem_handle.name()] = static_cast<gpu_handle_param>(nv12_image_plane_uv.get());
    auto uv_tensor = create_tensor(element::u8, {1, y.height / 2, y.width / 2, 2}, params).as<ClImage2DTensor>();
    return {y_tensor, uv_tensor};
  }
  // The UV plane format to create images in on this context's first device: CL_RG CL_UNORM_INT8
  // where it has CL_RG images, else CL_R CL_UNORM_INT8 (a UV image as wide as the Y plane).
  cl_image_format nv12_uv_image_format() const {
    std::vector<cl::ImageFormat> formats;
    cl::Context(get(), true).getSupportedImageFormats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, &formats);
    return nv12_uv_format(std::vector<cl_image_format>(formats.begin(), formats.end()));
  }
  // Wraps a USM pointer of this context (anywhere in one of its Intel USM allocations; with SVM,
  // in one of its USM tensors).
  USMTensor create_tensor(const element::Type type, const Shape& shape, void* usm_ptr) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::USM_USER_BUFFER},
                     {mem_handle.name(), static_cast<gpu_handle_param>(usm_ptr)}};
    return create_tensor(type, shape, params).as<USMTensor>();
  }
  // Host memory the application keeps alive (an aligned allocation, an mmapped file), used in place
  // (CL_MEM_USE_HOST_PTR): `memory.ptr` aligned to the device's base address alignment (at least
  // 64 bytes), `memory.size` bytes (-1: the tensor's) at least the tensor's.
  ClBufferTensor create_tensor(const element::Type type, const Shape& shape, const VirtualAddressMemory& memory) {
    AnyMap params = {
        {shared_mem_type.name(), SharedMemType::CPU_VA}, {cpu_va.name(), memory.ptr}, {mem_size.name(), memory.size}};
    return create_tensor(type, shape, params).as<ClBufferTensor>();
  }
  // A file the plugin maps for the tensor's lifetime and uses in place, from `file.offset`
  // (aligned as a VirtualAddressMemory pointer); READ_WRITE: outputs written land in the file.
  ClBufferTensor create_tensor(const element::Type type, const Shape& shape, const FileDescriptor& file) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::CPU_VA},
                     {file_path.name(), file.path.string()},
                     {file_offset.name(), static_cast<uint64_t>(file.offset)},
                     {file_access.name(), file.access}};
    return create_tensor(type, shape, params).as<ClBufferTensor>();
  }
  // A DMA-BUF (or opaque) file descriptor another API exported, imported without a copy (as
  // create_tensor_from_fd).
  ClBufferTensor create_tensor(const element::Type type, const Shape& shape, const SharedBufferHandle& buffer) {
    return create_tensor_from_fd(type, shape, buffer.handle);
  }
  // Memory another API exported as a file descriptor (CUDA, Vulkan...): needs the driver's
  // cl_khr_external_memory_opaque_fd or cl_khr_external_memory_dma_buf.
  ClBufferTensor create_tensor_from_fd(const element::Type type, const Shape& shape, int fd) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::BUFFER_FROM_HANDLE}, {os_handle.name(), fd}};
    return create_tensor(type, shape, params).as<ClBufferTensor>();
  }
  // Wraps host memory without a copy (the application keeps it alive), aligned as a
  // VirtualAddressMemory pointer: create_tensor(type, shape, VirtualAddressMemory{pointer}).
  ClBufferTensor create_tensor_from_cpu_pointer(const element::Type type, const Shape& shape, void* pointer) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::CPU_VA}, {cpu_va.name(), pointer}};
    return create_tensor(type, shape, params).as<ClBufferTensor>();
  }
  // The same, with the memory's kind named: only MemType::CPU_POINTER is a host pointer.
  ClBufferTensor create_tensor_from_cpu_pointer(const element::Type type, const Shape& shape, void* pointer,
                                                MemType memory_type) {
    FERRY_ASSERT(memory_type == MemType::CPU_POINTER,
                 "GPU create_tensor_from_cpu_pointer: memory_type must be MemType::CPU_POINTER (a host pointer), "
                 "got MemType ",
                 static_cast<int>(memory_type));
    return create_tensor_from_cpu_pointer(type, shape, pointer);
  }
  // A tensor over shared device memory given by its OS handle: only MemType::SHARED_BUF is one
  // (then as create_tensor(type, shape, SharedBufferHandle{handle})).
  ClBufferTensor create_tensor(const element::Type type, const Shape& shape, os_handle_param handle,
                               MemType memory_type) {
    FERRY_ASSERT(memory_type == MemType::SHARED_BUF,
                 "GPU create_tensor(type, shape, os_handle_param, MemType): memory_type must be MemType::SHARED_BUF "
                 "(an OS handle), got MemType ",
                 static_cast<int>(memory_type), "; host memory goes to create_tensor_from_cpu_pointer");
    return create_tensor(type, shape, SharedBufferHandle{handle});
  }
  USMTensor create_usm_host_tensor(const element::Type type, const Shape& shape) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::USM_HOST_BUFFER}};
    return create_tensor(type, shape, params).as<USMTensor>();
  }
  USMTensor create_usm_device_tensor(const element::Type type, const Shape& shape) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::USM_DEVICE_BUFFER}};
    return create_tensor(type, shape, params).as<USMTensor>();
  }

 private:
  static ImagePlane plane_of(const cl::Image2D& image) {
    return {image.getImageInfo<CL_IMAGE_FORMAT>(), image.getImageInfo<CL_IMAGE_WIDTH>(),
            image.getImageInfo<CL_IMAGE_HEIGHT>()};
  }
};

}  // namespace ferry::gpu::ocl
