// Queue sharing (the Remote Tensor API page's pseudo-code, as a test): the application's
// pre-processing kernel, the inference and its post-processing kernel ordered on the
// application's queue by barriers only, with start_async() returning once the inference is
// enqueued; in-order and out-of-order queues; several streams on a shared queue refused.

#include <gtest/gtest.h>

#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/app_opencl.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/remote_test_model.hpp"

namespace ferry::gpu::test {
namespace {

const char* kUserKernels = R"CL(
__kernel void user_kernel_preproc(__global float* x) { x[get_global_id(0)] *= 2.0f; }
__kernel void user_kernel_postproc(__global float* z) { z[get_global_id(0)] += 1.0f; }
)CL";

void run_pipeline(cl_command_queue_properties properties) {
  Core core = make_core();
  AppContext app(device_of_default_context(core));
  cl_command_queue queue = app.queue(properties);
  const auto x = remote_test_input(5);
  const size_t count = x.size();
  cl_mem in = app.buffer(count * sizeof(float), x.data());
  cl_mem out = app.buffer(count * sizeof(float));
  cl_mem scratch = app.buffer(count * sizeof(float));
  cl_kernel preproc = app.kernel(kUserKernels, "user_kernel_preproc");
  cl_kernel postproc = app.kernel(kUserKernels, "user_kernel_postproc");
  // The application's own work after each inference: barrier, post-processing, finish.
  const auto tail = [&](cl_mem buffer) {
    ASSERT_EQ(clEnqueueBarrierWithWaitList(queue, 0, nullptr, nullptr), CL_SUCCESS);
    clSetKernelArg(postproc, 0, sizeof(cl_mem), &buffer);
    ASSERT_EQ(clEnqueueNDRangeKernel(queue, postproc, 1, nullptr, &count, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
    ASSERT_EQ(clFinish(queue), CL_SUCCESS);
  };
  tail(scratch);
  {
    ocl::ClContext context(core, queue);
    EXPECT_EQ(context.get_params().at(ocl_queue.name()).as<void*>(), static_cast<void*>(queue));
    CompiledModel compiled = core.compile_model(make_remote_test_model(), context);
    InferRequest request = compiled.create_infer_request();
    request.set_tensor("y", context.create_tensor(element::f32, kRemoteShape));
    // A synchronous inference on the shared queue waits for its own work.
    request.set_tensor("x", Tensor(element::f32, kRemoteShape, const_cast<float*>(x.data())));
    request.infer();
    EXPECT_EQ(values_of(request.get_tensor("z")), expected_z(x));

    request.set_tensor("x", context.create_tensor(element::f32, kRemoteShape, in));
    request.set_tensor("z", context.create_tensor(element::f32, kRemoteShape, out));
    for (int round = 0; round < 2; ++round) {
      clSetKernelArg(preproc, 0, sizeof(cl_mem), &in);
      ASSERT_EQ(clEnqueueNDRangeKernel(queue, preproc, 1, nullptr, &count, nullptr, 0, nullptr, nullptr), CL_SUCCESS);
      ASSERT_EQ(clEnqueueBarrierWithWaitList(queue, 0, nullptr, nullptr), CL_SUCCESS);
      request.start_async();  // returns once enqueued
      tail(out);              // barrier, post-processing, finish: no wait() in between
      request.wait();
      // Round r: x doubled r + 1 times, through the model, plus one.
      std::vector<float> scaled = x;
      for (float& value : scaled) value *= static_cast<float>(1 << (round + 1));
      std::vector<float> expected = expected_z(scaled);
      for (float& value : expected) value += 1.0f;
      EXPECT_EQ(read_floats(queue, out, count), expected) << "round " << round;
    }
  }
  clReleaseKernel(preproc);
  clReleaseKernel(postproc);
  for (cl_mem buffer : {in, out, scratch}) {
    EXPECT_EQ(reference_count(buffer), 1u);
    clReleaseMemObject(buffer);
  }
  clReleaseCommandQueue(queue);
}

TEST(GpuQueueSharing, InOrderQueueOrdersUserKernelsAndInference) { run_pipeline(0); }

TEST(GpuQueueSharing, OutOfOrderQueueOrdersUserKernelsAndInference) {
  run_pipeline(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
}

// Ferry's references to the application's queue: taken by the context, its compiled models and
// requests, and all given back. (Measured before any command runs: PoCL keeps references of its
// own to a queue for its last commands.)
TEST(GpuQueueSharing, ReferencesToTheQueueAreGivenBack) {
  Core core = make_core();
  AppContext app(device_of_default_context(core));
  cl_command_queue queue = app.queue();
  {
    ocl::ClContext context(core, queue);
    CompiledModel compiled = core.compile_model(make_remote_test_model(), context);
    InferRequest request = compiled.create_infer_request();
    request.set_tensor("x", context.create_tensor(element::f32, kRemoteShape));
    EXPECT_GT(reference_count(queue), 1u);
  }
  EXPECT_EQ(reference_count(queue), 1u);
  clReleaseCommandQueue(queue);
}

TEST(GpuQueueSharing, SeveralStreamsOnASharedQueueAreRefused) {
  Core core = make_core();
  AppContext app(device_of_default_context(core));
  cl_command_queue queue = app.queue();
  {
    ocl::ClContext context(core, queue);
    EXPECT_ERROR_CONTAINS(core.compile_model(make_remote_test_model(), context, {{num_streams.name(), 2}}),
                          "runs one stream, but the configuration asks for 2");
    EXPECT_ERROR_CONTAINS(core.compile_model(make_remote_test_model(), context, {{enable_profiling.name(), true}}),
                          "CL_QUEUE_PROFILING_ENABLE");
  }
  EXPECT_EQ(reference_count(queue), 1u);
  clReleaseCommandQueue(queue);
}

}  // namespace
}  // namespace ferry::gpu::test
