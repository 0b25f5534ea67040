// The typed handles of ClContext::create_tensor (OpenVINO 2026.4's VirtualAddressMemory,
// FileDescriptor, SharedBufferHandle): each tensor aliases the application's memory (written
// through the pointer, the file or the descriptor, read by inference; written by inference, read
// there after the request waits, a second time with new values so a tensor that had copied the
// memory once fails), GPU_COPIED_BYTES unchanged on a device with unified memory, bad handles
// and ranges refused by name, and no descriptor, mapping or cl_mem reference left behind.
// Linked with tests/dma_buf_import, which gives PoCL cl_khr_external_memory_dma_buf (a memfd
// stands in for a DMA-BUF).

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/app_opencl.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/remote_test_model.hpp"

namespace ferry::gpu::test {
namespace {

using ocl::ClBufferTensor;
using ocl::ClContext;

constexpr size_t kBytes = 16 * sizeof(float);  // kRemoteShape f32

size_t open_descriptors() {
  size_t count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) ++count;
  return count;
}

bool mapped(const std::string& path) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line))
    if (line.find(path) != std::string::npos) return true;
  return false;
}

std::string temp_path(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  return std::string(tmp ? tmp : "/tmp") + "/" + name;
}

// A file of `header` zero bytes followed by `values`.
void write_file(const std::string& path, size_t header, const std::vector<float>& values) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::string zeros(header, '\0');
  out.write(zeros.data(), static_cast<std::streamsize>(zeros.size()));
  out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(float)));
}

std::vector<float> read_file(const std::string& path, size_t offset, size_t count) {
  std::vector<float> values(count);
  const int fd = open(path.c_str(), O_RDONLY);
  EXPECT_EQ(pread(fd, values.data(), count * sizeof(float), static_cast<off_t>(offset)),
            static_cast<ssize_t>(count * sizeof(float)));
  close(fd);
  return values;
}

class GpuTypedHandles : public ::testing::Test {
 protected:
  GpuTypedHandles()
      : core(make_core()),
        context(core.get_default_context("GPU").as<ClContext>()),
        compiled(core.compile_model(make_remote_test_model(), context)),
        request(compiled.create_infer_request()),
        x(remote_test_input(5)),
        x2(remote_test_input(6)) {
    cl_device_id device = device_of_default_context(core);
    cl_uint bits = 0;
    clGetDeviceInfo(device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(bits), &bits, nullptr);
    alignment = std::max<size_t>(64, bits / 8);
    cl_bool unified_memory = CL_FALSE;
    clGetDeviceInfo(device, CL_DEVICE_HOST_UNIFIED_MEMORY, sizeof(unified_memory), &unified_memory, nullptr);
    unified = unified_memory == CL_TRUE;
  }

  uint64_t copied() { return core.get_property("GPU", copied_bytes); }
  uint64_t remote_bytes() { return core.get_property("GPU", memory_statistics).at("remote"); }

  // Infers with x and z given, y a plugin buffer; returns the host <-> device bytes it moved:
  // none where the device's memory is the host's, else the driver's copies of the host memory
  // (counted: input and output, once each).
  uint64_t infer(const Tensor& input, const Tensor& z) {
    request.set_tensor("x", input);
    request.set_tensor("y", context.create_tensor(element::f32, kRemoteShape));
    request.set_tensor("z", z);
    const uint64_t before = copied();
    request.start_async();
    request.wait();
    return copied() - before;
  }
  uint64_t expected_moved(size_t host_tensors) const { return unified ? 0 : host_tensors * kBytes; }

  Core core;
  ClContext context;
  CompiledModel compiled;
  InferRequest request;
  std::vector<float> x, x2;
  size_t alignment = 64;
  bool unified = false;
};

