// The Remote Tensor API page's C++ snippets (shared/seeds/000_2d1fc21541f5d8f4.txt), spelled with
// OpenVINO's names through ferry/compat/openvino.hpp, compiled and run on the GPU plugin: code
// written from that page works with only its includes changed. (The page sizes its OpenCL buffers
// in elements; here they are in bytes, as OpenCL wants.)

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "ferry/compat/openvino.hpp"
#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/gpu/properties.hpp"
#include "support/app_opencl.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/remote_test_model.hpp"

namespace ferry::gpu::test {
namespace {

TEST(OpenVinoSnippets, ContextsFromNativeHandlesAndFromThePlugin) {
  ov::Core core = make_core();
  std::shared_ptr<ov::Model> model = make_remote_test_model();
  AppContext app(device_of_default_context(core));

  cl_context ctx = app.context;
  ov::intel_gpu::ocl::ClContext gpu_context(core, ctx);
  cl_command_queue queue = app.queue();
  {
    ov::intel_gpu::ocl::ClContext queue_context(core, queue);
    EXPECT_EQ(queue_context.get(), ctx);
  }
  clReleaseCommandQueue(queue);

  auto default_context = core.get_default_context("GPU").as<ov::intel_gpu::ocl::ClContext>();
  cl_context context_handle = default_context.get();
  EXPECT_NE(context_handle, nullptr);
  auto compiled_model = core.compile_model(model, "GPU");
  auto model_context = compiled_model.get_context().as<ov::intel_gpu::ocl::ClContext>();
  EXPECT_EQ(model_context.get(), context_handle);
}

TEST(OpenVinoSnippets, TensorsWrappingNativeHandles) {
  ov::Core core = make_core();
  auto gpu_context = core.get_default_context("GPU").as<ov::intel_gpu::ocl::ClContext>();
  const ov::element::Type in_element_type = ov::element::f32;
  const ov::Shape in_shape = kRemoteShape;
  const size_t input_size = ov::shape_size(in_shape) * in_element_type.size();

  cl::Context cl_context = gpu_context;
  cl_int err = CL_SUCCESS;
  cl::Buffer shared_buffer(cl_context, CL_MEM_READ_WRITE, input_size, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  auto from_cl_buffer = gpu_context.create_tensor(in_element_type, in_shape, shared_buffer);
  cl_mem raw = shared_buffer.get();
  auto from_cl_mem = gpu_context.create_tensor(in_element_type, in_shape, raw);
  EXPECT_EQ(from_cl_mem.get(), from_cl_buffer.get());

  if (supports_usm(device_of_default_context(core))) {  // the page's USM lines, where the device has USM
    ov::intel_gpu::ocl::USMTensor usm_tensor = gpu_context.create_usm_host_tensor(in_element_type, in_shape);
    void* usm_ptr = usm_tensor.get();
    auto from_usm = gpu_context.create_tensor(in_element_type, in_shape, usm_ptr);
    EXPECT_EQ(from_usm.get(), usm_ptr);
    auto device_usm = gpu_context.create_usm_device_tensor(in_element_type, in_shape);
    EXPECT_NE(device_usm.get(), nullptr);
  }

  ov::RemoteTensor remote_tensor = gpu_context.create_tensor(in_element_type, in_shape);
  auto buffer_tensor = remote_tensor.as<ov::intel_gpu::ocl::ClBufferTensor>();
  cl_mem handle = buffer_tensor.get();
  EXPECT_NE(handle, nullptr);
  EXPECT_FALSE(remote_tensor.is<ov::intel_gpu::ocl::USMTensor>());
}

TEST(OpenVinoSnippets, QueueSharingPseudoCode) {
  ov::Core core = make_core();
  auto model = make_remote_test_model();
  auto plugin_context = core.get_default_context("GPU").as<ov::intel_gpu::ocl::ClContext>();
  cl::Context cl_context = plugin_context;
  cl::Device device = cl::Device(cl_context.getInfo<CL_CONTEXT_DEVICES>()[0].get(), true);
  cl::CommandQueue queue(cl_context, device);

  auto remote_context = ov::intel_gpu::ocl::ClContext(core, queue.get());
  auto exec_net_shared = core.compile_model(model, remote_context);
  auto input = model->get_parameters().at(0);
  auto input_size = ov::shape_size(input->get_shape());
  auto output = model->get_results().at(1);  // z
  auto output_size = ov::shape_size(output->get_shape());
  cl_int err;
  cl::Buffer shared_in_buffer(cl_context, CL_MEM_READ_WRITE, input_size * sizeof(float), NULL, &err);
  cl::Buffer shared_out_buffer(cl_context, CL_MEM_READ_WRITE, output_size * sizeof(float), NULL, &err);
  auto shared_in_blob = remote_context.create_tensor(input->get_element_type(), input->get_shape(), shared_in_buffer);
  auto shared_out_blob =
      remote_context.create_tensor(output->get_element_type(), output->get_shape(), shared_out_buffer);
  auto infer_request = exec_net_shared.create_infer_request();
  infer_request.set_tensor(input, shared_in_blob);
  infer_request.set_tensor(output, shared_out_blob);

  cl::Program program(cl_context,
                      "__kernel void user_kernel_preproc(__global float* x) { x[get_global_id(0)] = 1.0f; }\n"
                      "__kernel void user_kernel_postproc(__global float* z) { z[get_global_id(0)] += 1.0f; }\n");
  ASSERT_EQ(program.build({device}), CL_SUCCESS);
  cl::Kernel kernel_preproc(program, "user_kernel_preproc");
  kernel_preproc.setArg(0, shared_in_buffer);
  queue.enqueueNDRangeKernel(kernel_preproc, cl::NDRange(0), cl::NDRange(input_size), cl::NDRange(1), nullptr, nullptr);
  queue.enqueueBarrierWithWaitList(nullptr, nullptr);
  infer_request.start_async();
  cl::Kernel kernel_postproc(program, "user_kernel_postproc");
  kernel_postproc.setArg(0, shared_out_buffer);
  queue.enqueueBarrierWithWaitList(nullptr, nullptr);
  queue.enqueueNDRangeKernel(kernel_postproc, cl::NDRange(0), cl::NDRange(output_size), cl::NDRange(1), nullptr,
                             nullptr);
  queue.finish();
  infer_request.wait();

  std::vector<float> z(output_size);
  queue.enqueueReadBuffer(shared_out_buffer, CL_TRUE, 0, output_size * sizeof(float), z.data());
  // x = 1: y = Relu(1.5) = 1.5, z = 3, plus one.
  EXPECT_EQ(z, std::vector<float>(output_size, 4.0f));
}

TEST(OpenVinoSnippets, OutOfOrderQueueOnTheCompiledModelsContext) {
  ov::Core core = make_core();
  auto model = make_remote_test_model();
  auto compiled_model = core.compile_model(model, "GPU");
  auto infer_request = compiled_model.create_infer_request();
  auto gpu_context = compiled_model.get_context().as<ov::intel_gpu::ocl::ClContext>();
  cl::Context cl_context = gpu_context;
  cl::Device device = cl::Device(cl_context.getInfo<CL_CONTEXT_DEVICES>()[0].get(), true);
  cl_command_queue_properties props = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
  cl::CommandQueue queue = cl::CommandQueue(cl_context, device, props);
  auto input = model->get_parameters().at(0);
  auto input_size = ov::shape_size(input->get_shape());
  cl_int err;
  cl::Buffer shared_buffer(cl_context, CL_MEM_READ_WRITE, input_size * sizeof(float), NULL, &err);
  auto shared_blob = gpu_context.create_tensor(input->get_element_type(), input->get_shape(), shared_buffer);
  std::vector<float> x(input_size, -2.0f);
  queue.enqueueWriteBuffer(shared_buffer, CL_TRUE, 0, input_size * sizeof(float), x.data());
  queue.finish();
  infer_request.set_tensor(input, shared_blob);
  infer_request.infer();
  EXPECT_EQ(values_of(infer_request.get_tensor("z")), expected_z(x));
}

// The GPU device page's "Supported Properties" (004_8de11437e84a050e.txt) spelled as OpenVINO
// spells them, with the performance checklist's queue_throttle and its ThrottleLevel values.
TEST(OpenVinoSnippets, GpuPagePropertiesSpellTheSame) {
  ov::Core core = make_core();
  core.set_property("GPU", ov::intel_gpu::hint::queue_throttle(ov::intel_gpu::hint::ThrottleLevel::LOW));
  ov::intel_gpu::hint::ThrottleLevel throttle = core.get_property("GPU", ov::intel_gpu::hint::queue_throttle);
  EXPECT_EQ(throttle, ov::intel_gpu::hint::ThrottleLevel::LOW);
  core.set_property("GPU", ov::intel_gpu::hint::queue_priority(ov::hint::Priority::HIGH),
                    ov::intel_gpu::hint::host_task_priority(ov::hint::Priority::MEDIUM),
                    ov::intel_gpu::enable_loop_unrolling(true));
  EXPECT_EQ(core.get_property("GPU", ov::intel_gpu::hint::queue_priority), ov::hint::Priority::HIGH);

  std::vector<ov::PropertyName> supported = core.get_property("GPU", ov::supported_properties);
  for (const char* key : {"GPU_QUEUE_THROTTLE", "GPU_QUEUE_PRIORITY", "GPU_HOST_TASK_PRIORITY",
                          "GPU_DEVICE_TOTAL_MEM_SIZE", "GPU_UARCH_VERSION", "GPU_EXECUTION_UNITS_COUNT"})
    EXPECT_NE(std::find(supported.begin(), supported.end(), key), supported.end()) << key;
  uint64_t memory = core.get_property("GPU", ov::intel_gpu::device_total_mem_size);
  EXPECT_GT(memory, 0u);
  std::string uarch = core.get_property("GPU", ov::intel_gpu::uarch_version);
  int32_t units = core.get_property("GPU", ov::intel_gpu::execution_units_count);
  EXPECT_GT(units, 0);
  std::map<std::string, uint64_t> statistics = core.get_property("GPU", ov::intel_gpu::memory_statistics);
  std::vector<std::string> capabilities = core.get_property("GPU", ov::device::capabilities);
  EXPECT_NE(std::find(capabilities.begin(), capabilities.end(), ov::device::capability::EXPORT_IMPORT),
            capabilities.end());
}

}  // namespace
}  // namespace ferry::gpu::test
