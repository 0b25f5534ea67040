#pragma once

// The keys and values of the GPU plugin's low-level remote API: what Core::create_context,
// RemoteContext::create_tensor and get_params() take and give, with OpenVINO's names
// (ov::intel_gpu spells ferry::gpu through ferry/compat/openvino.hpp). Native handles travel as
// void* (gpu_handle_param), so code without OpenCL headers can share contexts and memory; the
// wrappers of ferry/gpu/ocl/ocl.hpp build these maps for code that has them.
//
// Context parameters: CONTEXT_TYPE (OCL), OCL_CONTEXT (a cl_context; absent: the plugin makes a
// new one), OCL_CONTEXT_DEVICE_ID (which of the context's devices, default 0), TILE_ID (the
// sub-device index of a context made over a GPU tile, -1: the whole device), OCL_QUEUE (a
// cl_command_queue the plugin enqueues every inference into).
// VA_SHARED contexts (ferry/gpu/ocl/va.hpp): VA_DEVICE (a VADisplay), TILE_ID, and, read-only,
// GPU_VA_SHARING_PATH (how the context's surfaces reach OpenCL, below).
// Tensor parameters: SHARED_MEM_TYPE (below), MEM_HANDLE (a cl_mem, or a USM/SVM pointer),
// CPU_VA (a host pointer, SHARED_MEM_TYPE CPU_VA), OS_HANDLE (a file descriptor,
// SHARED_MEM_TYPE BUFFER_FROM_HANDLE), DEV_OBJECT_HANDLE (a VASurfaceID) and VA_PLANE (0: Y,
// 1: UV) for SHARED_MEM_TYPE VA_SURFACE. With CPU_VA: MEM_SIZE (the bytes at the pointer, -1 or
// absent: the tensor's), or, instead of the pointer, FILE_PATH (a file the plugin maps),
// FILE_OFFSET and FILE_ACCESS.
//
// The typed handles (OpenVINO 2026.4's, below) name what create_tensor wraps without an AnyMap:
// VirtualAddressMemory (host memory or an mmapped file, CPU_VA), FileDescriptor (a file the plugin
// maps itself), SharedBufferHandle (a DMA-BUF fd, BUFFER_FROM_HANDLE); ocl::ClContext::create_tensor
// takes each of them.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <istream>
#include <ostream>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/value/property.hpp"

