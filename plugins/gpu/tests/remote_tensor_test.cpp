// GPU remote tensors: every kind of memory (plugin buffers, the application's buffers and images,
// USM (Intel USM or SVM), wrapped host pointers, pinned host tensors) as inputs and outputs, read and
// written in place (zero bytes copied, by GPU_COPIED_BYTES) with the host path's results; copies
// to and from host tensors (strided ones too); get_params; and every bad handle refused by name
// with the request still usable and OpenCL reference counts balanced.

#include <gtest/gtest.h>

#include <cstdlib>

#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/app_opencl.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/remote_test_model.hpp"

namespace ferry::gpu::test {
namespace {

using ocl::ClBufferTensor;
using ocl::ClContext;
using ocl::ClImage2DTensor;
using ocl::USMTensor;

class GpuRemoteTensor : public ::testing::Test {
 protected:
  GpuRemoteTensor()
      : core(make_core()),
        context(core.get_default_context("GPU").as<ClContext>()),
        compiled(core.compile_model(make_remote_test_model(), context)),
        request(compiled.create_infer_request()),
        x(remote_test_input(3)) {}

  uint64_t copied() { return core.get_property("GPU", copied_bytes); }
  Tensor host_x() { return Tensor(element::f32, kRemoteShape, x.data()); }
  // The tensor's values, through copy_to.
  static std::vector<float> read(const Tensor& tensor) {
    Tensor host(element::f32, tensor.get_shape());
    tensor.copy_to(host);
    return values_of(host);
  }
  // Runs with `input` and outputs y, z in `y`, `z`: no host <-> device bytes when all are remote;
  // the results equal the host path's.
  void expect_in_place(const Tensor& input, const Tensor& y, const Tensor& z) {
    request.set_tensor("x", input);
    request.set_tensor("y", y);
    request.set_tensor("z", z);
    const uint64_t before = copied();
    request.infer();
    request.start_async();
    request.wait();
    EXPECT_EQ(copied(), before) << "bytes moved between host and device during inferences on remote tensors";
    EXPECT_EQ(read(y), expected_y(x));
    EXPECT_EQ(read(z), expected_z(x));
  }

  Core core;
  ClContext context;
  CompiledModel compiled;
  InferRequest request;
  std::vector<float> x;
};

TEST_F(GpuRemoteTensor, PluginBuffersAreReadAndWrittenInPlace) {
  RemoteTensor input = context.create_tensor(element::f32, kRemoteShape);
  input.copy_from(host_x());
  EXPECT_TRUE(input.is<ClBufferTensor>());
  cl_mem handle = input.as<ClBufferTensor>().get();
  cl_context owner = nullptr;
  clGetMemObjectInfo(handle, CL_MEM_CONTEXT, sizeof(owner), &owner, nullptr);
  EXPECT_EQ(owner, context.get());
  expect_in_place(input, context.create_tensor(element::f32, kRemoteShape),
                  context.create_tensor(element::f32, kRemoteShape));
}

TEST_F(GpuRemoteTensor, ApplicationBuffersAreReadAndWrittenInPlace) {
  AppContext app(device_of_default_context(core));
  ClContext shared(core, app.context);
  compiled = core.compile_model(make_remote_test_model(), shared);
  request = compiled.create_infer_request();
  cl_mem in = app.buffer(x.size() * sizeof(float), x.data());
  cl_mem y = app.buffer(x.size() * sizeof(float));
  cl_mem z = app.buffer(x.size() * sizeof(float));
  {
    expect_in_place(shared.create_tensor(element::f32, kRemoteShape, in),
                    shared.create_tensor(element::f32, kRemoteShape, y),
                    shared.create_tensor(element::f32, kRemoteShape, z));
    cl_command_queue queue = app.queue();
    EXPECT_EQ(read_floats(queue, z, x.size()), expected_z(x));  // the application's own buffer
    clReleaseCommandQueue(queue);
    request = InferRequest();
  }
  for (cl_mem buffer : {in, y, z}) {
    EXPECT_EQ(reference_count(buffer), 1u);
    clReleaseMemObject(buffer);
  }
}

TEST_F(GpuRemoteTensor, ImagesTakeOneCopyOnTheDevice) {
  // A 4x1 RGBA f32 image holds the 16 elements of x[2, 8] row by row.
  const cl_image_format format{CL_RGBA, CL_FLOAT};
  cl_image_desc desc{};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 2;
  desc.image_height = 2;
  cl_int status = CL_SUCCESS;
  cl_mem image = clCreateImage(context.get(), CL_MEM_READ_WRITE, &format, &desc, nullptr, &status);
  ASSERT_EQ(status, CL_SUCCESS);
  {
    ClImage2DTensor input = context.create_tensor(element::f32, kRemoteShape, cl::Image2D(image, true));
    input.copy_from(host_x());
    EXPECT_EQ(read(input), x);
    EXPECT_EQ(input.get(), image);
    expect_in_place(input, context.create_tensor(element::f32, kRemoteShape),
                    context.create_tensor(element::f32, kRemoteShape));
    EXPECT_ERROR_CONTAINS(context.create_tensor(element::f16, {2, 2, 2, 4}, cl::Image2D(image, true)),
                          "4-byte channels");
    EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, {2, 9}, cl::Image2D(image, true)), "16 elements");
    request = InferRequest();
  }
  EXPECT_EQ(reference_count(image), 1u);
  clReleaseMemObject(image);
}

