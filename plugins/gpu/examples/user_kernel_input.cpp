// The Remote Tensor API page's first example: the application's OpenCL kernel writes the input of
// a compiled model in the model's own context (taken from the compiled model), and inference reads
// it there, with no copy.
//
//   user_kernel_input [plugins.xml]

#include <cstdio>

#include "example_model.hpp"
#include "ferry/gpu/ocl/ocl.hpp"

int main(int argc, char** argv) try {
  const ferry::Shape shape{4, 256};
  ferry::Core core = example::make_core(argc, argv);
  ferry::CompiledModel compiled = core.compile_model(example::relu_model(shape), "GPU");
  ferry::InferRequest request = compiled.create_infer_request();

  // The compiled model's OpenCL context, a queue and a buffer of the application's in it.
  auto gpu_context = compiled.get_context().as<ferry::gpu::ocl::ClContext>();
  cl::Context cl_context = gpu_context;
  cl::Device device = cl_context.getInfo<CL_CONTEXT_DEVICES>()[0];
  cl::CommandQueue queue(cl_context, device);
  const size_t count = ferry::shape_size(shape);
  cl::Buffer shared_buffer(cl_context, CL_MEM_READ_WRITE, count * sizeof(float));
  auto shared_tensor = gpu_context.create_tensor(ferry::element::f32, shape, shared_buffer);

  // The application's kernel produces the input on the device.
  cl::Program program(cl_context,
                      "__kernel void produce(__global float* x) {"
                      "  x[get_global_id(0)] = (float)((int)get_global_id(0) % 7) - 3.0f; }");
  program.build({device});
  cl::Kernel kernel(program, "produce");
  kernel.setArg(0, shared_buffer);
  queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(count));
  queue.finish();

  request.set_tensor("x", shared_tensor);
  request.infer();

  std::vector<float> x(count);
  for (size_t i = 0; i < count; ++i) x[i] = static_cast<float>(static_cast<int>(i) % 7) - 3.0f;
  const ferry::Tensor y = request.get_tensor("y");
  return example::check(x, std::vector<float>(y.data<float>(), y.data<float>() + count), "user_kernel_input");
} catch (const std::exception& error) {
  std::printf("user_kernel_input: %s\n", error.what());
  return 1;
}
