// USM tensors on a device with cl_intel_unified_shared_memory (Intel's OpenCL CPU runtime,
// linked in through :intel_opencl_runtime): the plugin's USM tensors are Intel USM, the
// application's own host, device and shared allocations are read and written in place (zero bytes
// copied), freed memory is given back, and pointers the context does not own are refused by name.
// The application side calls the extension itself, so the checks do not go through the plugin.

#include <CL/cl_ext.h>
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <vector>

#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/testing/error_of.hpp"
#include "intel_opencl/intel_opencl_runtime.hpp"
#include "support/app_opencl.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/remote_test_model.hpp"

namespace ferry::gpu::test {
namespace {

using ocl::ClContext;
using ocl::USMTensor;

// The extension's functions, looked up by the application.
struct AppUsm {
  explicit AppUsm(cl_device_id device) {
    cl_platform_id platform = nullptr;
    clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof(platform), &platform, nullptr);
    const auto get = [platform](const char* name) { return clGetExtensionFunctionAddressForPlatform(platform, name); };
    host_alloc = reinterpret_cast<clHostMemAllocINTEL_fn>(get("clHostMemAllocINTEL"));
    device_alloc = reinterpret_cast<clDeviceMemAllocINTEL_fn>(get("clDeviceMemAllocINTEL"));
    shared_alloc = reinterpret_cast<clSharedMemAllocINTEL_fn>(get("clSharedMemAllocINTEL"));
    blocking_free = reinterpret_cast<clMemBlockingFreeINTEL_fn>(get("clMemBlockingFreeINTEL"));
    alloc_info = reinterpret_cast<clGetMemAllocInfoINTEL_fn>(get("clGetMemAllocInfoINTEL"));
    memcpy = reinterpret_cast<clEnqueueMemcpyINTEL_fn>(get("clEnqueueMemcpyINTEL"));
  }
  cl_unified_shared_memory_type_intel type_of(cl_context context, const void* pointer) const {
    cl_unified_shared_memory_type_intel type = 0;
    EXPECT_EQ(alloc_info(context, pointer, CL_MEM_ALLOC_TYPE_INTEL, sizeof(type), &type, nullptr), CL_SUCCESS);
    return type;
  }
  clHostMemAllocINTEL_fn host_alloc;
  clDeviceMemAllocINTEL_fn device_alloc;
  clSharedMemAllocINTEL_fn shared_alloc;
  clMemBlockingFreeINTEL_fn blocking_free;
  clGetMemAllocInfoINTEL_fn alloc_info;
  clEnqueueMemcpyINTEL_fn memcpy;
};

TEST(IntelOpenCLRuntime, IsInstalled) {
  struct stat info {};
  EXPECT_EQ(stat(intel_opencl_runtime_library().c_str(), &info), 0)
      << "Intel's OpenCL CPU runtime is not at " << intel_opencl_runtime_library()
      << ": run tools/setup.sh (or set FERRY_INTEL_OPENCL_DIR)";
}

class IntelUsm : public ::testing::Test {
 protected:
  IntelUsm()
      : core(make_core()),
        context(core.get_default_context("GPU").as<ClContext>()),
        device(device_of_default_context(core)),
        usm(device),
        compiled(core.compile_model(make_remote_test_model(), context)),
        request(compiled.create_infer_request()) {}
  void SetUp() override {
    ASSERT_TRUE(usm.host_alloc && usm.device_alloc && usm.shared_alloc && usm.blocking_free && usm.alloc_info &&
                usm.memcpy)
        << "the GPU device (" << core.get_property("GPU", device::full_name)
        << ") has no cl_intel_unified_shared_memory";
  }
  uint64_t copied() { return core.get_property("GPU", copied_bytes); }

