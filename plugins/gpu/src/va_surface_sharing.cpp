#include "va_surface_sharing.hpp"

#include <CL/cl_ext.h>
#include <CL/cl_va_api_media_sharing_intel.h>
#include <dlfcn.h>
#include <unistd.h>
#include <va/va.h>
#include <va/va_drmcommon.h>

#include <algorithm>
#include <array>
#include <optional>
#include <sstream>

#include "engine/cl_error.hpp"
#include "engine/counted_transfers.hpp"
#include "fd_import.hpp"
#include "ferry/base/exception.hpp"
#include "remote_context.hpp"

namespace ferry::gpu {

// libva's entry points, resolved from the libva.so.2 the application loaded (dlsym gives each
// symbol's default version, VA-API 1.x).
struct VaLibrary {
  void* handle = nullptr;
  decltype(&::vaDisplayIsValid) display_is_valid = nullptr;
  decltype(&::vaErrorStr) error_str = nullptr;
  decltype(&::vaCreateSurfaces) create_surfaces = nullptr;
  decltype(&::vaDestroySurfaces) destroy_surfaces = nullptr;
  decltype(&::vaSyncSurface) sync_surface = nullptr;
  decltype(&::vaDeriveImage) derive_image = nullptr;
  decltype(&::vaCreateImage) create_image = nullptr;
  decltype(&::vaGetImage) get_image = nullptr;
  decltype(&::vaDestroyImage) destroy_image = nullptr;
  decltype(&::vaMapBuffer) map_buffer = nullptr;
  decltype(&::vaUnmapBuffer) unmap_buffer = nullptr;
  decltype(&::vaExportSurfaceHandle) export_surface_handle = nullptr;
  std::string error;  // why libva could not be used, or empty

