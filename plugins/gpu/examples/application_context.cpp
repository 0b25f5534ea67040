// The application's own OpenCL context shared with the GPU plugin: the model is compiled in it,
// and the application's buffers are the model's input and output, read and written in place.
//
//   application_context [plugins.xml]

#include <cstdio>

#include "example_model.hpp"
#include "ferry/gpu/ocl/ocl.hpp"

int main(int argc, char** argv) try {
  const ferry::Shape shape{2, 512};
  const size_t count = ferry::shape_size(shape);
  ferry::Core core = example::make_core(argc, argv);

  // The application's context: here on the device of the plugin's default context (an application
  // would make it on the GPU it renders or decodes with; it must be one of the plugin's devices).
  auto plugin_context = core.get_default_context("GPU").as<ferry::gpu::ocl::ClContext>();
  cl::Device device = cl::Context(plugin_context).getInfo<CL_CONTEXT_DEVICES>()[0];
  cl::Context ctx(device);
  cl::CommandQueue queue(ctx, device);

  ferry::gpu::ocl::ClContext remote_context(core, ctx.get());
  ferry::CompiledModel compiled = core.compile_model(example::relu_model(shape), remote_context);
  ferry::InferRequest request = compiled.create_infer_request();

  std::vector<float> x(count), y(count);
  for (size_t i = 0; i < count; ++i) x[i] = static_cast<float>(i % 11) - 5.0f;
  cl::Buffer input(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, count * sizeof(float), x.data());
  cl::Buffer output(ctx, CL_MEM_READ_WRITE, count * sizeof(float));
  request.set_tensor("x", remote_context.create_tensor(ferry::element::f32, shape, input));
  request.set_tensor("y", remote_context.create_tensor(ferry::element::f32, shape, output));
  const uint64_t copied_before = core.get_property("GPU", ferry::gpu::copied_bytes);
  request.infer();
  const uint64_t copied = core.get_property("GPU", ferry::gpu::copied_bytes) - copied_before;
  std::printf("application_context: %llu bytes moved between host and device by the inference\n",
              static_cast<unsigned long long>(copied));

  queue.enqueueReadBuffer(output, CL_TRUE, 0, count * sizeof(float), y.data());
  return copied != 0 ? 1 : example::check(x, y, "application_context");
} catch (const std::exception& error) {
  std::printf("application_context: %s\n", error.what());
  return 1;
}
