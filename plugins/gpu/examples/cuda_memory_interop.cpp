// Memory from another API, without a copy: CUDA allocates the model's input and output on the
// GPU and exports them as file descriptors (the driver's shareable handles); Ferry imports them
// as remote tensors (cl_khr_external_memory_opaque_fd) and runs the model on them in place. Where
// the OpenCL driver lacks the extension (PoCL), Ferry's refusal is shown instead.
//
//   cuda_memory_interop [plugins.xml]
//
// The CUDA driver API is loaded at run time (libcuda.so.1), so the example builds without CUDA.

#include <dirent.h>
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "example_model.hpp"
#include "ferry/gpu/ocl/ocl.hpp"

namespace {

// The few CUDA driver API declarations used (cuda.h, CUDA 11 and later).
using CUresult = int;
using CUdeviceptr = unsigned long long;
using CUmemHandle = unsigned long long;
struct CUmemLocation {
  int type;  // CU_MEM_LOCATION_TYPE_DEVICE = 1
  int id;
};
struct CUmemAllocationProp {
  int type;                  // CU_MEM_ALLOCATION_TYPE_PINNED = 1
  int requestedHandleTypes;  // CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 1
  CUmemLocation location;
  void* win32HandleMetaData;
  struct {
    unsigned char compressionType, gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
};
struct CUmemAccessDesc {
  CUmemLocation location;
  int flags;  // CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3
};

struct Cuda {
  void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  template <typename F>
  F get(const char* name) const {
    return reinterpret_cast<F>(dlsym(library, name));
  }
};

void check(CUresult result, const char* call) {
  if (result != 0) throw std::runtime_error(std::string(call) + " failed with CUresult " + std::to_string(result));
}

size_t open_descriptors() {
  size_t count = 0;
  if (DIR* dir = opendir("/proc/self/fd")) {
    while (readdir(dir)) ++count;
    closedir(dir);
  }
  return count;
}

// One exported CUDA allocation of `bytes` (a multiple of the granularity), mapped at `pointer`.
struct CudaBuffer {
  CUmemHandle handle = 0;
  CUdeviceptr pointer = 0;
  int fd = -1;
};

CudaBuffer cuda_buffer(const Cuda& cuda, size_t bytes) {
  CUmemAllocationProp prop{};
  prop.type = 1;
  prop.requestedHandleTypes = 1;
  prop.location = {1, 0};
  CudaBuffer buffer;
  check(cuda.get<CUresult (*)(CUmemHandle*, size_t, const CUmemAllocationProp*, unsigned long long)>("cuMemCreate")(
            &buffer.handle, bytes, &prop, 0),
        "cuMemCreate");
  check(cuda.get<CUresult (*)(void*, CUmemHandle, int, unsigned long long)>("cuMemExportToShareableHandle")(
            &buffer.fd, buffer.handle, 1, 0),
        "cuMemExportToShareableHandle");
  check(cuda.get<CUresult (*)(CUdeviceptr*, size_t, size_t, CUdeviceptr, unsigned long long)>("cuMemAddressReserve")(
            &buffer.pointer, bytes, 0, 0, 0),
        "cuMemAddressReserve");
  check(cuda.get<CUresult (*)(CUdeviceptr, size_t, size_t, CUmemHandle, unsigned long long)>("cuMemMap")(
            buffer.pointer, bytes, 0, buffer.handle, 0),
        "cuMemMap");
  const CUmemAccessDesc access{{1, 0}, 3};
  check(cuda.get<CUresult (*)(CUdeviceptr, size_t, const CUmemAccessDesc*, size_t)>("cuMemSetAccess")(
            buffer.pointer, bytes, &access, 1),
        "cuMemSetAccess");
  return buffer;
}

void release(const Cuda& cuda, const CudaBuffer& buffer, size_t bytes) {
  cuda.get<CUresult (*)(CUdeviceptr, size_t)>("cuMemUnmap")(buffer.pointer, bytes);
  cuda.get<CUresult (*)(CUdeviceptr, size_t)>("cuMemAddressFree")(buffer.pointer, bytes);
  cuda.get<CUresult (*)(CUmemHandle)>("cuMemRelease")(buffer.handle);
  close(buffer.fd);
}

// Without CUDA: a memfd stands in for the descriptor, and Ferry says what the device lacks.
int show_refusal(ferry::gpu::ocl::ClContext& context) {
  const int fd = memfd_create("ferry-example", 0);
  try {
    context.create_tensor_from_fd(ferry::element::f32, {4}, fd);
    std::printf("cuda_memory_interop: no CUDA driver; the device imported a memfd\n");
  } catch (const ferry::Exception& error) {
    std::printf("cuda_memory_interop: no CUDA driver here; importing a descriptor: %s\n", error.what());
  }
  close(fd);
  return 0;
}

}  // namespace

int main(int argc, char** argv) try {
  ferry::Core core = example::make_core(argc, argv);
  auto context = core.get_default_context("GPU").as<ferry::gpu::ocl::ClContext>();
  Cuda cuda;
  if (!cuda.library || cuda.get<CUresult (*)(unsigned)>("cuInit")(0) != 0) return show_refusal(context);

  int device = 0;
  void* cuda_context = nullptr;
  check(cuda.get<CUresult (*)(int*, int)>("cuDeviceGet")(&device, 0), "cuDeviceGet");
  check(cuda.get<CUresult (*)(void**, int)>("cuDevicePrimaryCtxRetain")(&cuda_context, device),
        "cuDevicePrimaryCtxRetain");
  check(cuda.get<CUresult (*)(void*)>("cuCtxSetCurrent")(cuda_context), "cuCtxSetCurrent");
  CUmemAllocationProp prop{};
  prop.type = 1;
  prop.requestedHandleTypes = 1;
  prop.location = {1, 0};
  size_t granularity = 0;
  check(cuda.get<CUresult (*)(size_t*, const CUmemAllocationProp*, int)>("cuMemGetAllocationGranularity")(&granularity,
                                                                                                          &prop, 0),
        "cuMemGetAllocationGranularity");

  // The tensors fill whole allocations: [granularity / 1 KiB, 256] f32.
  const size_t bytes = granularity;
  const ferry::Shape shape{bytes / sizeof(float) / 256, 256};
  const size_t count = ferry::shape_size(shape);
  std::vector<float> x(count), y(count);
  for (size_t i = 0; i < count; ++i) x[i] = static_cast<float>(i % 17) - 8.0f;
  const size_t descriptors_before = open_descriptors();
  const CudaBuffer input = cuda_buffer(cuda, bytes), output = cuda_buffer(cuda, bytes);
  check(cuda.get<CUresult (*)(CUdeviceptr, const void*, size_t)>("cuMemcpyHtoD_v2")(input.pointer, x.data(), bytes),
        "cuMemcpyHtoD");
  check(cuda.get<CUresult (*)()>("cuCtxSynchronize")(), "cuCtxSynchronize");
  {
    ferry::CompiledModel compiled = core.compile_model(example::relu_model(shape), context);
    ferry::InferRequest request = compiled.create_infer_request();
    request.set_tensor("x", context.create_tensor_from_fd(ferry::element::f32, shape, input.fd));
    request.set_tensor("y", context.create_tensor_from_fd(ferry::element::f32, shape, output.fd));
    const uint64_t copied_before = core.get_property("GPU", ferry::gpu::copied_bytes);
    request.infer();
    std::printf("cuda_memory_interop: %llu bytes moved between host and device by the inference\n",
                static_cast<unsigned long long>(core.get_property("GPU", ferry::gpu::copied_bytes) - copied_before));
  }
  check(cuda.get<CUresult (*)(void*, CUdeviceptr, size_t)>("cuMemcpyDtoH_v2")(y.data(), output.pointer, bytes),
        "cuMemcpyDtoH");
  release(cuda, input, bytes);
  release(cuda, output, bytes);
  std::printf("cuda_memory_interop: open file descriptors before %zu, after %zu\n", descriptors_before,
              open_descriptors());
  return example::check(x, y, "cuda_memory_interop");
} catch (const std::exception& error) {
  std::printf("cuda_memory_interop: %s\n", error.what());
  return 1;
}