  std::string text(VAStatus status) const { return error_str(status); }
};

namespace {

const VaLibrary& va_library() {
  static const VaLibrary library = [] {
    VaLibrary va;
    va.handle = dlopen("libva.so.2", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!va.handle) va.handle = dlopen("libva.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!va.handle) {
      va.error = std::string("libva.so.2 cannot be loaded (") + dlerror() + ")";
      return va;
    }
    const auto resolve = [&](auto& slot, const char* name) {
      slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(dlsym(va.handle, name));
      if (!slot && va.error.empty()) va.error = std::string("libva.so.2 has no ") + name;
    };
    resolve(va.display_is_valid, "vaDisplayIsValid");
    resolve(va.error_str, "vaErrorStr");
    resolve(va.create_surfaces, "vaCreateSurfaces");
    resolve(va.destroy_surfaces, "vaDestroySurfaces");
    resolve(va.sync_surface, "vaSyncSurface");
    resolve(va.derive_image, "vaDeriveImage");
    resolve(va.create_image, "vaCreateImage");
    resolve(va.get_image, "vaGetImage");
    resolve(va.destroy_image, "vaDestroyImage");
    resolve(va.map_buffer, "vaMapBuffer");
    resolve(va.unmap_buffer, "vaUnmapBuffer");
    resolve(va.export_surface_handle, "vaExportSurfaceHandle");
    return va;  // the library stays loaded for the process (as the OpenCL loader does)
  }();
  return library;
}

cl_platform_id platform_of(cl_device_id device) {
  cl_platform_id platform = nullptr;
  clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof(platform), &platform, nullptr);
  return platform;
}

// cl_intel_va_api_media_sharing's entry points on the device's platform, when it has the extension.
std::optional<IntelMediaSharing> intel_media_sharing(cl_device_id device) {
  const cl_platform_id platform = platform_of(device);
  const std::string extensions = platform_string(platform, CL_PLATFORM_EXTENSIONS);
  if (extensions.find("cl_intel_va_api_media_sharing") == std::string::npos) return std::nullopt;
  IntelMediaSharing sharing;
  const auto resolve = [&](auto& slot, const char* name) {
    slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(
        clGetExtensionFunctionAddressForPlatform(platform, name));
  };
  resolve(sharing.get_device_ids, "clGetDeviceIDsFromVA_APIMediaAdapterINTEL");
  resolve(sharing.create_from_surface, "clCreateFromVA_APIMediaSurfaceINTEL");
  resolve(sharing.acquire, "clEnqueueAcquireVA_APIMediaSurfacesINTEL");
  resolve(sharing.release, "clEnqueueReleaseVA_APIMediaSurfacesINTEL");
  if (!sharing.get_device_ids || !sharing.create_from_surface || !sharing.acquire || !sharing.release)
    return std::nullopt;
  return sharing;
}

// Whether the platform's VA media sharing serves `display` on `device`.
bool intel_sharing_serves(const IntelMediaSharing& sharing, cl_device_id device, void* display) {
  cl_uint count = 0;
  if (sharing.get_device_ids(platform_of(device), CL_VA_API_DISPLAY_INTEL, display, CL_ALL_DEVICES_FOR_VA_API_INTEL, 0,
                             nullptr, &count) != CL_SUCCESS ||
      count == 0)
    return false;
  std::vector<cl_device_id> devices(count);
  if (sharing.get_device_ids(platform_of(device), CL_VA_API_DISPLAY_INTEL, display, CL_ALL_DEVICES_FOR_VA_API_INTEL,
                             count, devices.data(), nullptr) != CL_SUCCESS)
    return false;
  return std::find(devices.begin(), devices.end(), device) != devices.end();
}

VASurfaceAttrib nv12_attribute() {
  VASurfaceAttrib attrib{};
  attrib.type = VASurfaceAttribPixelFormat;
  attrib.flags = VA_SURFACE_ATTRIB_SETTABLE;
  attrib.value.type = VAGenericValueTypeInteger;
  attrib.value.value.i = VA_FOURCC_NV12;
  return attrib;
}

void close_objects(const VADRMPRIMESurfaceDescriptor& descriptor) {
  for (uint32_t i = 0; i < descriptor.num_objects; ++i)
    if (descriptor.objects[i].fd >= 0) close(descriptor.objects[i].fd);
}

// The mapped pixels of a surface: a derived image (the surface's own memory), or where the driver
// cannot derive, a copy in an image of the driver's (vaGetImage of `width` x `height`).
class MappedSurface {
 public:
  MappedSurface(const VaLibrary& va, VADisplay display, VASurfaceID surface, uint32_t width, uint32_t height)
      : m_va(va), m_display(display) {
    m_status = va.derive_image(display, surface, &m_image);
    m_call = "vaDeriveImage";
    m_has_image = m_status == VA_STATUS_SUCCESS;
    if (m_status == VA_STATUS_ERROR_UNIMPLEMENTED || m_status == VA_STATUS_ERROR_OPERATION_FAILED) {
      m_derive_failure = "vaDeriveImage: " + va.text(m_status) + "; ";
      VAImageFormat format{};
      format.fourcc = VA_FOURCC_NV12;
      format.byte_order = VA_LSB_FIRST;
      format.bits_per_pixel = 12;
      m_call = "vaCreateImage";
      m_status = va.create_image(display, &format, static_cast<int>(width), static_cast<int>(height), &m_image);
      if (m_status == VA_STATUS_SUCCESS) {
        m_has_image = true;
        m_call = "vaGetImage";
        m_status = va.get_image(display, surface, 0, 0, width, height, m_image.image_id);
      }
    }
    if (m_status == VA_STATUS_SUCCESS) {
      m_call = "vaMapBuffer";
      m_status = va.map_buffer(display, m_image.buf, &m_pixels);
    }
  }
  ~MappedSurface() {
    if (m_pixels) m_va.unmap_buffer(m_display, m_image.buf);
    // The image goes whichever later call failed (vaGetImage, vaMapBuffer).
    if (m_has_image) m_va.destroy_image(m_display, m_image.image_id);
  }
  MappedSurface(const MappedSurface&) = delete;
  MappedSurface& operator=(const MappedSurface&) = delete;

  bool ok() const { return m_status == VA_STATUS_SUCCESS; }
  // "vaDeriveImage: the requested function is not implemented"
  // (with the failed vaDeriveImage before a failed copy: "vaDeriveImage: ...; vaGetImage: ...")
  std::string failure() const { return m_derive_failure + m_call + ": " + m_va.text(m_status); }
  const VAImage& image() const { return m_image; }
  const uint8_t* pixels() const { return static_cast<const uint8_t*>(m_pixels); }

