#pragma once

// VA-API sharing for applications (Linux): a GPU context over a VA display, and tensors over the
// planes of its NV12 surfaces (a decoder's output), with OpenVINO's names
// (ov::intel_gpu::ocl::VAContext through ferry/compat/openvino.hpp). Header-only over the
// low-level remote API (ferry/gpu/remote_properties.hpp): CONTEXT_TYPE VA_SHARED + VA_DEVICE,
// SHARED_MEM_TYPE VA_SURFACE + DEV_OBJECT_HANDLE + VA_PLANE.
//
//   ferry::gpu::ocl::VAContext context(core, va_display);
//   auto compiled = core.compile_model(model, context);   // NV12_TWO_PLANES + memory_type::surface
//   auto [y, uv] = context.create_tensor_nv12(height, width, decoded_surface);
//   request.set_tensor(compiled.input(0), y);
//   request.set_tensor(compiled.input(1), uv);
//
// How a surface reaches the OpenCL device is the context's GPU_VA_SHARING_PATH (sharing_path()):
// INTEL_MEDIA_SHARING (cl_intel_va_api_media_sharing: images over the surface, no copy; the
// surface stays acquired by OpenCL while its tensors live; a tensor over part of a taller or wider
// surface is its top left copied on the device into a buffer, the surface acquired for the copy
// only), DMA_BUF_IMPORT (the surface exported as
// DRM PRIME and imported through cl_khr_external_memory_dma_buf: no host copy), or HOST_UPLOAD (the
// surface mapped and each plane uploaded once into a buffer when its tensor is made, counted in
// GPU_COPIED_BYTES). With the last two a tensor holds the surface's pixels as they were when it was
// made (as is a copied part on the first path): make new tensors for each decoded frame.

#include <va/va.h>

#include <cstdint>
#include <utility>

#include "ferry/gpu/ocl/ocl.hpp"

namespace ferry::gpu::ocl {

// A remote tensor over one plane of a VA surface.
class VASurfaceTensor : public RemoteTensor {
 public:
  static void type_check(const Tensor& tensor) {
    RemoteTensor::type_check(tensor, {{dev_object_handle.name(), {}},
                                      {va_plane.name(), {}},
                                      {shared_mem_type.name(), {Any(SharedMemType::VA_SURFACE).as<std::string>()}}});
  }
  VASurfaceID surface() const { return get_params().at(dev_object_handle.name()).as<uint32_t>(); }
  uint32_t plane() const { return get_params().at(va_plane.name()).as<uint32_t>(); }
  operator VASurfaceID() const { return surface(); }  // NOLINT: OpenVINO's implicit conversion
  // The OpenCL memory the kernels read: an image (INTEL_MEDIA_SHARING) or a buffer.
  cl_mem get() const { return static_cast<cl_mem>(get_params().at(mem_handle.name()).as<gpu_handle_param>()); }
};

// The GPU plugin's context shared with a VA display (vaGetDisplayDRM + vaInitialize).
class VAContext : public ClContext {
 public:
  using ClContext::create_tensor;
  using ClContext::create_tensor_nv12;  // of two OpenCL image planes

  static void type_check(const RemoteContext& context) {
    RemoteContext::type_check(
        context, {{va_device.name(), {}}, {context_type.name(), {Any(ContextType::VA_SHARED).as<std::string>()}}});
  }

  // `target_tile_id`: the tile (GPU.X.<tile>) of the default GPU, -1 for the whole device. Throws
  // when the device can reach the display's surfaces by no path (the error says why each fails).
  VAContext(Core& core, VADisplay device, int target_tile_id = -1) {
    AnyMap params = {{context_type.name(), ContextType::VA_SHARED},
                     {va_device.name(), static_cast<gpu_handle_param>(device)},
                     {tile_id.name(), target_tile_id}};
    *this = core.create_context(device_name, params).as<VAContext>();
  }

  VADisplay get_display() const {
    return static_cast<VADisplay>(get_params().at(va_device.name()).as<gpu_handle_param>());
  }
  operator VADisplay() const { return get_display(); }  // NOLINT
  // GPU_VA_SHARING_PATH: how this context's surfaces reach the device.
  VaSharingPath sharing_path() const { return get_params().at(va_sharing_path.name()).as<VaSharingPath>(); }

  // The Y plane ([1, height, width, 1] u8) and the UV plane ([1, height/2, width/2, 2] u8) of an
  // NV12 surface of this display; height and width even, at most the surface's (a decoder's
  // surfaces are often taller, e.g. 1088 rows for 1080p: the tensors cover the top left, on every
  // sharing path). Throws naming the surface's and the tensor's sizes when they do not fit.
  std::pair<VASurfaceTensor, VASurfaceTensor> create_tensor_nv12(const size_t height, const size_t width,
                                                                 const VASurfaceID nv12_surf) {
    FERRY_ASSERT(height % 2 == 0 && width % 2 == 0 && height > 0 && width > 0,
                 "VAContext::create_tensor_nv12: NV12 needs an even, non-zero width and height; got ", width, "x",
                 height, " for VA surface ", nv12_surf);
    AnyMap params = {{shared_mem_type.name(), SharedMemType::VA_SURFACE},
                     {dev_object_handle.name(), static_cast<uint32_t>(nv12_surf)},
                     {va_plane.name(), uint32_t{0}}};
    auto y = create_tensor(element::u8, {1, height, width, 1}, params).as<VASurfaceTensor>();
    params[va_plane.name()] = uint32_t{1};
    auto uv = create_tensor(element::u8, {1, height / 2, width / 2, 2}, params).as<VASurfaceTensor>();
    return {y, uv};
  }

  // One plane of a surface: `plane` 0 (Y, shape [1, H, W, 1]) or 1 (UV, [1, H/2, W/2, 2]), u8.
  VASurfaceTensor create_tensor(const element::Type type, const Shape& shape, const VASurfaceID surface,
                                const uint32_t plane = 0) {
    AnyMap params = {{shared_mem_type.name(), SharedMemType::VA_SURFACE},
                     {dev_object_handle.name(), static_cast<uint32_t>(surface)},
                     {va_plane.name(), plane}};
    return create_tensor(type, shape, params).as<VASurfaceTensor>();
  }

 protected:
  VAContext() = default;
};

}  // namespace ferry::gpu::ocl
