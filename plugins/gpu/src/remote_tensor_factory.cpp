#include "remote_tensor_factory.hpp"

#include <CL/cl_ext.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>

#include "engine/cl_error.hpp"
#include "fd_import.hpp"
#include "ferry/base/exception.hpp"
#include "remote_context.hpp"
#include "va_surface_sharing.hpp"

namespace ferry::gpu {
namespace {

constexpr size_t kCpuPointerAlignment = 64;

// A file FileDescriptor names (FILE_PATH, FILE_OFFSET, FILE_ACCESS).
struct FileRequest {
  std::string path;
  uint64_t offset = 0;
  AccessMode access = AccessMode::READ;
};

// What create_tensor was asked for, read from its parameters.
struct TensorRequest {
  SharedMemType kind = SharedMemType::OCL_BUFFER;
  void* handle = nullptr;       // MEM_HANDLE
  void* cpu_pointer = nullptr;  // CPU_VA
  int64_t cpu_bytes = -1;       // MEM_SIZE: the bytes at CPU_VA, -1 the tensor's
  std::optional<int> fd;        // OS_HANDLE
  std::optional<FileRequest> file;
};

TensorRequest read_request(const RemoteContext& context, const AnyMap& params) {
  TensorRequest request;
  for (const auto& [key, value] : params) {
    if (key == shared_mem_type.name()) {
      request.kind = value.as<SharedMemType>();
    } else if (key == mem_handle.name()) {
      // Given, a handle must not be null: a null one would silently allocate instead of sharing.
      request.handle = value.as<void*>();
      FERRY_ASSERT(request.handle, context.describe(), ": create_tensor: MEM_HANDLE is null; pass the ",
                   "application's cl_mem or USM pointer, or leave MEM_HANDLE out to allocate");
    } else if (key == cpu_va.name()) {
      request.cpu_pointer = value.as<void*>();
      FERRY_ASSERT(request.cpu_pointer, context.describe(), ": create_tensor: CPU_VA is null");
    } else if (key == mem_size.name()) {
      request.cpu_bytes = value.as<int64_t>();
      FERRY_ASSERT(request.cpu_bytes >= -1, context.describe(), ": create_tensor: MEM_SIZE ", request.cpu_bytes,
                   " is negative; give the bytes at CPU_VA, or -1 for the tensor's");
    } else if (key == os_handle.name()) {
      request.fd = value.as<int>();
    } else if (key == file_path.name()) {
      if (!request.file) request.file.emplace();
      request.file->path = value.as<std::string>();
      FERRY_ASSERT(!request.file->path.empty(), context.describe(), ": create_tensor: FILE_PATH is empty");
    } else if (key == file_offset.name()) {
      if (!request.file) request.file.emplace();
      request.file->offset = value.as<uint64_t>();
    } else if (key == file_access.name()) {
      if (!request.file) request.file.emplace();
      request.file->access = value.as<AccessMode>();
    } else if (key == ocl_context.name()) {
      // get_params() of a tensor names its context: it must be this one.
      FERRY_ASSERT(value.as<void*>() == static_cast<void*>(context.cl()), context.describe(),
                   ": create_tensor: OCL_CONTEXT ", value.as<void*>(), " is another OpenCL context");
    } else {
      Exception::raise(context.describe(), ": create_tensor: unknown parameter '", key,
                       "' (known: ", shared_mem_type.name(), ", ", mem_handle.name(), ", ", cpu_va.name(), ", ",
                       mem_size.name(), ", ", os_handle.name(), ", ", file_path.name(), ", ", file_offset.name(), ", ",
                       file_access.name(), ", ", ocl_context.name(), ")");
    }
  }
  return request;
}

template <typename T>
T mem_info(cl_mem memory, cl_mem_info param, const RemoteContext& context) {
  T value{};
  cl_check(clGetMemObjectInfo(memory, param, sizeof(value), &value, nullptr), context.describe(),
           ": clGetMemObjectInfo of the cl_mem given to create_tensor");
  return value;
}

AnyMap tensor_params(const RemoteContext& context, SharedMemType kind, void* handle) {
  return {{shared_mem_type.name(), kind},
          {mem_handle.name(), handle},
          {ocl_context.name(), static_cast<void*>(context.cl())}};
}

// A cl_mem of the context, of the expected object type, of at least `bytes`.
void check_mem(const RemoteContext& context, cl_mem memory, cl_mem_object_type expected, size_t bytes) {
  FERRY_ASSERT(memory, context.describe(), ": create_tensor: MEM_HANDLE is null");
  const auto type = mem_info<cl_mem_object_type>(memory, CL_MEM_TYPE, context);
  FERRY_ASSERT(type == expected, context.describe(), ": create_tensor: the cl_mem ", static_cast<void*>(memory), " is ",
               type == CL_MEM_OBJECT_BUFFER ? "a buffer" : "an image or other memory object", ", not ",
               expected == CL_MEM_OBJECT_BUFFER ? "a buffer" : "a 2D image");
  const auto owner = mem_info<cl_context>(memory, CL_MEM_CONTEXT, context);
  FERRY_ASSERT(owner == context.cl(), context.describe(), ": create_tensor: the cl_mem ", static_cast<void*>(memory),
               " belongs to another OpenCL context (", static_cast<void*>(owner), ")");
  if (expected == CL_MEM_OBJECT_BUFFER) {
    const auto size = mem_info<size_t>(memory, CL_MEM_SIZE, context);
    FERRY_ASSERT(size >= bytes, context.describe(), ": create_tensor: the buffer ", static_cast<void*>(memory), " has ",
                 size, " bytes, the tensor needs ", bytes);
  }
}

std::shared_ptr<RemoteTensor> allocate_buffer(const std::shared_ptr<RemoteContext>& context, const element::Type& type,
                                              const Shape& shape, size_t bytes) {
  const auto& device = context->device_context();
  ClMem buffer = device->create_buffer(bytes, CL_MEM_READ_WRITE, nullptr, "a remote tensor");
  device->counters().remote += bytes;
  const auto counters = device;  // keeps the counters alive for the release
  void* handle = buffer.get();
  return std::make_shared<RemoteTensor>(context, type, shape, SharedMemType::OCL_BUFFER, std::move(buffer), bytes,
                                        tensor_params(*context, SharedMemType::OCL_BUFFER, handle),
                                        [counters, bytes] { counters->counters().remote -= bytes; });
}

// `kind`: OCL_BUFFER, or BUFFER_FROM_HANDLE for an imported buffer's get_params given back.
std::shared_ptr<RemoteTensor> wrap_buffer(const std::shared_ptr<RemoteContext>& context, const element::Type& type,
                                          const Shape& shape, size_t bytes, void* handle,
                                          SharedMemType kind = SharedMemType::OCL_BUFFER) {
  cl_mem memory = static_cast<cl_mem>(handle);
  check_mem(*context, memory, CL_MEM_OBJECT_BUFFER, bytes);
  return std::make_shared<RemoteTensor>(context, type, shape, kind, ClMem::retain(memory),
                                        mem_info<size_t>(memory, CL_MEM_SIZE, *context),
                                        tensor_params(*context, kind, handle));
}

// Bytes per pixel of an image format, or 0 for a format the tensor cannot describe.
size_t pixel_bytes(const cl_image_format& format, size_t& channels, size_t& channel_bytes) {
  switch (format.image_channel_order) {
    case CL_R:
    case CL_A:
    case CL_INTENSITY:
    case CL_LUMINANCE:
      channels = 1;
      break;
    case CL_RG:
    case CL_RA:
      channels = 2;
      break;
    case CL_RGB:
      channels = 3;
      break;
    case CL_RGBA:
    case CL_BGRA:
    case CL_ARGB:
      channels = 4;
      break;
    default:
      return 0;
  }
  switch (format.image_channel_data_type) {
    case CL_UNORM_INT8:
    case CL_SNORM_INT8:
    case CL_UNSIGNED_INT8:
    case CL_SIGNED_INT8:
      channel_bytes = 1;
      break;
    case CL_UNORM_INT16:
    case CL_SNORM_INT16:
    case CL_UNSIGNED_INT16:
    case CL_SIGNED_INT16:
    case CL_HALF_FLOAT:
      channel_bytes = 2;
      break;
    case CL_UNSIGNED_INT32:
    case CL_SIGNED_INT32:
    case CL_FLOAT:
      channel_bytes = 4;
      break;
    default:
      return 0;
  }
  return channels * channel_bytes;
}

// An image whose pixels, row by row, are the tensor's elements ({N, H, W, C} with N = 1 and
// C the channels, or any shape of the same count): its element size must be a channel's.
std::shared_ptr<RemoteTensor> wrap_image(const std::shared_ptr<RemoteContext>& context, const element::Type& type,
                                         const Shape& shape, void* handle) {
  cl_mem image = static_cast<cl_mem>(handle);
  check_mem(*context, image, CL_MEM_OBJECT_IMAGE2D, 0);
  cl_image_format format{};
  size_t width = 0, height = 0;
  cl_check(clGetImageInfo(image, CL_IMAGE_FORMAT, sizeof(format), &format, nullptr), "clGetImageInfo");
  cl_check(clGetImageInfo(image, CL_IMAGE_WIDTH, sizeof(width), &width, nullptr), "clGetImageInfo");
  cl_check(clGetImageInfo(image, CL_IMAGE_HEIGHT, sizeof(height), &height, nullptr), "clGetImageInfo");
  size_t channels = 0, channel_bytes = 0;
  FERRY_ASSERT(pixel_bytes(format, channels, channel_bytes), context->describe(), ": create_tensor: the image ", handle,
               " has a channel order or data type (0x", std::hex, format.image_channel_order, ", 0x",
               format.image_channel_data_type, std::dec, ") a tensor cannot describe");
  FERRY_ASSERT(type.size() == channel_bytes, context->describe(), ": create_tensor: the image ", handle, " has ",
               channel_bytes, "-byte channels, the tensor's element type ", type, " has ", type.size(), " bytes");
  FERRY_ASSERT(shape_size(shape) == width * height * channels, context->describe(), ": create_tensor: the image ",
               handle, " is ", width, "x", height, " with ", channels, " channel(s) (", width * height * channels,
               " elements), the tensor's shape ", shape, " has ", shape_size(shape));
  return std::make_shared<RemoteTensor>(context, type, shape, SharedMemType::OCL_IMAGE2D, ClMem::retain(image),
                                        width * height * channels * channel_bytes,
                                        tensor_params(*context, SharedMemType::OCL_IMAGE2D, handle));
}

// USM is cl_intel_unified_shared_memory where the device has it, else SVM: host USM is
// host-accessible (fine-grained SVM), device USM device-resident (coarse-grained SVM).
void require_svm(const RemoteContext& context, cl_device_svm_capabilities needed, const char* what) {
  const DeviceInfo& info = context.device_context()->info();
  FERRY_ASSERT((info.svm_capabilities & needed) == needed, context.describe(), ": ", what,
               " needs USM (cl_intel_unified_shared_memory) or ",
               needed & CL_DEVICE_SVM_FINE_GRAIN_BUFFER ? "fine-grained" : "coarse-grained", " SVM, and device ",
               info.name, " has neither");
}

// A buffer over the USM/SVM range [pointer, pointer + bytes): kernels read and write it in place.
ClMem buffer_over(const RemoteContext& context, void* pointer, size_t bytes) {
  return context.device_context()->create_buffer(bytes, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, pointer,
                                                 "a USM tensor");
}

// Allocates `bytes` of Intel USM (host or device) or SVM; returns the pointer and its release.
std::pair<void*, std::function<void()>> allocate_usm_memory(const RemoteContext& context, size_t bytes, bool host) {
  const auto device = context.device_context();
  const char* what = host ? "create_usm_host_tensor" : "create_usm_device_tensor";
  if (const IntelUsm* usm = device->intel_usm()) {
    const auto capabilities = host ? usm->host_capabilities : usm->device_capabilities;
    FERRY_ASSERT(capabilities & CL_UNIFIED_SHARED_MEMORY_ACCESS_INTEL, context.describe(), ": ", what, ": device ",
                 device->info().name, " has cl_intel_unified_shared_memory but no ", host ? "host" : "device",
                 " USM access");
    cl_int status = CL_SUCCESS;
    void* pointer = host ? usm->allocate_host(device->context(), bytes, &status)
                         : usm->allocate_device(device->context(), device->device(), bytes, &status);
    FERRY_ASSERT(pointer && status == CL_SUCCESS, context.describe(), ": ", what, ": ",
                 host ? "clHostMemAllocINTEL" : "clDeviceMemAllocINTEL", " of ", bytes, " bytes failed (",
                 cl_error_text(status), "; device ", device->info().name, " has ", device->info().global_mem_size,
                 " bytes)");
    return {pointer, [device, usm, pointer] { usm->free(device->context(), pointer); }};
  }
  require_svm(context, host ? CL_DEVICE_SVM_FINE_GRAIN_BUFFER : CL_DEVICE_SVM_COARSE_GRAIN_BUFFER, what);
  const cl_svm_mem_flags flags = CL_MEM_READ_WRITE | (host ? CL_MEM_SVM_FINE_GRAIN_BUFFER : 0);
  void* pointer = clSVMAlloc(device->context(), flags, bytes, 0);
  FERRY_ASSERT(pointer, context.describe(), ": ", what, ": clSVMAlloc of ", bytes, " bytes failed (device ",
               device->info().name, " has ", device->info().global_mem_size, " bytes)");
  // OpenCL cannot be asked about SVM pointers: the context remembers its own.
  device->svm_allocations().add(pointer, bytes);
  return {pointer, [device, pointer] {
            device->svm_allocations().remove(pointer);
            clSVMFree(device->context(), pointer);
          }};
}

std::shared_ptr<RemoteTensor> allocate_usm(const std::shared_ptr<RemoteContext>& context, const element::Type& type,
                                           const Shape& shape, size_t bytes, SharedMemType kind) {
  const size_t allocated = std::max<size_t>(bytes, 1);
  auto [pointer, free_memory] = allocate_usm_memory(*context, allocated, kind == SharedMemType::USM_HOST_BUFFER);
  const auto device = context->device_context();
  device->counters().remote += bytes;
  const auto release = [device, bytes, free_memory = std::move(free_memory)] {
    free_memory();
    device->counters().remote -= bytes;
  };
  ClMem buffer;
  try {
    buffer = buffer_over(*context, pointer, allocated);
  } catch (...) {
    release();
    throw;
  }
  return std::make_shared<RemoteTensor>(context, type, shape, kind, std::move(buffer), bytes,
                                        tensor_params(*context, kind, pointer), release);
}

// A USM pointer of this context: with Intel USM, anywhere inside any of the context's host,
// device or shared allocations on this device (the application's own included); with SVM, inside
// one of the context's USM tensors (OpenCL cannot be asked about other SVM pointers).
std::shared_ptr<RemoteTensor> wrap_usm(const std::shared_ptr<RemoteContext>& context, const element::Type& type,
                                       const Shape& shape, size_t bytes, void* pointer, SharedMemType kind) {
  FERRY_ASSERT(pointer, context->describe(), ": create_tensor: the USM pointer is null");
  const auto device = context->device_context();
  const size_t used = std::max<size_t>(bytes, 1);
  if (const IntelUsm* usm = device->intel_usm()) {
    const IntelUsm::Allocation allocation = usm->find(device->context(), pointer);
    FERRY_ASSERT(allocation.type != CL_MEM_TYPE_UNKNOWN_INTEL, context->describe(), ": create_tensor: the pointer ",
                 pointer, " is not inside a USM allocation of this context (clGetMemAllocInfoINTEL does not know it)");
    FERRY_ASSERT(!allocation.device || allocation.device == device->device(), context->describe(),
                 ": create_tensor: the USM pointer ", pointer, " belongs to another device");
    const auto offset = static_cast<const char*>(pointer) - static_cast<const char*>(allocation.base);
    FERRY_ASSERT(offset + used <= allocation.size, context->describe(), ": create_tensor: the USM pointer ", pointer,
                 " is ", offset, " bytes into an allocation of ", allocation.size, " bytes; the tensor needs ", bytes);
  } else {
    require_svm(*context, CL_DEVICE_SVM_COARSE_GRAIN_BUFFER, "a USM pointer");
    const auto [base, size] = device->svm_allocations().find(pointer, used);
    FERRY_ASSERT(base, context->describe(), ": create_tensor: the USM pointer ", pointer, " (", bytes,
                 " bytes) is not inside a USM allocation of this context (on SVM devices, allocations made with "
                 "create_usm_host_tensor / create_usm_device_tensor)");
  }
  return std::make_shared<RemoteTensor>(context, type, shape, kind, buffer_over(*context, pointer, used), bytes,
                                        tensor_params(*context, kind, pointer));
}

// The alignment a host pointer needs to be used in place: the device's base address alignment
// (CL_DEVICE_MEM_BASE_ADDR_ALIGN, e.g. 128 bytes on PoCL, 512 or 4096 on discrete GPUs), and at
// least a cache line.
size_t host_pointer_alignment(const RemoteContext& context) {
  return std::max<size_t>(kCpuPointerAlignment, context.device_context()->info().mem_base_addr_align_bits / 8);
}

// Host memory the application keeps alive, used in place (CL_MEM_USE_HOST_PTR). `handle`: the
// buffer an earlier tensor made over it (its get_params given back), or null for a new one.
// `available`: the bytes at `pointer` (-1: the tensor's); `flags`: the buffer's access;
// `params`: what get_params adds (a file's path); `release`: what the tensor owns (a mapping).
std::shared_ptr<RemoteTensor> wrap_cpu_pointer(const std::shared_ptr<RemoteContext>& context, const element::Type& type,
                                               const Shape& shape, size_t bytes, void* pointer, void* handle,
                                               int64_t available, cl_mem_flags flags = CL_MEM_READ_WRITE,
                                               AnyMap params = {}, std::function<void()> release = {}) {
  const std::string who = context->describe() + ": create_tensor (CPU_VA)";
  FERRY_ASSERT(pointer, who, ": the pointer (CPU_VA) is null");
  const size_t alignment = host_pointer_alignment(*context);
  const auto offset = reinterpret_cast<uintptr_t>(pointer) % alignment;
  FERRY_ASSERT(offset == 0, who, ": the pointer ", pointer, " is not aligned to ", alignment, " bytes (it is ", offset,
               " bytes past a boundary); device ", context->device_context()->info().name,
               " uses host memory in place only at its base address alignment");
  FERRY_ASSERT(available < 0 || static_cast<uint64_t>(available) >= bytes, who, ": the range of ", available,
               " bytes at ", pointer, " (MEM_SIZE) is smaller than the tensor's ", bytes, " bytes (", type, " ", shape,
               ")");
  ClMem buffer;
  if (handle) {
    cl_mem memory = static_cast<cl_mem>(handle);
    check_mem(*context, memory, CL_MEM_OBJECT_BUFFER, bytes);
    FERRY_ASSERT(mem_info<void*>(memory, CL_MEM_HOST_PTR, *context) == pointer, context->describe(),
                 ": create_tensor: the buffer ", handle, " is not over the CPU_VA pointer ", pointer);
    buffer = ClMem::retain(memory);
  } else {
    buffer = context->device_context()->create_buffer(std::max<size_t>(bytes, 1), flags | CL_MEM_USE_HOST_PTR, pointer,
                                                      "a tensor over host memory");
  }
  AnyMap all = tensor_params(*context, SharedMemType::CPU_VA, buffer.get());
  all[cpu_va.name()] = pointer;
  for (auto& [key, value] : params) all[key] = std::move(value);
  return std::make_shared<RemoteTensor>(context, type, shape, SharedMemType::CPU_VA, std::move(buffer), bytes,
                                        std::move(all), std::move(release));
}

// A file mapped for the tensor's lifetime and used in place (FileDescriptor). The descriptor is
// closed once the file is mapped; the mapping is unmapped when the tensor goes.
std::shared_ptr<RemoteTensor> map_file(const std::shared_ptr<RemoteContext>& context, const element::Type& type,
                                       const Shape& shape, size_t bytes, const FileRequest& file) {
  const std::string who = context->describe() + ": create_tensor (FILE_PATH '" + file.path + "')";
  const size_t alignment = host_pointer_alignment(*context);
  FERRY_ASSERT(file.offset % alignment == 0, who, ": the offset ", file.offset, " is not a multiple of ", alignment,
               " bytes, the device's base address alignment, so the file cannot be used in place");
  const bool writes = file.access == AccessMode::READ_WRITE;
  const int fd = open(file.path.c_str(), (writes ? O_RDWR : O_RDONLY) | O_CLOEXEC);
  FERRY_ASSERT(fd >= 0, who, ": cannot open the file for ", file.access, " (", std::strerror(errno), ")");
  struct stat info {};
  const bool stated = fstat(fd, &info) == 0;
  const uint64_t size = stated ? static_cast<uint64_t>(info.st_size) : 0;
  if (!stated || file.offset > size || size - file.offset < bytes) {
    close(fd);
    Exception::raise(who, ": the file has ", size, " bytes; from offset ", file.offset, " the tensor's ", bytes,
                     " bytes (", type, " ", shape, ") do not fit");
  }
  // mmap's offset is a multiple of the page size: map from the page the range starts in.
  const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  const uint64_t start = file.offset / page * page;
  const size_t length = std::max<size_t>(file.offset - start + bytes, 1);
  void* mapping =
      mmap(nullptr, length, PROT_READ | PROT_WRITE, writes ? MAP_SHARED : MAP_PRIVATE, fd, static_cast<off_t>(start));
  const int mapped_errno = errno;
  close(fd);
  FERRY_ASSERT(mapping != MAP_FAILED, who, ": mmap of ", length, " bytes failed (", std::strerror(mapped_errno), ")");
  const auto unmap_file = [mapping, length] { munmap(mapping, length); };
  try {
    AnyMap params = {
        {file_path.name(), file.path}, {file_offset.name(), file.offset}, {file_access.name(), file.access}};
    return wrap_cpu_pointer(context, type, shape, bytes, static_cast<char*>(mapping) + (file.offset - start), nullptr,
                            -1, writes ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY, std::move(params), unmap_file);
  } catch (...) {
    unmap_file();
    throw;
  }
}

// Memory another API (CUDA, Vulkan...) exported as an opaque file descriptor or DMA-BUF.
std::shared_ptr<RemoteTensor> import_fd(const std::shared_ptr<RemoteContext>& context, const element::Type& type,
                                        const Shape& shape, size_t bytes, std::optional<int> fd) {
  FERRY_ASSERT(fd, context->describe(), ": create_tensor: BUFFER_FROM_HANDLE needs OS_HANDLE, a file descriptor");
  FERRY_ASSERT(*fd >= 0, context->describe(), ": create_tensor: OS_HANDLE ", *fd,
               " is not a file descriptor (SharedBufferHandle is invalid)");
  struct stat stats {};
  FERRY_ASSERT(fstat(*fd, &stats) == 0, context->describe(), ": create_tensor: OS_HANDLE ", *fd,
               " is not an open file descriptor (", std::strerror(errno), ")");
  // A DMA-BUF's (or memfd's) size is its st_size; opaque descriptors report none, and the driver
  // checks those.
  FERRY_ASSERT(stats.st_size <= 0 || static_cast<uint64_t>(stats.st_size) >= bytes, context->describe(),
               ": create_tensor: the memory of OS_HANDLE ", *fd, " has ", stats.st_size, " bytes, smaller than the ",
               "tensor's ", bytes, " bytes (", type, " ", shape, ")");
  const DeviceInfo& info = context->device_context()->info();
  cl_mem_properties handle_type = 0;
  if (info.has_extension("cl_khr_external_memory_opaque_fd")) {
    handle_type = CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR;
  } else if (info.has_extension("cl_khr_external_memory_dma_buf")) {
    handle_type = CL_EXTERNAL_MEMORY_HANDLE_DMA_BUF_KHR;
  }
  FERRY_ASSERT(handle_type, context->describe(),
               ": create_tensor: importing a file descriptor needs "
               "cl_khr_external_memory_opaque_fd or cl_khr_external_memory_dma_buf, and device ",
               info.name, " has neither");
  // As with Vulkan's opaque descriptors, the application keeps (and closes) its own descriptor.
  ClMem buffer = import_fd_buffer(context->cl(), context->device_context()->device(), handle_type, *fd,
                                  CL_MEM_READ_WRITE, bytes, context->describe() + ": create_tensor: OS_HANDLE");
  void* handle = buffer.get();
  return std::make_shared<RemoteTensor>(context, type, shape, SharedMemType::BUFFER_FROM_HANDLE, std::move(buffer),
                                        bytes, tensor_params(*context, SharedMemType::BUFFER_FROM_HANDLE, handle));
}

}  // namespace

std::shared_ptr<RemoteTensor> make_remote_tensor(const std::shared_ptr<RemoteContext>& context,
                                                 const element::Type& type, const Shape& shape, const AnyMap& params) {
  FERRY_ASSERT(type.is_static(), context->describe(), ": create_tensor: element type ", type, " is not a static type");
  if (is_va_surface_request(params)) return make_va_surface_tensor(context, type, shape, params);
  const TensorRequest request = read_request(*context, params);
  const size_t bytes = byte_size(type, shape_size(shape));
  switch (request.kind) {
    case SharedMemType::OCL_BUFFER:
      return request.handle ? wrap_buffer(context, type, shape, bytes, request.handle)
                            : allocate_buffer(context, type, shape, bytes);
    case SharedMemType::OCL_IMAGE2D:
      FERRY_ASSERT(request.handle, context->describe(),
                   ": create_tensor: OCL_IMAGE2D needs MEM_HANDLE, a cl_mem image");
      return wrap_image(context, type, shape, request.handle);
    case SharedMemType::USM_USER_BUFFER:
      return wrap_usm(context, type, shape, bytes, request.handle, request.kind);
    case SharedMemType::USM_HOST_BUFFER:
    case SharedMemType::USM_DEVICE_BUFFER:
      return request.handle ? wrap_usm(context, type, shape, bytes, request.handle, request.kind)
                            : allocate_usm(context, type, shape, bytes, request.kind);
    case SharedMemType::CPU_VA:
      if (request.file && !request.cpu_pointer) return map_file(context, type, shape, bytes, *request.file);
      return wrap_cpu_pointer(context, type, shape, bytes, request.cpu_pointer, request.handle, request.cpu_bytes);
    case SharedMemType::BUFFER_FROM_HANDLE:
      if (request.handle) return wrap_buffer(context, type, shape, bytes, request.handle, request.kind);
      return import_fd(context, type, shape, bytes, request.fd);
    case SharedMemType::VA_SURFACE:
      break;
  }
  Exception::raise(context->describe(), ": create_tensor: SHARED_MEM_TYPE ", request.kind,
                   " is not supported by an OCL context (VA-API surfaces need a VA_SHARED context)");
}

}  // namespace ferry::gpu
