// The NPU's remote tensors as the seed pages use them: Level Zero host memory, host tensors in
// Level Zero memory, DMA-BUF file descriptors and files, each read and written in place.

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <dirent.h>
#include <cstring>
#include <fstream>

#include <level_zero/ze_api.h>

#include "ferry/npu/level_zero/level_zero.hpp"
#include "ferry/npu/properties.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/testing/error_of.hpp"
#include "ferry/testing/ir_test_util.hpp"
#include "support/npu_test.hpp"

namespace ferry::npu::test {
namespace {

using level_zero::ZeroBufferTensor;
using level_zero::ZeroContext;

constexpr float kTolerance = 1e-4f;

size_t open_fds() {
  size_t count = 0;
  if (DIR* dir = opendir("/proc/self/fd")) {
    while (readdir(dir)) ++count;
    closedir(dir);
  }
  return count;
}

// A memfd of `bytes` (what a DMA-BUF heap would hand out), mapped for the test to fill and read.
struct SharedBuffer {
  explicit SharedBuffer(size_t bytes) : size(bytes) {
    fd = memfd_create("ferry-npu-test", MFD_CLOEXEC);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(0, ftruncate(fd, static_cast<off_t>(bytes)));
    mapping = static_cast<float*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
    EXPECT_NE(MAP_FAILED, static_cast<void*>(mapping));
  }
  ~SharedBuffer() {
    munmap(mapping, size);
    if (fd >= 0) close(fd);
  }
  size_t size;
  int fd = -1;
  float* mapping = nullptr;
};

class NpuRemoteTensor : public ::testing::Test {
 protected:
  uint64_t plugin_copies() { return core.get_property("NPU", copied_bytes); }