 private:
  const VaLibrary& m_va;
  VADisplay m_display;
  VAImage m_image{};
  VAStatus m_status = VA_STATUS_SUCCESS;
  const char* m_call = "";
  std::string m_derive_failure;
  bool m_has_image = false;  // vaDeriveImage or vaCreateImage made m_image
  void* m_pixels = nullptr;
};

// A 16x16 NV12 surface made to find out what the display's driver allows.
struct Probe {
  bool exports = false;
  bool maps = false;
  std::string export_failure, map_failure;
};

Probe probe(const VaLibrary& va, VADisplay display) {
  Probe result;
  VASurfaceAttrib attrib = nv12_attribute();
  VASurfaceID surface = VA_INVALID_SURFACE;
  const VAStatus created = va.create_surfaces(display, VA_RT_FORMAT_YUV420, 16, 16, &surface, 1, &attrib, 1);
  if (created != VA_STATUS_SUCCESS) {
    result.export_failure = result.map_failure = "vaCreateSurfaces of a 16x16 NV12 surface: " + va.text(created);
    return result;
  }
  VADRMPRIMESurfaceDescriptor descriptor{};
  const VAStatus exported =
      va.export_surface_handle(display, surface, VA_SURFACE_ATTRIB_MEM_TYPE_DRM_PRIME_2,
                               VA_EXPORT_SURFACE_READ_ONLY | VA_EXPORT_SURFACE_SEPARATE_LAYERS, &descriptor);
  result.exports = exported == VA_STATUS_SUCCESS;
  if (result.exports) close_objects(descriptor);
  result.export_failure = "vaExportSurfaceHandle (DRM PRIME 2): " + va.text(exported);
  {
    MappedSurface mapped(va, display, surface, 16, 16);
    result.maps = mapped.ok();
    result.map_failure = mapped.failure();
  }
  va.destroy_surfaces(display, &surface, 1);
  return result;
}

// What create_tensor was given for a VA surface.
struct SurfaceRequest {
  std::optional<uint32_t> surface;
  uint32_t plane = 0;
  void* handle = nullptr;  // MEM_HANDLE: a tensor's get_params given back
};

SurfaceRequest read_request(const RemoteContext& context, const AnyMap& params) {
  SurfaceRequest request;
  for (const auto& [key, value] : params) {
    if (key == shared_mem_type.name()) {
      // VA_SURFACE: how this function was chosen.
    } else if (key == dev_object_handle.name()) {
      request.surface = value.as<uint32_t>();
    } else if (key == va_plane.name()) {
      request.plane = value.as<uint32_t>();
    } else if (key == mem_handle.name()) {
      request.handle = value.as<void*>();
    } else if (key == ocl_context.name()) {
      FERRY_ASSERT(value.as<void*>() == static_cast<void*>(context.cl()), context.describe(),
                   ": create_tensor: OCL_CONTEXT ", value.as<void*>(), " is another OpenCL context");
    } else {
      Exception::raise(context.describe(), ": create_tensor: unknown parameter '", key,
                       "' for a VA_SURFACE (known: ", shared_mem_type.name(), ", ", dev_object_handle.name(), ", ",
                       va_plane.name(), ", ", mem_handle.name(), ", ", ocl_context.name(), ")");
    }
  }
  return request;
}

// A plane's part the tensor covers: `rows` rows of `row_bytes` bytes from its top left.
struct PlaneRegion {
  size_t rows = 0, row_bytes = 0;
  size_t bytes() const { return rows * row_bytes; }
};

}  // namespace

std::shared_ptr<VaSharing> VaSharing::create(void* display, const DeviceEntry& device, const std::string& who) {
  FERRY_ASSERT(display, who, ": VA_DEVICE is null (a VADisplay from vaGetDisplayDRM and vaInitialize is needed)");
  const VaLibrary& va = va_library();
  FERRY_ASSERT(va.error.empty(), who, ": VA_DEVICE ", display, " needs libva: ", va.error);
  FERRY_ASSERT(va.display_is_valid(display), who, ": VA_DEVICE ", display, " is not a valid VADisplay");
  const cl_device_id cl_device = device.device.get();
  if (const auto intel = intel_media_sharing(cl_device))
    if (intel_sharing_serves(*intel, cl_device, display))
      return std::shared_ptr<VaSharing>(new VaSharing(display, VaSharingPath::INTEL_MEDIA_SHARING, va));
  const Probe found = probe(va, display);
  const bool dma_buf = device.info.has_extension("cl_khr_external_memory_dma_buf");
  if (dma_buf && found.exports)
    return std::shared_ptr<VaSharing>(new VaSharing(display, VaSharingPath::DMA_BUF_IMPORT, va));
  if (found.maps) return std::shared_ptr<VaSharing>(new VaSharing(display, VaSharingPath::HOST_UPLOAD, va));
  Exception::raise(who, ": VA display ", display, " has no usable path for its surfaces to device ", device.info.name,
                   ": the OpenCL platform ", device.info.platform_name, " lacks cl_intel_va_api_media_sharing for it; ",
                   dma_buf ? found.export_failure
                           : std::string("the device lacks cl_khr_external_memory_dma_buf (DRM PRIME import)"),
                   "; the surfaces cannot be mapped (", found.map_failure, ")");
}

