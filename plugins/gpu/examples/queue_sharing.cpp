// Queue sharing, as on the Remote Tensor API page: the model enqueues its inference into the
// application's queue; pre- and post-processing kernels of the application are ordered around it
// with barriers, and the host waits once, for the whole pipeline.
//
//   queue_sharing [plugins.xml]

#include <cstdio>

#include "example_model.hpp"
#include "ferry/gpu/ocl/ocl.hpp"

int main(int argc, char** argv) try {
  const ferry::Shape shape{8, 128};
  const size_t count = ferry::shape_size(shape);
  ferry::Core core = example::make_core(argc, argv);
  auto plugin_context = core.get_default_context("GPU").as<ferry::gpu::ocl::ClContext>();
  cl::Context cl_context = plugin_context;
  cl::Device device = cl_context.getInfo<CL_CONTEXT_DEVICES>()[0];
  cl::CommandQueue queue(cl_context, device);

  // Share the queue with the GPU plugin and compile the model for it.
  ferry::gpu::ocl::ClContext remote_context(core, queue.get());
  ferry::CompiledModel compiled = core.compile_model(example::relu_model(shape), remote_context);
  ferry::InferRequest request = compiled.create_infer_request();

  cl::Buffer shared_in(cl_context, CL_MEM_READ_WRITE, count * sizeof(float));
  cl::Buffer shared_out(cl_context, CL_MEM_READ_WRITE, count * sizeof(float));
  request.set_tensor("x", remote_context.create_tensor(ferry::element::f32, shape, shared_in));
  request.set_tensor("y", remote_context.create_tensor(ferry::element::f32, shape, shared_out));

  cl::Program program(
      cl_context,
      "__kernel void preprocess(__global float* x) { x[get_global_id(0)] = (float)(get_global_id(0) % 9) - 4.0f; }\n"
      "__kernel void postprocess(__global float* y) { y[get_global_id(0)] *= 10.0f; }\n");
  program.build({device});
  cl::Kernel preprocess(program, "preprocess"), postprocess(program, "postprocess");
  preprocess.setArg(0, shared_in);
  postprocess.setArg(0, shared_out);

  queue.enqueueNDRangeKernel(preprocess, cl::NullRange, cl::NDRange(count));
  queue.enqueueBarrierWithWaitList();
  request.start_async();  // returns once the inference is enqueued into `queue`
  queue.enqueueBarrierWithWaitList();
  queue.enqueueNDRangeKernel(postprocess, cl::NullRange, cl::NDRange(count));
  queue.finish();  // the whole pipeline
  request.wait();  // the request is idle again (its work is done already)

  std::vector<float> x(count), y(count);
  for (size_t i = 0; i < count; ++i) x[i] = static_cast<float>(i % 9) - 4.0f;
  queue.enqueueReadBuffer(shared_out, CL_TRUE, 0, count * sizeof(float), y.data());
  for (float& value : y) value /= 10.0f;
  return example::check(x, y, "queue_sharing");
} catch (const std::exception& error) {
  std::printf("queue_sharing: %s\n", error.what());
  return 1;
}
