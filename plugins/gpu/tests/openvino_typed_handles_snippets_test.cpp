// OpenVINO 2026.4's typed handles of the GPU remote API, spelled as OpenVINO code spells them
// (ov::intel_gpu::VirtualAddressMemory, FileDescriptor, SharedBufferHandle, AccessMode,
// os_handle_param, also under ov::intel_gpu::ocl) through ferry/compat/openvino.hpp, compiled
// and run on the GPU plugin: host memory and a file used in place by inference, and a DMA-BUF
// handle, which PoCL (no cl_khr_external_memory_dma_buf) refuses by name; and the MemType forms of
// OpenVINO's remote_objects_creation program (which did not compile before MemType existed).

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "ferry/compat/openvino.hpp"
#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/remote_test_model.hpp"

namespace ferry::gpu::test {
namespace {

TEST(OpenVinoTypedHandles, HostMemoryAndFilesAsTensors) {
  ov::Core core = make_core();
  std::shared_ptr<ov::Model> model = make_remote_test_model();
  auto gpu_context = core.get_default_context("GPU").as<ov::intel_gpu::ocl::ClContext>();
  ov::CompiledModel compiled_model = core.compile_model(model, gpu_context);
  ov::InferRequest infer_request = compiled_model.create_infer_request();
  const ov::element::Type in_element_type = ov::element::f32;
  const ov::Shape in_shape = kRemoteShape;
  const size_t input_size = ov::shape_size(in_shape) * in_element_type.size();
  const std::vector<float> x = remote_test_input(7);

  // Host memory the application allocated (aligned), wrapped without a copy.
  void* host_memory = std::aligned_alloc(4096, 4096);
  std::copy(x.begin(), x.end(), static_cast<float*>(host_memory));
  ov::intel_gpu::VirtualAddressMemory cpu_memory{host_memory, static_cast<int64_t>(input_size)};
  ov::intel_gpu::ocl::ClBufferTensor input = gpu_context.create_tensor(in_element_type, in_shape, cpu_memory);

  // An output written into a file the plugin maps.
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(tmp ? tmp : "/tmp") + "/openvino_typed_handles_out.bin";
  std::ofstream(path, std::ios::binary).write(std::string(input_size, '\0').data(), input_size);
  ov::intel_gpu::ocl::FileDescriptor file{path, 0, ov::intel_gpu::AccessMode::READ_WRITE};
  ov::RemoteTensor output = gpu_context.create_tensor(in_element_type, in_shape, file);

  infer_request.set_tensor("x", input);
  infer_request.set_tensor("z", output);
  infer_request.start_async();
  infer_request.wait();
  std::vector<float> written(x.size());
  std::ifstream(path, std::ios::binary).read(reinterpret_cast<char*>(written.data()), input_size);
  EXPECT_EQ(written, expected_z(x));
  std::free(host_memory);
}

TEST(OpenVinoTypedHandles, SharedBufferHandleNamesWhatTheDeviceLacks) {
  ov::Core core = make_core();
  auto gpu_context = core.get_default_context("GPU").as<ov::intel_gpu::ocl::ClContext>();
  const std::string extensions =
      cl::Context(gpu_context).getInfo<CL_CONTEXT_DEVICES>()[0].getInfo<CL_DEVICE_EXTENSIONS>();
  if (extensions.find("cl_khr_external_memory") != std::string::npos) GTEST_SKIP() << "the device imports fds";
  const int fd = memfd_create("dma_buf", MFD_CLOEXEC);
  ASSERT_EQ(ftruncate(fd, 64), 0);
  ov::intel_gpu::os_handle_param handle = fd;
  ov::intel_gpu::SharedBufferHandle shared_buffer{handle};
  static_assert(std::is_same_v<ov::intel_gpu::SharedBufferHandle::value_type, ov::intel_gpu::ocl::os_handle_param>);
  // PoCL has no cl_khr_external_memory_dma_buf: refused, naming it (typed_handles_test imports
  // through a stand-in for the extension).
  EXPECT_ERROR_CONTAINS(gpu_context.create_tensor(ov::element::f32, kRemoteShape, shared_buffer),
                        "cl_khr_external_memory_dma_buf");
  close(fd);
}

// OpenVINO's gpu/remote_objects_creation.cpp (its MemType blocks), on the model of this test; the
// host memory is 4 KiB-aligned (the program's 64 is below PoCL's base address alignment, 128).
TEST(OpenVinoTypedHandles, RemoteObjectsCreationProgramsMemTypeForms) {
  ov::Core core = make_core();
  auto compiled_model = core.compile_model(make_remote_test_model(), "GPU");
  auto gpu_context = compiled_model.get_context().as<ov::intel_gpu::ocl::ClContext>();
  const auto input = compiled_model.input();
  auto in_element_type = input.get_element_type();
  auto in_shape = input.get_shape();
  const size_t shared_buffer_bytes = ov::shape_size(in_shape) * in_element_type.size();
  {
    void* cpu_pointer = std::aligned_alloc(4096, 4096);
    ASSERT_GE(4096u, shared_buffer_bytes);
    auto remote_tensor = gpu_context.create_tensor_from_cpu_pointer(in_element_type, in_shape, cpu_pointer,
                                                                    ov::intel_gpu::MemType::CPU_POINTER);
    EXPECT_EQ(remote_tensor.get_shape(), in_shape);
    EXPECT_ERROR_CONTAINS(gpu_context.create_tensor_from_cpu_pointer(in_element_type, in_shape, cpu_pointer,
                                                                     ov::intel_gpu::MemType::SHARED_BUF),
                          "must be MemType::CPU_POINTER");
    remote_tensor = {};
    std::free(cpu_pointer);
  }
  {
    const int fd = memfd_create("shared_buffer", MFD_CLOEXEC);
    ASSERT_EQ(ftruncate(fd, static_cast<off_t>(shared_buffer_bytes)), 0);
    ov::intel_gpu::ocl::os_handle_param shared_handle = fd;
    EXPECT_ERROR_CONTAINS(
        gpu_context.create_tensor(in_element_type, in_shape, shared_handle, ov::intel_gpu::MemType::CPU_POINTER),
        "must be MemType::SHARED_BUF");
    const std::string extensions =
        cl::Context(gpu_context).getInfo<CL_CONTEXT_DEVICES>()[0].getInfo<CL_DEVICE_EXTENSIONS>();
    // As create_tensor(type, shape, SharedBufferHandle{fd}): a memfd is no device memory, so it is
    // refused: naming the extension where the device has no import at all (PoCL), by the
    // driver's import otherwise (NVIDIA's opaque fds come from CUDA).
    if (extensions.find("cl_khr_external_memory") == std::string::npos) {
      EXPECT_ERROR_CONTAINS(
          gpu_context.create_tensor(in_element_type, in_shape, shared_handle, ov::intel_gpu::MemType::SHARED_BUF),
          "cl_khr_external_memory_dma_buf");
    } else if (extensions.find("cl_khr_external_memory_dma_buf") == std::string::npos) {
      EXPECT_ERROR_CONTAINS(
          gpu_context.create_tensor(in_element_type, in_shape, shared_handle, ov::intel_gpu::MemType::SHARED_BUF),
          "OS_HANDLE");
    }
    close(fd);
  }
}

}  // namespace
}  // namespace ferry::gpu::test