std::vector<cl_context_properties> VaSharing::context_properties(cl_platform_id platform) const {
  if (m_path != VaSharingPath::INTEL_MEDIA_SHARING) return {};
  return {CL_CONTEXT_PLATFORM,
          reinterpret_cast<cl_context_properties>(platform),
          CL_CONTEXT_VA_API_DISPLAY_INTEL,
          reinterpret_cast<cl_context_properties>(m_display),
          CL_CONTEXT_INTEROP_USER_SYNC,
          CL_FALSE,
          0};
}

namespace {

// Acquires `image` for OpenCL on `queue` and waits; releases it again when the wait fails.
void acquire_for_opencl(const IntelMediaSharing& sharing, cl_command_queue queue, cl_mem image, uint32_t surface,
                        const std::string& who) {
  cl_check(sharing.acquire(queue, 1, &image, 0, nullptr, nullptr), who,
           ": clEnqueueAcquireVA_APIMediaSurfacesINTEL of VA surface ", surface);
  const cl_int finished = sharing.finish(queue);
  // Given back before the error: a surface left acquired by OpenCL is not the decoder's to write.
  if (finished != CL_SUCCESS) release_intel_surface_plane(sharing, queue, image);
  cl_check(finished, who, ": clFinish after acquiring VA surface ", surface);
}

}  // namespace

IntelSurfacePlane intel_surface_plane(const IntelMediaSharing& sharing, MemoryCounters& counters, cl_context context,
                                      cl_command_queue queue, uint32_t surface, uint32_t plane, const Shape& shape,
                                      const std::string& who) {
  VASurfaceID id = surface;
  cl_int status = CL_SUCCESS;
  ClMem image(sharing.create_from_surface(context, CL_MEM_READ_ONLY, &id, plane, &status));
  cl_check(status, who, ": clCreateFromVA_APIMediaSurfaceINTEL of plane ", plane, " of VA surface ", surface);
  size_t width = 0, height = 0, pixel_bytes = 0;
  clGetImageInfo(image.get(), CL_IMAGE_WIDTH, sizeof(width), &width, nullptr);
  clGetImageInfo(image.get(), CL_IMAGE_HEIGHT, sizeof(height), &height, nullptr);
  clGetImageInfo(image.get(), CL_IMAGE_ELEMENT_SIZE, sizeof(pixel_bytes), &pixel_bytes, nullptr);
  // The tensor's part of the plane, its top left: rows of W (Y) or W/2 pairs (UV) bytes.
  const size_t rows = shape[1], row_bytes = shape[2] * shape[3];
  FERRY_ASSERT(pixel_bytes > 0 && row_bytes % pixel_bytes == 0 && rows <= height && row_bytes <= width * pixel_bytes,
               who, ": the tensor's shape ", shape, " does not fit plane ", plane, " of VA surface ", surface, " (",
               width, "x", height, " pixels of ", pixel_bytes, " bytes)");
  cl_mem handle = image.get();
  if (rows == height && row_bytes == width * pixel_bytes) {
    // The whole plane: the image itself, acquired for OpenCL while the tensor lives (the decoder
    // must not write the surface meanwhile).
    acquire_for_opencl(sharing, queue, handle, surface, who);
    return {std::move(image), true};
  }
  // A taller or wider surface (a decoder's 1088 rows for 1080p): an image is all of its plane, so
  // the tensor's part is copied on the device into a buffer, the surface OpenCL's for the copy only.
  ClMem buffer(clCreateBuffer(context, CL_MEM_READ_WRITE, rows * row_bytes, nullptr, &status));
  cl_check(status, who, ": clCreateBuffer of ", rows * row_bytes, " bytes for plane ", plane, " of VA surface ",
           surface);
  acquire_for_opencl(sharing, queue, handle, surface, who);
  const std::array<size_t, 3> origin{0, 0, 0}, region{row_bytes / pixel_bytes, rows, 1};
  cl_event copy_done = nullptr;
  const cl_int copied = transfer::copy_image_to_buffer(counters, queue, handle, buffer.get(), origin.data(),
                                                       region.data(), 0, &copy_done);
  // Released after the copy, on an out-of-order queue (the application's) too.
  const cl_uint waits = copied == CL_SUCCESS && copy_done ? 1 : 0;
  const cl_int released = sharing.release(queue, 1, &handle, waits, waits ? &copy_done : nullptr, nullptr);
  const cl_int finished = sharing.finish(queue);
  if (copy_done) clReleaseEvent(copy_done);
  cl_check(copied, who, ": clEnqueueCopyImageToBuffer of plane ", plane, " of VA surface ", surface);
  cl_check(released, who, ": clEnqueueReleaseVA_APIMediaSurfacesINTEL of VA surface ", surface, " after the copy");
  cl_check(finished, who, ": clFinish after copying plane ", plane, " of VA surface ", surface);
  return {std::move(buffer), false};
}