TEST_F(GpuRemoteTensor, BatchesOfRemoteTensorsAreJoinedOnTheDevice) {
  // x [2, 8] as two remote tensors [1, 8] (set_tensors): joined into one buffer on the device.
  const Shape item{1, kRemoteShape[1]};
  RemoteTensor first = context.create_tensor(element::f32, item), second = context.create_tensor(element::f32, item);
  first.copy_from(Tensor(element::f32, item, x.data()));
  second.copy_from(Tensor(element::f32, item, x.data() + item[1]));
  request.set_tensors("x", {first, second});
  const Tensor y = context.create_tensor(element::f32, kRemoteShape),
               z = context.create_tensor(element::f32, kRemoteShape);
  request.set_tensor("y", y);
  request.set_tensor("z", z);
  const uint64_t before = copied(), device_before = core.get_property("GPU", device_copied_bytes);
  request.infer();
  EXPECT_EQ(copied(), before);
  EXPECT_EQ(core.get_property("GPU", device_copied_bytes), device_before + x.size() * sizeof(float));
  EXPECT_EQ(read(y), expected_y(x));
  EXPECT_EQ(read(z), expected_z(x));
  EXPECT_ERROR_CONTAINS(request.set_tensors("x", {first, Tensor(element::f32, item)}), "1 remote and 1 host tensors");
}

TEST_F(GpuRemoteTensor, UsmTensorsAreReadAndWrittenInPlace) {
  if (!supports_usm(device_of_default_context(core))) GTEST_SKIP() << "the device has neither USM nor fine-grained SVM";
  USMTensor input = context.create_usm_host_tensor(element::f32, kRemoteShape);
  // Host USM is host-accessible: the application writes it directly.
  std::copy(x.begin(), x.end(), static_cast<float*>(input.get()));
  USMTensor y = context.create_usm_device_tensor(element::f32, kRemoteShape);
  // A pointer inside a USM allocation of the context wraps without a copy.
  USMTensor owner = context.create_usm_host_tensor(element::f32, {64});
  USMTensor z = context.create_tensor(element::f32, kRemoteShape, static_cast<float*>(owner.get()) + 16);
  expect_in_place(input, y, z);
  std::vector<float> foreign(64);
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, static_cast<void*>(foreign.data())),
                        "is not inside a USM allocation of this context");
}

TEST_F(GpuRemoteTensor, AlignedHostMemoryIsWrappedWithoutACopy) {
  if (!gpu_shares_host_memory(core))
    GTEST_SKIP() << "the device has its own memory: a buffer over host memory is synchronised, and counted";
  // Aligned as every device's base address alignment (PoCL: 128 bytes, NVIDIA: 512).
  float* memory = static_cast<float*>(std::aligned_alloc(4096, 4096));
  std::copy(x.begin(), x.end(), memory);
  {
    ClBufferTensor input = context.create_tensor_from_cpu_pointer(element::f32, kRemoteShape, memory);
    EXPECT_NE(input.get(), nullptr);
    expect_in_place(input, context.create_tensor(element::f32, kRemoteShape),
                    context.create_tensor(element::f32, kRemoteShape));
    EXPECT_ERROR_CONTAINS(context.create_tensor_from_cpu_pointer(element::f32, kRemoteShape, memory + 1),
                          "is not aligned to");
  }
  std::free(memory);
}

TEST_F(GpuRemoteTensor, PinnedHostTensorsWorkAsInputsAndOutputs) {
  Tensor input = context.create_host_tensor(element::f32, kRemoteShape);
  std::copy(x.begin(), x.end(), input.data<float>());
  Tensor z = context.create_host_tensor(element::f32, kRemoteShape);
  request.set_tensor("x", input);
  request.set_tensor("z", z);
  request.infer();
  EXPECT_EQ(values_of(z), expected_z(x));
}

TEST_F(GpuRemoteTensor, CopiesToAndFromStridedHostTensors) {
  RemoteTensor remote = context.create_tensor(element::f32, kRemoteShape);
  // A [2, 4] box of a [2, 8] host tensor: strided rows.
  Tensor whole(element::f32, kRemoteShape);
  std::copy(x.begin(), x.end(), whole.data<float>());
  Tensor box(whole, {0, 2}, {2, 6});
  RemoteTensor small = context.create_tensor(element::f32, {2, 4});
  small.copy_from(box);
  EXPECT_EQ(read(small), (std::vector<float>{x[2], x[3], x[4], x[5], x[10], x[11], x[12], x[13]}));
  Tensor target(element::f32, kRemoteShape);
  Tensor target_box(target, {0, 4}, {2, 8});
  small.copy_to(target_box);
  EXPECT_EQ(target.data<float>()[4], x[2]);
  EXPECT_EQ(target.data<float>()[15], x[13]);
  // Remote to remote, on the device; another context's tensor, through the host.
  remote.copy_from(host_x());
  RemoteTensor other = core.create_context("GPU", {}).create_tensor(element::f32, kRemoteShape);
  remote.copy_to(other);
  EXPECT_EQ(read(other), x);
}

