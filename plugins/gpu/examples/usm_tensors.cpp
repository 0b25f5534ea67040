// USM tensors: host USM the application writes directly, device USM for the output. On devices
// without cl_intel_unified_shared_memory (NVIDIA's driver, PoCL) Ferry uses SVM instead, and a
// device with neither refuses with an error naming the device.
//
//   usm_tensors [plugins.xml]

#include <cstdio>

#include "example_model.hpp"
#include "ferry/gpu/ocl/ocl.hpp"

int main(int argc, char** argv) try {
  const ferry::Shape shape{16, 64};
  const size_t count = ferry::shape_size(shape);
  ferry::Core core = example::make_core(argc, argv);
  auto gpu_context = core.get_default_context("GPU").as<ferry::gpu::ocl::ClContext>();
  ferry::CompiledModel compiled = core.compile_model(example::relu_model(shape), gpu_context);
  ferry::InferRequest request = compiled.create_infer_request();

  ferry::gpu::ocl::USMTensor input;
  try {
    input = gpu_context.create_usm_host_tensor(ferry::element::f32, shape);
  } catch (const ferry::Exception& error) {
    std::printf("usm_tensors: this device has no USM: %s\n", error.what());
    return 0;
  }
  float* host_usm = static_cast<float*>(input.get());  // written in place by the application
  std::vector<float> x(count), y(count);
  for (size_t i = 0; i < count; ++i) host_usm[i] = x[i] = static_cast<float>(i % 13) - 6.0f;
  ferry::gpu::ocl::USMTensor output = gpu_context.create_usm_device_tensor(ferry::element::f32, shape);

  request.set_tensor("x", input);
  request.set_tensor("y", output);
  request.infer();

  ferry::Tensor host(ferry::element::f32, shape, y.data());
  output.copy_to(host);
  return example::check(x, y, "usm_tensors");
} catch (const std::exception& error) {
  std::printf("usm_tensors: %s\n", error.what());
  return 1;
}