  Core core;
  ShippedModel shipped = shipped_model("cnn");
  ZeroContext context = core.get_default_context("NPU").as<ZeroContext>();
  CompiledModel compiled = core.compile_model(shipped.model, context);
  InferRequest request = compiled.create_infer_request();
  Shape output_shape = compiled.output().get_shape();
};

TEST_F(NpuRemoteTensor, TheDefaultContextWrapsALevelZeroContext) {
  EXPECT_NE(nullptr, context.get());
  EXPECT_EQ(context.get(), compiled.get_context().as<ZeroContext>().get());
  // get_params() gives the same context back.
  auto again = core.create_context("NPU", context.get_params()).as<ZeroContext>();
  EXPECT_EQ(context.get(), again.get());
}

TEST_F(NpuRemoteTensor, LevelZeroHostTensorsAreReadAndWrittenInPlace) {
  ZeroBufferTensor input = context.create_l0_host_tensor(element::f32, shipped.input_shape);
  ZeroBufferTensor output = context.create_l0_host_tensor(element::f32, output_shape, TensorType::OUTPUT);
  ASSERT_NE(nullptr, input.get());
  // The application fills Level Zero host memory through its address, as with any L0 pointer.
  std::memcpy(input.get(), shipped.input.data(), shipped.input.size() * sizeof(float));
  EXPECT_EQ(MemType::L0_INTERNAL_BUF, input.get_params().at(mem_type.name()).as<MemType>());
  request.set_input_tensor(input);
  request.set_output_tensor(output);
  const uint64_t driver_before = driver_copied_bytes(), plugin_before = plugin_copies();
  request.infer();
  EXPECT_EQ(driver_copied_bytes(), driver_before);
  EXPECT_EQ(plugin_copies(), plugin_before);
  std::vector<float> result(shape_size(output_shape));
  std::memcpy(result.data(), output.get(), result.size() * sizeof(float));
  EXPECT_LE(max_difference(result, shipped.expected), kTolerance);
  // copy_to reaches the same elements through the device's copy engine, counted.
  Tensor host(element::f32, output_shape);
  output.copy_to(host);
  EXPECT_EQ(values_of(host), result);
  EXPECT_EQ(plugin_copies() - plugin_before, host.get_byte_size());
}

TEST_F(NpuRemoteTensor, HostTensorsOfTheContextAreReadInPlace) {
  Tensor input = context.create_host_tensor(element::f32, shipped.input_shape);
  Tensor output = context.create_host_tensor(element::f32, output_shape);
  std::copy(shipped.input.begin(), shipped.input.end(), input.data<float>());
  request.set_input_tensor(input);
  request.set_output_tensor(output);
  const uint64_t driver_before = driver_copied_bytes(), plugin_before = plugin_copies();
  request.infer();
  EXPECT_EQ(driver_copied_bytes(), driver_before);
  EXPECT_EQ(plugin_copies(), plugin_before);
  EXPECT_LE(max_difference(values_of(output), shipped.expected), kTolerance);
}

TEST_F(NpuRemoteTensor, DmaBufFileDescriptorsAreSharedWithoutCopies) {
  const size_t fds_before = open_fds();
  {
    SharedBuffer in(shipped.input.size() * sizeof(float)), out(shape_size(output_shape) * sizeof(float));
    std::memcpy(in.mapping, shipped.input.data(), in.size);
    ZeroBufferTensor input = context.create_tensor(element::f32, shipped.input_shape, in.fd);
    ZeroBufferTensor output = context.create_tensor(element::f32, output_shape, out.fd);
    EXPECT_EQ(MemType::SHARED_BUF, input.get_params().at(mem_type.name()).as<MemType>());
    request.set_input_tensor(input);
    request.set_output_tensor(output);
    const uint64_t driver_before = driver_copied_bytes(), plugin_before = plugin_copies();
    request.infer();
    EXPECT_EQ(driver_copied_bytes(), driver_before);
    EXPECT_EQ(plugin_copies(), plugin_before);
    // The result is in the application's buffer: the same memory, not a copy of it.
    EXPECT_LE(max_difference(std::vector<float>(out.mapping, out.mapping + shape_size(output_shape)), shipped.expected),
              kTolerance);
    request = InferRequest();  // lets go of the tensors
  }
  EXPECT_EQ(open_fds(), fds_before) << "an fd leaked";
}

TEST_F(NpuRemoteTensor, AFileDescriptorTensorHoldsTheFilesBytes) {
  const std::string path = ir_test::temp_dir() + "npu_input.raw";
  const uint64_t offset = 12;
  {
    std::ofstream file(path, std::ios::binary);
    file.write("header-bytes", offset);
    file.write(reinterpret_cast<const char*>(shipped.input.data()),
               static_cast<std::streamsize>(shipped.input.size() * sizeof(float)));
  }
  ZeroBufferTensor input = context.create_tensor(element::f32, shipped.input_shape, FileDescriptor(path, offset));
  request.set_input_tensor(input);
  request.infer();
  EXPECT_LE(max_difference(values_of(request.get_output_tensor()), shipped.expected), kTolerance);
}

TEST_F(NpuRemoteTensor, BadHandlesAndFilesAreRefusedByName) {
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, shipped.input_shape, static_cast<void*>(nullptr)),
                        "NT handles are Windows handles");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, shipped.input_shape, -1), "is not a file descriptor");
  // An fd too small for the shape.
  SharedBuffer small(16);
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, shipped.input_shape, small.fd), "cannot be imported");
  // A file that does not exist, and one that is too short.
  EXPECT_ERROR_CONTAINS(
      context.create_tensor(element::f32, shipped.input_shape, FileDescriptor(ir_test::temp_dir() + "missing.raw")),
      "cannot open FILE_DESCRIPTOR file");
  const std::string path = ir_test::temp_dir() + "short.raw";
  std::ofstream(path) << "tiny";
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, shipped.input_shape, FileDescriptor(path)),
                        "holds 4 bytes");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, shipped.input_shape, {{"NOT_A_KEY", 1}}),
                        "unknown parameter 'NOT_A_KEY'");
  // After all that, the context still works.
  request.infer();
}

