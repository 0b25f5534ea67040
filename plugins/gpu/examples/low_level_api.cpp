// The low-level remote API, for code without OpenCL headers: contexts and tensors made from
// parameter maps (ferry/gpu/remote_properties.hpp), native handles passed as void*. Everything
// the ocl.hpp wrappers do goes through these calls.
//
//   low_level_api [plugins.xml]

#include <cstdio>

#include "example_model.hpp"
#include "ferry/gpu/remote_properties.hpp"

int main(int argc, char** argv) try {
  namespace gpu = ferry::gpu;
  const ferry::Shape shape{3, 100};
  const size_t count = ferry::shape_size(shape);
  ferry::Core core = example::make_core(argc, argv);

  // The plugin's default context, described by its parameters: OCL_CONTEXT is the cl_context.
  ferry::RemoteContext context = core.get_default_context("GPU");
  const ferry::AnyMap params = context.get_params();
  std::printf("low_level_api: CONTEXT_TYPE %s, OCL_CONTEXT %p\n",
              params.at(gpu::context_type.name()).as<std::string>().c_str(),
              params.at(gpu::ocl_context.name()).as<void*>());
  // The same parameters give back the same context.
  ferry::RemoteContext again = core.create_context("GPU", params);
  ferry::CompiledModel compiled = core.compile_model(example::relu_model(shape), again);
  ferry::InferRequest request = compiled.create_infer_request();

  // A buffer the plugin allocates; its MEM_HANDLE is a cl_mem an OpenCL user could bind.
  ferry::RemoteTensor input = context.create_tensor(ferry::element::f32, shape,
                                                    {{gpu::shared_mem_type.name(), gpu::SharedMemType::OCL_BUFFER}});
  ferry::RemoteTensor output = context.create_tensor(ferry::element::f32, shape);
  std::printf("low_level_api: input MEM_HANDLE %p\n", input.get_params().at(gpu::mem_handle.name()).as<void*>());
  std::vector<float> x(count), y(count);
  for (size_t i = 0; i < count; ++i) x[i] = static_cast<float>(i % 5) - 2.0f;
  input.copy_from(ferry::Tensor(ferry::element::f32, shape, x.data()));

  request.set_tensor("x", input);
  request.set_tensor("y", output);
  request.infer();
  ferry::Tensor host(ferry::element::f32, shape, y.data());
  output.copy_to(host);
  return example::check(x, y, "low_level_api");
} catch (const std::exception& error) {
  std::printf("low_level_api: %s\n", error.what());
  return 1;
}