namespace ferry::gpu {

using gpu_handle_param = void*;
using os_handle_param = int;

enum class ContextType {
  OCL = 0,        // an OpenCL context
  VA_SHARED = 1,  // an OpenCL context shared with a VA-API display (video input)
};

enum class SharedMemType {
  OCL_BUFFER = 0,          // a cl_mem buffer
  OCL_IMAGE2D = 1,         // a cl_mem 2D image
  USM_USER_BUFFER = 2,     // a USM (or SVM) pointer the application allocated
  USM_HOST_BUFFER = 3,     // USM (or SVM) host memory the plugin allocated
  USM_DEVICE_BUFFER = 4,   // USM (or SVM) device memory the plugin allocated
  VA_SURFACE = 5,          // a VA-API surface plane
  BUFFER_FROM_HANDLE = 7,  // memory another API exported as a file descriptor
  CPU_VA = 8,              // aligned host memory (or an mmapped file) wrapped without a copy
};

// What the pointer or handle given with a MemType is (ClContext::create_tensor_from_cpu_pointer
// and create_tensor(type, shape, os_handle_param, MemType), as OpenVINO's remote_objects_creation
// program spells them). CPU_VA is OpenVINO's other spelling of CPU_POINTER.
enum class MemType {
  SHARED_BUF = 0,   // an OS handle of shared device memory (a DMA-BUF fd on Linux)
  CPU_POINTER = 1,  // application host memory, wrapped without a copy
  CPU_VA = CPU_POINTER,
};

// How FileDescriptor's file is opened and mapped.
enum class AccessMode {
  READ = 0,        // read-only: kernels read the file's bytes; writes never reach the file
  READ_WRITE = 1,  // shared mapping: what inference writes lands in the file
};

// How a VA_SHARED context turns VA surfaces into OpenCL memory, chosen when the context is made
// (the best the OpenCL device and the VA driver allow):
enum class VaSharingPath {
  INTEL_MEDIA_SHARING = 0,  // cl_intel_va_api_media_sharing: each plane is an image, no copy
  DMA_BUF_IMPORT = 1,       // vaExportSurfaceHandle (DRM PRIME 2) imported with cl_khr_external_memory_dma_buf
  HOST_UPLOAD = 2,          // the surface mapped (vaDeriveImage / vaGetImage) and each plane uploaded once
                            // into an OpenCL buffer when its tensor is made (counted in GPU_COPIED_BYTES)
};

namespace detail {

template <typename Enum, size_t N>
std::ostream& write_enum(std::ostream& out, Enum value, const std::pair<Enum, const char*> (&names)[N]) {
  for (const auto& [known, name] : names)
    if (known == value) return out << name;
  Exception::raise("unknown value ", static_cast<int>(value));
}

template <typename Enum, size_t N>
std::istream& read_enum(std::istream& in, Enum& value, const std::pair<Enum, const char*> (&names)[N]) {
  std::string text;
  in >> text;
  std::string known_names;
  for (const auto& [known, name] : names) {
    if (text == name) {
      value = known;
      return in;
    }
    known_names += (known_names.empty() ? "" : ", ") + std::string(name);
  }
  Exception::raise("'", text, "' is not one of ", known_names);
}

inline constexpr std::pair<ContextType, const char*> kContextTypes[] = {{ContextType::OCL, "OCL"},
                                                                        {ContextType::VA_SHARED, "VA_SHARED"}};
inline constexpr std::pair<SharedMemType, const char*> kSharedMemTypes[] = {
    {SharedMemType::OCL_BUFFER, "OCL_BUFFER"},
    {SharedMemType::OCL_IMAGE2D, "OCL_IMAGE2D"},
    {SharedMemType::USM_USER_BUFFER, "USM_USER_BUFFER"},
    {SharedMemType::USM_HOST_BUFFER, "USM_HOST_BUFFER"},
    {SharedMemType::USM_DEVICE_BUFFER, "USM_DEVICE_BUFFER"},
    {SharedMemType::VA_SURFACE, "VA_SURFACE"},
    {SharedMemType::BUFFER_FROM_HANDLE, "BUFFER_FROM_HANDLE"},
    {SharedMemType::CPU_VA, "CPU_VA"}};
inline constexpr std::pair<AccessMode, const char*> kAccessModes[] = {{AccessMode::READ, "READ"},
                                                                      {AccessMode::READ_WRITE, "READ_WRITE"}};
inline constexpr std::pair<VaSharingPath, const char*> kVaSharingPaths[] = {
    {VaSharingPath::INTEL_MEDIA_SHARING, "INTEL_MEDIA_SHARING"},
    {VaSharingPath::DMA_BUF_IMPORT, "DMA_BUF_IMPORT"},
    {VaSharingPath::HOST_UPLOAD, "HOST_UPLOAD"}};

}  // namespace detail

inline std::ostream& operator<<(std::ostream& out, ContextType type) {
  return detail::write_enum(out, type, detail::kContextTypes);
}
inline std::istream& operator>>(std::istream& in, ContextType& type) {
  return detail::read_enum(in, type, detail::kContextTypes);
}
inline std::ostream& operator<<(std::ostream& out, SharedMemType type) {
  return detail::write_enum(out, type, detail::kSharedMemTypes);
}
inline std::istream& operator>>(std::istream& in, SharedMemType& type) {
  return detail::read_enum(in, type, detail::kSharedMemTypes);
}

inline std::ostream& operator<<(std::ostream& out, AccessMode mode) {
  return detail::write_enum(out, mode, detail::kAccessModes);
}
inline std::istream& operator>>(std::istream& in, AccessMode& mode) {
  return detail::read_enum(in, mode, detail::kAccessModes);
}

inline std::ostream& operator<<(std::ostream& out, VaSharingPath path) {
  return detail::write_enum(out, path, detail::kVaSharingPaths);
}
inline std::istream& operator>>(std::istream& in, VaSharingPath& path) {
  return detail::read_enum(in, path, detail::kVaSharingPaths);
}

// Context parameters.
inline constexpr Property<ContextType> context_type{"CONTEXT_TYPE"};
inline constexpr Property<gpu_handle_param> ocl_context{"OCL_CONTEXT"};
inline constexpr Property<int> ocl_context_device_id{"OCL_CONTEXT_DEVICE_ID"};
inline constexpr Property<int> tile_id{"TILE_ID"};
inline constexpr Property<gpu_handle_param> ocl_queue{"OCL_QUEUE"};
inline constexpr Property<gpu_handle_param> va_device{"VA_DEVICE"};
// Of a VA_SHARED context's get_params(): the path its surfaces take (read-only).
inline constexpr Property<VaSharingPath, PropertyMutability::RO> va_sharing_path{"GPU_VA_SHARING_PATH"};

// Tensor parameters.
inline constexpr Property<SharedMemType> shared_mem_type{"SHARED_MEM_TYPE"};
inline constexpr Property<gpu_handle_param> mem_handle{"MEM_HANDLE"};
inline constexpr Property<os_handle_param> os_handle{"OS_HANDLE"};
inline constexpr Property<void*> cpu_va{"CPU_VA"};
inline constexpr Property<int64_t> mem_size{"MEM_SIZE"};
inline constexpr Property<std::string> file_path{"FILE_PATH"};
inline constexpr Property<uint64_t> file_offset{"FILE_OFFSET"};
inline constexpr Property<AccessMode> file_access{"FILE_ACCESS"};
inline constexpr Property<uint32_t> dev_object_handle{"DEV_OBJECT_HANDLE"};
inline constexpr Property<uint32_t> va_plane{"VA_PLANE"};

// Typed handles for ocl::ClContext::create_tensor (OpenVINO 2026.4's names).

// An OS handle of memory another API allocated: on Linux a DMA-BUF file descriptor, imported
// without a copy (cl_khr_external_memory_dma_buf or ..._opaque_fd). The application keeps and
// closes its descriptor; the plugin imports a duplicate.
struct SharedBufferHandle {
  using value_type = os_handle_param;
  value_type handle = -1;
};

// A file the plugin maps (mmap) for the tensor's lifetime and wraps without a copy: `offset`
// bytes in, `access` READ (a private read-only view) or READ_WRITE (a shared mapping: outputs land
// in the file). The file must not shrink while the tensor lives.
struct FileDescriptor {
  std::filesystem::path path;
  std::size_t offset = 0;
  AccessMode access = AccessMode::READ;
};

// Host memory the application keeps alive (aligned allocations, an mmapped file), wrapped without
// a copy: `ptr` must be aligned to the device's base address alignment (at least 64 bytes) and
// `size` bytes (-1: the tensor's own size) must hold the tensor.
struct VirtualAddressMemory {
  void* ptr = nullptr;
  int64_t size = -1;
};

}  // namespace ferry::gpu