TEST_F(GpuRemoteTensor, GetParamsRecreateAnEqualTensor) {
  std::vector<Tensor> tensors{context.create_tensor(element::f32, kRemoteShape)};
  if (supports_usm(device_of_default_context(core)))
    tensors.push_back(context.create_usm_host_tensor(element::f32, kRemoteShape));
  for (const Tensor& tensor : tensors) {
    const AnyMap params = tensor.as<RemoteTensor>().get_params();
    EXPECT_EQ(params.at(ocl_context.name()).as<void*>(), static_cast<void*>(context.get()));
    EXPECT_EQ(context.create_tensor(element::f32, kRemoteShape, params).get_params(), params);
  }
}

TEST_F(GpuRemoteTensor, BadHandlesAreRefusedAndTheRequestStaysUsable) {
  AppContext app(device_of_default_context(core));
  cl_mem small = app.buffer(8);
  cl_mem foreign = app.buffer(x.size() * sizeof(float));
  {
    EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, foreign),
                          "belongs to another OpenCL context");
    ClContext app_context(core, app.context);
    EXPECT_ERROR_CONTAINS(app_context.create_tensor(element::f32, kRemoteShape, small),
                          "has 8 bytes, the tensor needs 64");
    EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape,
                                                AnyMap{{"SHARED_MEM_TYPE", "OCL_BUFFER"}, {"MEM_WHATEVER", 1}}),
                          "unknown parameter 'MEM_WHATEVER'");
    // Without the extension, refused naming it; with it (NVIDIA), the driver's refusal of stdin.
    EXPECT_ERROR_CONTAINS(
        context.create_tensor_from_fd(element::f32, kRemoteShape, 0),
        has_extension(app.device, "cl_khr_external_memory") ? "importing file descriptor 0" : "cl_khr_external_memory");
    // More than the device allocates: the bytes asked and the device's limits named.
    EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, {1ull << 40}),
                          "a remote tensor needs 4398046511104 bytes in one buffer, more than device");
    // A tensor of another context set on the request: refused, naming both contexts.
    RemoteTensor other = app_context.create_tensor(element::f32, kRemoteShape, foreign);
    EXPECT_ERROR_CONTAINS(request.set_tensor("x", other), "but the model was compiled for GPU");
    // Another device's remote tensor.
    RemoteTensor template_tensor = core.get_default_context("TEMPLATE").create_tensor(element::f32, kRemoteShape);
    EXPECT_ERROR_CONTAINS(request.set_tensor("x", template_tensor), "remote tensor of device 'TEMPLATE");
    // The request still runs.
    request.set_tensor("x", host_x());
    request.infer();
    EXPECT_EQ(values_of(request.get_tensor("z")), expected_z(x));
  }
  EXPECT_EQ(reference_count(small), 1u);
  EXPECT_EQ(reference_count(foreign), 1u);
  clReleaseMemObject(small);
  clReleaseMemObject(foreign);
}

// A null handle is the application's mistake, not a request to allocate: refused, naming the
// parameter, through the typed API and the low-level one (OpenVINO refuses them too).
TEST_F(GpuRemoteTensor, NullHandlesAreRefusedByName) {
  const uint64_t remote_before = core.get_property("GPU", memory_statistics).at("remote");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, static_cast<cl_mem>(nullptr)),
                        "create_tensor: MEM_HANDLE is null");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape, static_cast<void*>(nullptr)),
                        "create_tensor: MEM_HANDLE is null");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape,
                                              AnyMap{{shared_mem_type.name(), SharedMemType::OCL_BUFFER},
                                                     {mem_handle.name(), gpu_handle_param(nullptr)}}),
                        "create_tensor: MEM_HANDLE is null");
  EXPECT_ERROR_CONTAINS(context.create_tensor(element::f32, kRemoteShape,
                                              AnyMap{{shared_mem_type.name(), SharedMemType::USM_DEVICE_BUFFER},
                                                     {mem_handle.name(), gpu_handle_param(nullptr)}}),
                        "create_tensor: MEM_HANDLE is null");
  EXPECT_ERROR_CONTAINS(context.create_tensor_from_cpu_pointer(element::f32, kRemoteShape, nullptr), "is null");
  EXPECT_EQ(core.get_property("GPU", memory_statistics).at("remote"), remote_before) << "a null handle allocated";
}

}  // namespace
}  // namespace ferry::gpu::test
