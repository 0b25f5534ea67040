#pragma once

// VA-API sharing for VA_SHARED contexts (ferry/gpu/ocl/va.hpp): which path a VA display's
// surfaces take into the context's OpenCL memory, chosen once per context (VaSharingPath:
// cl_intel_va_api_media_sharing images, a DRM PRIME export imported through
// cl_khr_external_memory_dma_buf, or the surface mapped and each plane uploaded once), and the
// tensors made from surface planes. libva is opened at run time (libva.so.2, already loaded by
// the application that owns the display): the plugin does not need libva otherwise.

#include <CL/cl_va_api_media_sharing_intel.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/device_context.hpp"
#include "ferry/gpu/remote_properties.hpp"
#include "ferry/value/any.hpp"
#include "remote_tensor.hpp"

namespace ferry::gpu {

class RemoteContext;
struct VaLibrary;

class VaSharing {
 public:
  // Chooses the path for `display` on `device` (an OpenCL device of the plugin): throws naming
  // the display, the device and why each path is unusable when none is. `who`: how errors
  // begin ("GPU create_context").
  static std::shared_ptr<VaSharing> create(void* display, const DeviceEntry& device, const std::string& who);

  void* display() const { return m_display; }
  VaSharingPath path() const { return m_path; }
  // INTEL_MEDIA_SHARING: the properties clCreateContext needs (CL_CONTEXT_VA_API_DISPLAY_INTEL),
  // zero-terminated; otherwise empty (any context of the device will do).
  std::vector<cl_context_properties> context_properties(cl_platform_id platform) const;

 private:
  friend std::shared_ptr<RemoteTensor> make_va_surface_tensor(const std::shared_ptr<RemoteContext>&,
                                                              const element::Type&, const Shape&, const AnyMap&);
  VaSharing(void* display, VaSharingPath path, const VaLibrary& va) : m_display(display), m_path(path), m_va(va) {}

  void* m_display;
  VaSharingPath m_path;
  const VaLibrary& m_va;
};

// cl_intel_va_api_media_sharing's entry points on a platform, and clFinish: what the
// INTEL_MEDIA_SHARING path calls, as pointers so that tests can stand in for a platform with the
// extension (PoCL has none).
struct IntelMediaSharing {
  clGetDeviceIDsFromVA_APIMediaAdapterINTEL_fn get_device_ids = nullptr;
  clCreateFromVA_APIMediaSurfaceINTEL_fn create_from_surface = nullptr;
  clEnqueueAcquireVA_APIMediaSurfacesINTEL_fn acquire = nullptr;
  clEnqueueReleaseVA_APIMediaSurfacesINTEL_fn release = nullptr;
  cl_int(CL_API_CALL* finish)(cl_command_queue) = clFinish;
};

// What a tensor over a surface plane holds on the INTEL_MEDIA_SHARING path.
struct IntelSurfacePlane {
  ClMem memory;
  // `memory` is the plane's image, acquired by OpenCL until release_intel_surface_plane; else a
  // buffer holding a copy of the tensor's part of the plane.
  bool acquired = false;
};

// Plane `plane` of VA surface `surface` for a tensor of `shape` ([1, H, W, 1] Y, [1, H/2, W/2, 2]
// UV, checked by the caller) in `context`, through `sharing` on `queue`: the plane's image,
// acquired by OpenCL (waited for), when the plane is the tensor's size; when the surface is
// taller or wider, the tensor's part (the top left) copied on the device into a buffer, the
// surface released again at once (the copy counted in `counters`' device_copied). Throws naming the sizes when the
// tensor does not fit the plane, or the call that failed, with nothing left acquired or referenced (a surface whose
// acquire the wait failed on is released again). `who`: how errors begin.
IntelSurfacePlane intel_surface_plane(const IntelMediaSharing& sharing, MemoryCounters& counters, cl_context context,
                                      cl_command_queue queue, uint32_t surface, uint32_t plane, const Shape& shape,
                                      const std::string& who);
// Gives an image that intel_surface_plane acquired back to VA, and waits: the first failing status.
cl_int release_intel_surface_plane(const IntelMediaSharing& sharing, cl_command_queue queue, cl_mem image);

// True when create_tensor's parameters ask for a VA surface plane (SHARED_MEM_TYPE VA_SURFACE).
bool is_va_surface_request(const AnyMap& params);
// A tensor over plane VA_PLANE of surface DEV_OBJECT_HANDLE of the context's display (u8,
// [1, H, W, 1] for Y, [1, H/2, W/2, 2] for UV; H and W at most the surface's), along the
// context's path. Throws naming what was wrong (not a VA_SHARED context, a surface the display
// does not know, a plane NV12 does not have, a shape that does not fit the plane...).
std::shared_ptr<RemoteTensor> make_va_surface_tensor(const std::shared_ptr<RemoteContext>& context,
                                                     const element::Type& type, const Shape& shape,
                                                     const AnyMap& params);

}  // namespace ferry::gpu