TEST_F(GpuTypedHandles, HostMemoryIsUsedInPlaceBothWays) {
  float* in = static_cast<float*>(std::aligned_alloc(4096, 4096));
  float* out = static_cast<float*>(std::aligned_alloc(4096, 4096));
  {
    ClBufferTensor input = context.create_tensor(element::f32, kRemoteShape, VirtualAddressMemory{in, 4096});
    ClBufferTensor z = context.create_tensor(element::f32, kRemoteShape, VirtualAddressMemory{out, -1});
    EXPECT_EQ(input.get_params().at(cpu_va.name()).as<void*>(), static_cast<void*>(in));
    EXPECT_EQ(input.get_params().at(shared_mem_type.name()).as<SharedMemType>(), SharedMemType::CPU_VA);
    cl_mem handle = input.get();
    void* host_ptr = nullptr;
    clGetMemObjectInfo(handle, CL_MEM_HOST_PTR, sizeof(host_ptr), &host_ptr, nullptr);
    EXPECT_EQ(host_ptr, static_cast<void*>(in));
    for (const auto& values : {x, x2}) {  // the second round: the same tensors, new values at the pointer
      std::copy(values.begin(), values.end(), in);
      std::fill(out, out + 16, -1.0f);
      EXPECT_EQ(infer(input, z), expected_moved(2));
      EXPECT_EQ(std::vector<float>(out, out + 16), expected_z(values)) << "inference's output is not at the pointer";
    }
    request = InferRequest();
    EXPECT_EQ(reference_count(handle), 1u);  // the tensor's own
  }
  std::free(in);
  std::free(out);
}

TEST_F(GpuTypedHandles, MisalignedNullAndShortHostRangesAreRefused) {
  const uint64_t remote_before = remote_bytes();
  char* memory = static_cast<char*>(std::aligned_alloc(4096, 8192));
  EXPECT_ERROR_CONTAINS(
      context.create_tensor(element::f32, kRemoteShape, VirtualAddressMemory{memory + alignment / 2, 4096}),
      "is not aligned to " + std::to_string(alignment) + " bytes");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, VirtualAddressMemory{memory, 32}),
                        "the range of 32 bytes at");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, VirtualAddressMemory{memory, 32}),
                        "is smaller than the tensor's 64 bytes");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, VirtualAddressMemory{}),
                        "create_tensor: CPU_VA is null");
  // The low-level keys say the same.
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape,
                                              AnyMap{{shared_mem_type.name(), SharedMemType::CPU_VA},
                                                     {cpu_va.name(), static_cast<void*>(memory)},
                                                     {mem_size.name(), int64_t{8}}}),
                        "the range of 8 bytes");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, VirtualAddressMemory{memory, -2}),
                        "MEM_SIZE -2 is negative");
  EXPECT_EQ(remote_bytes(), remote_before);
  std::free(memory);
}

TEST_F(GpuTypedHandles, FilesAreMappedAndUsedInPlace) {
  const std::string in_path = temp_path("typed_handles_in.bin"), out_path = temp_path("typed_handles_out.bin");
  write_file(in_path, 4096, x);  // the tensor's data after a 4096-byte header
  write_file(out_path, 0, std::vector<float>(16, -1.0f));
  const size_t descriptors = open_descriptors();
  {
    ClBufferTensor input = context.create_tensor(element::f32, kRemoteShape, FileDescriptor{in_path, 4096});
    ClBufferTensor z =
        context.create_tensor(element::f32, kRemoteShape, FileDescriptor{out_path, 0, AccessMode::READ_WRITE});
    EXPECT_EQ(open_descriptors(), descriptors) << "the files' descriptors stay open";
    EXPECT_TRUE(mapped(in_path));
    EXPECT_EQ(input.get_params().at(file_path.name()).as<std::string>(), in_path);
    EXPECT_EQ(infer(input, z), expected_moved(2));
    EXPECT_EQ(read_file(out_path, 0, 16), expected_z(x)) << "inference's output did not reach the file";
    // New values written into the file reach the next inference: the tensor reads the mapping.
    // Not on a discrete GPU: its driver pins the host pages, which copies a private (READ)
    // mapping's pages on the spot (seen on the H200), so the tensor keeps the file as it was.
    if (unified) {
      std::ofstream(in_path, std::ios::binary | std::ios::in | std::ios::out)
          .seekp(4096)
          .write(reinterpret_cast<const char*>(x2.data()), kBytes);
      EXPECT_EQ(infer(input, z), expected_moved(2));
      EXPECT_EQ(read_file(out_path, 0, 16), expected_z(x2));
    } else {
      write_file(out_path, 0, std::vector<float>(16, -1.0f));
      EXPECT_EQ(infer(input, z), expected_moved(2));
      EXPECT_EQ(read_file(out_path, 0, 16), expected_z(x)) << "the output file is written by every inference";
    }
    request = InferRequest();
  }
  EXPECT_FALSE(mapped(in_path)) << "the file stays mapped after its tensor is gone";
  EXPECT_FALSE(mapped(out_path));
  EXPECT_EQ(open_descriptors(), descriptors);
}

