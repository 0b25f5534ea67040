// cl_khr_external_memory_dma_buf on PoCL, for tests of the plugin's DMA-BUF paths: PoCL lacks the
// extension, and no OpenCL implementation here has it. The test executable exports two OpenCL
// entry points that the plugin (loaded later) binds before the ICD loader's: clGetDeviceInfo adds
// the extension to every device's CL_DEVICE_EXTENSIONS, and clCreateBufferWithProperties imports
// a DMA-BUF fd (here a memfd, as the test VA driver exports) as a buffer over its mapping
// (CL_MEM_USE_HOST_PTR: PoCL's buffers are host memory anyway). Everything else is passed on.

#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <string>

namespace {

constexpr char kExtension[] = " cl_khr_external_memory_dma_buf";

template <typename Function>
Function next(Function, const char* name) {
  return reinterpret_cast<Function>(dlsym(RTLD_NEXT, name));
}

// The fd a DMA-BUF import names, or -1.
int dma_buf_fd(const cl_mem_properties* properties) {
  for (const cl_mem_properties* p = properties; p && *p; p += 2)
    if (*p == CL_EXTERNAL_MEMORY_HANDLE_DMA_BUF_KHR) return static_cast<int>(p[1]);
  return -1;
}

void CL_CALLBACK unmap(cl_mem, void* mapping) {
  size_t bytes = 0;
  std::memcpy(&bytes, static_cast<char*>(mapping) - sizeof(bytes), sizeof(bytes));
  munmap(static_cast<char*>(mapping) - 4096, bytes + 4096);
}

}  // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info name, size_t size, void* value,
                                                size_t* size_ret) CL_API_SUFFIX__VERSION_1_0 {
  static const auto real = next(&clGetDeviceInfo, "clGetDeviceInfo");
  if (name != CL_DEVICE_EXTENSIONS) return real(device, name, size, value, size_ret);
  size_t length = 0;
  cl_int status = real(device, name, 0, nullptr, &length);
  if (status != CL_SUCCESS) return status;
  std::string extensions(length, '\0');
  status = real(device, name, length, extensions.data(), nullptr);
  if (status != CL_SUCCESS) return status;
  extensions.resize(std::strlen(extensions.c_str()));
  if (extensions.find(kExtension + 1) == std::string::npos) extensions += kExtension;
  if (size_ret) *size_ret = extensions.size() + 1;
  if (!value) return CL_SUCCESS;
  if (size < extensions.size() + 1) return CL_INVALID_VALUE;
  std::memcpy(value, extensions.c_str(), extensions.size() + 1);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context context, const cl_mem_properties* properties,
                                                             cl_mem_flags flags, size_t size, void* host_ptr,
                                                             cl_int* status) CL_API_SUFFIX__VERSION_3_0 {
  static const auto real = next(&clCreateBufferWithProperties, "clCreateBufferWithProperties");
  const int fd = dma_buf_fd(properties);
  if (fd < 0) return real(context, properties, flags, size, host_ptr, status);
  // A page before the mapping keeps its size for the destructor callback.
  void* pages = mmap(nullptr, size + 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  void* mapping = pages == MAP_FAILED ? MAP_FAILED
                                      : mmap(static_cast<char*>(pages) + 4096, size, PROT_READ | PROT_WRITE,
                                             MAP_SHARED | MAP_FIXED, fd, 0);
  if (mapping == MAP_FAILED) {
    if (pages != MAP_FAILED) munmap(pages, size + 4096);
    if (status) *status = CL_INVALID_VALUE;
    return nullptr;
  }
  std::memcpy(static_cast<char*>(mapping) - sizeof(size), &size, sizeof(size));
  close(fd);  // an import owns the descriptor it is given: the mapping keeps the memory
  cl_mem buffer = clCreateBuffer(context, flags | CL_MEM_USE_HOST_PTR, size, mapping, status);
  if (buffer) clSetMemObjectDestructorCallback(buffer, unmap, mapping);
  return buffer;
}

}  // extern "C"