// MEM_HANDLE carries the fd in a pointer-sized handle: a value past int's range is refused, not
// truncated into the fd that its low 32 bits happen to name.
TEST_F(NpuRemoteTensor, AHandleBeyondAnIntIsNotTruncatedIntoAnFd) {
  SharedBuffer buffer(shipped.input.size() * sizeof(float));
  const auto wide = static_cast<intptr_t>((int64_t{1} << 32) + buffer.fd);
  const AnyMap params = {{mem_type.name(), MemType::SHARED_BUF}, {mem_handle.name(), reinterpret_cast<void*>(wide)}};
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, shipped.input_shape, params),
                        "MEM_HANDLE " + std::to_string(wide) + " is not a file descriptor");
}

// A host tensor that starts in Level Zero memory of the context is read in place: all of it must
// lie in that allocation, or the device would read past its end.
TEST_F(NpuRemoteTensor, AHostTensorRunningPastItsAllocationIsRefused) {
  Tensor allocation = context.create_host_tensor(element::f32, shipped.input_shape);
  // The same shape, one element into the allocation: its last element lies past the end.
  Tensor straddling(element::f32, shipped.input_shape, allocation.data<float>() + 1);
  request.set_input_tensor(straddling);
  EXPECT_ERROR_CONTAINS(request.infer(), "runs past the end of the Level Zero allocation it starts in");
  // Wholly inside, it runs.
  std::copy(shipped.input.begin(), shipped.input.end(), allocation.data<float>());
  request.set_input_tensor(allocation);
  request.infer();
  EXPECT_LE(max_difference(values_of(request.get_output_tensor()), shipped.expected), kTolerance);
}

TEST_F(NpuRemoteTensor, TensorsOfAnotherContextAreRefused) {
  // A second context: the application's own Level Zero context on the same driver.
  ze_context_handle_t own = nullptr;
  uint32_t count = 1;
  ze_driver_handle_t driver = nullptr;
  ASSERT_EQ(ZE_RESULT_SUCCESS, zeDriverGet(&count, &driver));
  ze_context_desc_t desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC, nullptr, 0};
  ASSERT_EQ(ZE_RESULT_SUCCESS, zeContextCreate(driver, &desc, &own));
  {
    ZeroContext other(core, own);
    EXPECT_EQ(static_cast<void*>(own), other.get());
    auto foreign = other.create_l0_host_tensor(element::f32, shipped.input_shape);
    EXPECT_ERROR_CONTAINS(request.set_input_tensor(foreign), "is a remote tensor of NPU context");
    // A model compiled for the application's context runs there.
    auto compiled_there = core.compile_model(shipped.model, other);
    auto there = compiled_there.create_infer_request();
    std::memcpy(foreign.get(), shipped.input.data(), shipped.input.size() * sizeof(float));
    there.set_input_tensor(foreign);
    there.infer();
    EXPECT_LE(max_difference(values_of(there.get_output_tensor()), shipped.expected), kTolerance);
  }
  EXPECT_EQ(ZE_RESULT_SUCCESS, zeContextDestroy(own));
}

TEST_F(NpuRemoteTensor, TheLowLevelApiTakesOpenVinosKeys) {
  RemoteContext low = core.create_context(
      "NPU", {{mem_type.name(), MemType::L0_INTERNAL_BUF}, {tensor_type.name(), TensorType::INPUT}});
  RemoteTensor tensor = low.create_tensor(element::f32, shipped.input_shape);
  const AnyMap params = tensor.get_params();
  // Parameters set on the context are defaults for its tensors.
  EXPECT_EQ(TensorType::INPUT, params.at(tensor_type.name()).as<TensorType>());
  EXPECT_EQ(MemType::L0_INTERNAL_BUF, params.at(mem_type.name()).as<MemType>());
  EXPECT_NE(nullptr, params.at(mem_handle.name()).as<void*>());
  // Without L0_CONTEXT, a new Level Zero context: its own scope, found again by its handle.
  void* handle = params.at(l0_context.name()).as<void*>();
  EXPECT_NE(context.get(), handle);
  EXPECT_EQ(handle, low.get_params().at(l0_context.name()).as<void*>());
  EXPECT_EQ(handle, core.create_context("NPU", low.get_params()).as<ZeroContext>().get());
  EXPECT_TRUE(tensor.is<ZeroBufferTensor>());
}

}  // namespace
}  // namespace ferry::npu::test