TEST_F(GpuTypedHandles, BadFilesAreRefusedByName) {
  const std::string path = temp_path("typed_handles_small.bin");
  write_file(path, 0, std::vector<float>(8, 0.0f));  // 32 bytes
  const size_t descriptors = open_descriptors();
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, FileDescriptor{path}),
                        "the file has 32 bytes; from offset 0 the tensor's 64 bytes");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, FileDescriptor{path, alignment / 2}),
                        "the offset " + std::to_string(alignment / 2) + " is not a multiple of");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, FileDescriptor{path + ".missing"}),
                        "cannot open the file for READ");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, FileDescriptor{}), "FILE_PATH is empty");
  EXPECT_EQ(open_descriptors(), descriptors);
  EXPECT_FALSE(mapped(path));
}

// A memfd of `bytes`, mapped for the test to write and read.
struct SharedMemory {
  int fd;
  float* values;
  size_t bytes;
  explicit SharedMemory(size_t size) : fd(memfd_create("typed_handles", MFD_CLOEXEC)), bytes(size) {
    EXPECT_EQ(ftruncate(fd, static_cast<off_t>(bytes)), 0);
    values = static_cast<float*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
  }
  ~SharedMemory() {
    munmap(values, bytes);
    close(fd);
  }
};

TEST_F(GpuTypedHandles, SharedBufferHandlesAreImportedInPlace) {
  // A memfd is a DMA-BUF only to this test's stand-in for PoCL's missing import; a real driver
  // imports descriptors its own API exported (the cuda_memory_interop example on NVIDIA).
  if (!unified) GTEST_SKIP() << "a memfd is not importable by a discrete GPU's driver";
  SharedMemory in(kBytes), out(kBytes);
  const size_t descriptors = open_descriptors();
  {
    ClBufferTensor input = context.create_tensor(element::f32, kRemoteShape, SharedBufferHandle{in.fd});
    ClBufferTensor z = context.create_tensor(element::f32, kRemoteShape, SharedBufferHandle{out.fd});
    EXPECT_EQ(input.get_params().at(shared_mem_type.name()).as<SharedMemType>(), SharedMemType::BUFFER_FROM_HANDLE);
    for (const auto& values : {x, x2}) {
      std::copy(values.begin(), values.end(), in.values);
      std::fill(out.values, out.values + 16, -1.0f);
      EXPECT_EQ(infer(input, z), 0u);
      EXPECT_EQ(std::vector<float>(out.values, out.values + 16), expected_z(values));
    }
    request = InferRequest();
    EXPECT_EQ(reference_count(input.get()), 1u);
  }
  EXPECT_EQ(open_descriptors(), descriptors) << "an imported descriptor was left open";
  EXPECT_EQ(fcntl(in.fd, F_GETFD), FD_CLOEXEC) << "the application's descriptor was closed";
}

TEST_F(GpuTypedHandles, InvalidAndShortSharedBufferHandlesAreRefused) {
  const uint64_t remote_before = remote_bytes();
  SharedMemory small(32);
  const size_t descriptors = open_descriptors();
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, SharedBufferHandle{}),
                        "OS_HANDLE -1 is not a file descriptor");
  const int closed = dup(small.fd);
  close(closed);
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, SharedBufferHandle{closed}),
                        "is not an open file descriptor");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, SharedBufferHandle{small.fd}),
                        "has 32 bytes, smaller than the tensor's 64 bytes");
  EXPECT_EQ(open_descriptors(), descriptors);
  EXPECT_EQ(remote_bytes(), remote_before);
}

}  // namespace
}  // namespace ferry::gpu::test