  Core core;
  ClContext context;
  cl_device_id device;
  AppUsm usm;
  CompiledModel compiled;
  InferRequest request;
  const std::vector<float> x = remote_test_input(5);
  const size_t bytes = x.size() * sizeof(float);
};

TEST_F(IntelUsm, PluginUsmTensorsAreIntelUsmAndAreFreed) {
  void* host = nullptr;
  void* on_device = nullptr;
  {
    USMTensor input = context.create_usm_host_tensor(element::f32, kRemoteShape);
    USMTensor output = context.create_usm_device_tensor(element::f32, kRemoteShape);
    host = input.get();
    on_device = output.get();
    EXPECT_EQ(usm.type_of(context.get(), host), static_cast<cl_uint>(CL_MEM_TYPE_HOST_INTEL));
    EXPECT_EQ(usm.type_of(context.get(), on_device), static_cast<cl_uint>(CL_MEM_TYPE_DEVICE_INTEL));
    std::copy(x.begin(), x.end(), static_cast<float*>(host));  // host USM: the application writes it
    request.set_tensor("x", input);
    request.set_tensor("y", context.create_usm_device_tensor(element::f32, kRemoteShape));
    request.set_tensor("z", output);
    const uint64_t before = copied();
    request.infer();
    EXPECT_EQ(copied(), before) << "bytes moved between host and device during an inference on USM tensors";
    Tensor z(element::f32, kRemoteShape);
    output.copy_to(z);
    EXPECT_EQ(values_of(z), expected_z(x));
    request = compiled.create_infer_request();  // lets go of the tensors
  }
  EXPECT_EQ(usm.type_of(context.get(), host), static_cast<cl_uint>(CL_MEM_TYPE_UNKNOWN_INTEL)) << "not freed";
  EXPECT_EQ(usm.type_of(context.get(), on_device), static_cast<cl_uint>(CL_MEM_TYPE_UNKNOWN_INTEL)) << "not freed";
}

TEST_F(IntelUsm, ApplicationAllocationsAreReadAndWrittenInPlace) {
  cl_int status = CL_SUCCESS;
  auto* input = static_cast<float*>(usm.host_alloc(context.get(), nullptr, bytes, 0, &status));
  void* y = usm.device_alloc(context.get(), device, nullptr, bytes, 0, &status);
  // A shared allocation twice the size, used from its middle: pointers inside an allocation count.
  auto* z_whole = static_cast<float*>(usm.shared_alloc(context.get(), device, nullptr, 2 * bytes, 0, &status));
  ASSERT_TRUE(input && y && z_whole);
  float* z = z_whole + x.size() / 2;
  std::copy(x.begin(), x.end(), input);
  const cl_uint context_references = reference_count(context.get());
  {
    request.set_tensor("x", context.create_tensor(element::f32, kRemoteShape, static_cast<void*>(input)));
    request.set_tensor("y", context.create_tensor(element::f32, kRemoteShape, y));
    request.set_tensor("z", context.create_tensor(element::f32, kRemoteShape, static_cast<void*>(z)));
    const uint64_t before = copied();
    request.infer();
    request.start_async();
    request.wait();
    EXPECT_EQ(copied(), before) << "bytes moved between host and device during inferences on USM tensors";
    // Read where the application's pointers are: shared memory directly, device memory by its own copy.
    EXPECT_EQ(std::vector<float>(z, z + x.size()), expected_z(x));
    std::vector<float> y_values(x.size());
    cl_command_queue queue = clCreateCommandQueueWithProperties(context.get(), device, nullptr, &status);
    ASSERT_EQ(usm.memcpy(queue, CL_TRUE, y_values.data(), y, bytes, 0, nullptr, nullptr), CL_SUCCESS);
    clReleaseCommandQueue(queue);
    EXPECT_EQ(y_values, expected_y(x));
    request = compiled.create_infer_request();
  }
  EXPECT_EQ(reference_count(context.get()), context_references);
  for (void* pointer : {static_cast<void*>(input), y, static_cast<void*>(z_whole)}) {
    EXPECT_EQ(usm.blocking_free(context.get(), pointer), CL_SUCCESS);
  }
}

TEST_F(IntelUsm, PointersTheContextDoesNotOwnAreRefused) {
  std::vector<float> foreign(64);
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, static_cast<void*>(foreign.data())),
                        "is not inside a USM allocation of this context");
  cl_int status = CL_SUCCESS;
  auto* small = static_cast<float*>(usm.host_alloc(context.get(), nullptr, bytes, 0, &status));
  ASSERT_NE(small, nullptr);
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, static_cast<void*>(small + 4)),
                        "is 16 bytes into an allocation of 64 bytes; the tensor needs 64");
  // Another context's allocation: this context does not know it.
  AppContext other(device);
  void* elsewhere = usm.host_alloc(other.context, nullptr, bytes, 0, &status);
  ASSERT_NE(elsewhere, nullptr);
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, elsewhere),
                        "is not inside a USM allocation of this context");
  // The request still runs, on a good tensor.
  request.set_tensor("x", context.create_tensor(element::f32, kRemoteShape, static_cast<void*>(small)));
  std::copy(x.begin(), x.end(), small);
  request.infer();
  EXPECT_EQ(values_of(request.get_tensor("z")), expected_z(x));
  request = compiled.create_infer_request();
  EXPECT_EQ(usm.blocking_free(other.context, elsewhere), CL_SUCCESS);
  EXPECT_EQ(usm.blocking_free(context.get(), small), CL_SUCCESS);
}

}  // namespace
}  // namespace ferry::gpu::test