cl_int release_intel_surface_plane(const IntelMediaSharing& sharing, cl_command_queue queue, cl_mem image) {
  const cl_int released = sharing.release(queue, 1, &image, 0, nullptr, nullptr);
  const cl_int finished = sharing.finish(queue);
  return released != CL_SUCCESS ? released : finished;
}

bool is_va_surface_request(const AnyMap& params) {
  const auto found = params.find(shared_mem_type.name());
  return found != params.end() && found->second.as<SharedMemType>() == SharedMemType::VA_SURFACE;
}

std::shared_ptr<RemoteTensor> make_va_surface_tensor(const std::shared_ptr<RemoteContext>& context,
                                                     const element::Type& type, const Shape& shape,
                                                     const AnyMap& params) {
  const std::string who = context->describe() + ": create_tensor";
  const std::shared_ptr<VaSharing>& sharing = context->va();
  FERRY_ASSERT(sharing, who, ": SHARED_MEM_TYPE VA_SURFACE needs a VA_SHARED context (ferry::gpu::ocl::VAContext)");
  const SurfaceRequest request = read_request(*context, params);
  FERRY_ASSERT(request.surface, who, ": VA_SURFACE needs DEV_OBJECT_HANDLE, a VASurfaceID");
  const uint32_t surface = *request.surface;
  const VaLibrary& va = sharing->m_va;
  void* display = sharing->display();
  FERRY_ASSERT(request.plane <= 1, who, ": VA_PLANE ", request.plane, " of surface ", surface,
               ": NV12 surfaces have planes 0 (Y) and 1 (UV)");
  FERRY_ASSERT(type == element::u8, who, ": plane ", request.plane, " of VA surface ", surface,
               " holds u8 samples, not ", type);
  const size_t channels = request.plane == 0 ? 1 : 2;
  FERRY_ASSERT(shape.size() == 4 && shape[0] == 1 && shape[3] == channels && shape[1] > 0 && shape[2] > 0, who,
               ": a tensor over plane ", request.plane, " of VA surface ", surface, " has shape ",
               request.plane == 0 ? "[1, H, W, 1] (Y)" : "[1, H/2, W/2, 2] (UV)", ", not ", shape);
  const PlaneRegion region{shape[1], shape[2] * channels};
  AnyMap tensor_params = {{shared_mem_type.name(), SharedMemType::VA_SURFACE},
                          {ocl_context.name(), static_cast<void*>(context->cl())},
                          {dev_object_handle.name(), surface},
                          {va_plane.name(), request.plane}};
  const auto& device = context->device_context();

  // get_params() of an earlier tensor given back: the same OpenCL memory, nothing read again.
  if (request.handle) {
    cl_mem memory = static_cast<cl_mem>(request.handle);
    cl_context owner = nullptr;
    cl_mem_object_type kind = 0;
    cl_check(clGetMemObjectInfo(memory, CL_MEM_CONTEXT, sizeof(owner), &owner, nullptr), who,
             ": clGetMemObjectInfo of MEM_HANDLE");
    cl_check(clGetMemObjectInfo(memory, CL_MEM_TYPE, sizeof(kind), &kind, nullptr), who,
             ": clGetMemObjectInfo of MEM_HANDLE");
    FERRY_ASSERT(owner == context->cl(), who, ": MEM_HANDLE ", request.handle, " belongs to another OpenCL context");
    size_t size = 0;
    clGetMemObjectInfo(memory, CL_MEM_SIZE, sizeof(size), &size, nullptr);
    FERRY_ASSERT(kind != CL_MEM_OBJECT_BUFFER || size >= region.bytes(), who, ": MEM_HANDLE ", request.handle, " has ",
                 size, " bytes, the tensor needs ", region.bytes());
    tensor_params[mem_handle.name()] = request.handle;
    return std::make_shared<RemoteTensor>(
        context, type, shape, kind == CL_MEM_OBJECT_BUFFER ? SharedMemType::OCL_BUFFER : SharedMemType::OCL_IMAGE2D,
        ClMem::retain(memory), region.bytes(), std::move(tensor_params));
  }

  // The surface must be this display's, and decoded.
  const VAStatus synced = va.sync_surface(display, surface);
  FERRY_ASSERT(synced == VA_STATUS_SUCCESS, who, ": DEV_OBJECT_HANDLE ", surface, " is not a surface of VA display ",
               display, " (vaSyncSurface: ", va.text(synced), ")");

  ClMem buffer;
  if (sharing->path() == VaSharingPath::INTEL_MEDIA_SHARING) {
    const auto intel = intel_media_sharing(device->device());
    FERRY_ASSERT(intel, who, ": cl_intel_va_api_media_sharing is gone from the platform");
    IntelSurfacePlane found = intel_surface_plane(*intel, context->device_context()->counters(), context->cl(),
                                                  context->copy_queue(), surface, request.plane, shape, who);
    if (!found.acquired) {
      buffer = std::move(found.memory);  // the tensor's part of a larger surface, copied
    } else {
      cl_mem handle = found.memory.get();
      tensor_params[mem_handle.name()] = static_cast<void*>(handle);
      // The tensor's release gives the surface back to VA; it holds a reference of its own, since
      // the tensor drops the image before running it.
      auto held = std::make_shared<ClMem>(ClMem::retain(handle));
      const IntelMediaSharing entry_points = *intel;
      const auto keep = context;
      return std::make_shared<RemoteTensor>(
          context, type, shape, SharedMemType::OCL_IMAGE2D, std::move(found.memory), region.bytes(),
          std::move(tensor_params),
          [keep, entry_points, held] { release_intel_surface_plane(entry_points, keep->copy_queue(), held->get()); });
    }
  } else if (sharing->path() == VaSharingPath::DMA_BUF_IMPORT) {
    VADRMPRIMESurfaceDescriptor descriptor{};
    const VAStatus exported =
        va.export_surface_handle(display, surface, VA_SURFACE_ATTRIB_MEM_TYPE_DRM_PRIME_2,
                                 VA_EXPORT_SURFACE_READ_ONLY | VA_EXPORT_SURFACE_SEPARATE_LAYERS, &descriptor);
    FERRY_ASSERT(exported == VA_STATUS_SUCCESS, who, ": vaExportSurfaceHandle of VA surface ", surface, ": ",
                 va.text(exported));
    struct CloseObjects {
      const VADRMPRIMESurfaceDescriptor& descriptor;
      ~CloseObjects() { close_objects(descriptor); }
    } closer{descriptor};
    FERRY_ASSERT(descriptor.num_layers > request.plane && descriptor.layers[request.plane].num_planes == 1, who,
                 ": VA surface ", surface, " exported no layer for plane ", request.plane);
    const auto& layer = descriptor.layers[request.plane];
    const auto& object = descriptor.objects[layer.object_index[0]];
    FERRY_ASSERT(object.drm_format_modifier == 0, who, ": VA surface ", surface, " is tiled (DRM format modifier 0x",
                 std::hex, object.drm_format_modifier, std::dec, "); only linear surfaces can be imported as buffers");
    const size_t plane_rows = request.plane == 0 ? descriptor.height : descriptor.height / 2;
    FERRY_ASSERT(region.rows <= plane_rows && region.row_bytes <= descriptor.width, who, ": the tensor's shape ", shape,
                 " does not fit plane ", request.plane, " of VA surface ", surface, " (", descriptor.width, "x",
                 descriptor.height, " NV12)");
    // The driver gets a duplicate of the object's descriptor; the export's own are closed.
    std::ostringstream importing;
    importing << who << ": importing VA surface " << surface << " (DMA-BUF)";
    ClMem imported = import_fd_buffer(context->cl(), device->device(), CL_EXTERNAL_MEMORY_HANDLE_DMA_BUF_KHR, object.fd,
                                      CL_MEM_READ_ONLY, object.size, importing.str());
    cl_int status = CL_SUCCESS;
    const size_t align = std::max<size_t>(device->info().mem_base_addr_align_bits / 8, 1);
    if (layer.pitch[0] == region.row_bytes && layer.offset[0] % align == 0) {
      // The plane in place: a sub-buffer of the import.
      cl_buffer_region sub{layer.offset[0], region.bytes()};
      buffer = ClMem(clCreateSubBuffer(imported.get(), CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &sub, &status));
      cl_check(status, who, ": clCreateSubBuffer over plane ", request.plane, " of VA surface ", surface);
    } else {
      // Padded rows: the plane compacted on the device (no host copy).
      buffer = device->create_buffer(region.bytes(), CL_MEM_READ_WRITE, nullptr, "a VA surface plane");
      const std::array<size_t, 3> source{layer.offset[0], 0, 0}, origin{0, 0, 0},
          extent{region.row_bytes, region.rows, 1};
      cl_command_queue queue = context->copy_queue();
      cl_check(transfer::copy_buffer_rect(device->counters(), queue, imported.get(), buffer.get(), source.data(),
                                          origin.data(), extent.data(), layer.pitch[0], 0, region.row_bytes, 0),
               who, ": clEnqueueCopyBufferRect of plane ", request.plane, " of VA surface ", surface);
      cl_check(clFinish(queue), who, ": clFinish after compacting plane ", request.plane);
    }
  } else {
    // HOST_UPLOAD: mapped once, the plane's rows written into a buffer (bytes counted).
    const uint32_t width = static_cast<uint32_t>(request.plane == 0 ? shape[2] : shape[2] * 2);
    const uint32_t height = static_cast<uint32_t>(request.plane == 0 ? shape[1] : shape[1] * 2);
    MappedSurface mapped(va, display, surface, width, height);
    FERRY_ASSERT(mapped.ok(), who, ": VA surface ", surface, " cannot be mapped (", mapped.failure(), ")");
    const VAImage& image = mapped.image();
    FERRY_ASSERT(image.format.fourcc == VA_FOURCC_NV12 && image.num_planes == 2, who, ": VA surface ", surface,
                 " is not NV12 (fourcc 0x", std::hex, image.format.fourcc, std::dec, ", ", image.num_planes,
                 " planes)");
    const size_t plane_rows = request.plane == 0 ? image.height : image.height / 2u;
    FERRY_ASSERT(region.rows <= plane_rows && region.row_bytes <= image.width, who, ": the tensor's shape ", shape,
                 " does not fit plane ", request.plane, " of VA surface ", surface, " (", image.width, "x",
                 image.height, " NV12)");
    buffer = device->create_buffer(region.bytes(), CL_MEM_READ_WRITE, nullptr, "a VA surface plane");
    const std::array<size_t, 3> origin{0, 0, 0}, extent{region.row_bytes, region.rows, 1};
    cl_check(
        transfer::write_buffer_rect(device->counters(), context->copy_queue(), buffer.get(), true, origin.data(),
                                    origin.data(), extent.data(), region.row_bytes, 0, image.pitches[request.plane], 0,
                                    mapped.pixels() + image.offsets[request.plane]),
        who, ": uploading plane ", request.plane, " of VA surface ", surface);
  }
  device->counters().remote += region.bytes();
  const auto counters = device;
  const size_t bytes = region.bytes();
  tensor_params[mem_handle.name()] = static_cast<void*>(buffer.get());
  return std::make_shared<RemoteTensor>(context, type, shape, SharedMemType::OCL_BUFFER, std::move(buffer), bytes,
                                        std::move(tensor_params),
                                        [counters, bytes] { counters->counters().remote -= bytes; });
}

}  // namespace ferry::gpu
