// A decoder's NV12 frame, as two OpenCL buffers of the application (Y, and interleaved UV), fed
// straight into a model that expects BGR planar floats at another size: PrePostProcessor adds the
// colour conversion, the resize and the normalisation to the model, the GPU plugin runs them as
// kernels that read the planes in place, and no byte moves between host and device. The result
// is checked against the same preprocessed model on TEMPLATE with host tensors. (The same frame
// in OpenCL images: nv12_image_planes.)
//
//   nv12_preprocessing [plugins.xml]

#include <cstdio>

#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/gpu/properties.hpp"
#include "nv12_frames.hpp"

int main(int argc, char** argv) try {
  ferry::Core core = example::make_core(argc, argv);
  auto model = example::with_nv12_preprocessing(example::relu_model({1, 3, example::kModelSize, example::kModelSize}),
                                                ferry::gpu::memory_type::buffer);
  const example::Nv12Frame frame;

  // The application's context and buffers (a decoder would have written them).
  auto plugin_context = core.get_default_context("GPU").as<ferry::gpu::ocl::ClContext>();
  cl::Device device = cl::Context(plugin_context).getInfo<CL_CONTEXT_DEVICES>()[0];
  cl::Context ctx(device);
  cl::CommandQueue queue(ctx, device);
  cl::Buffer y_buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, frame.y.size(),
                      const_cast<uint8_t*>(frame.y.data()));
  cl::Buffer uv_buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, frame.uv.size(),
                       const_cast<uint8_t*>(frame.uv.data()));

  ferry::gpu::ocl::ClContext remote_context(core, ctx.get());
  ferry::CompiledModel compiled = core.compile_model(model, remote_context);
  ferry::InferRequest request = compiled.create_infer_request();
  request.set_tensor(compiled.input(0), remote_context.create_tensor(ferry::element::u8, example::y_shape(), y_buffer));
  request.set_tensor(compiled.input(1),
                     remote_context.create_tensor(ferry::element::u8, example::uv_shape(), uv_buffer));
  // The output stays in the GPU's memory until the application reads it (below, after the
  // inference), so the inference itself moves nothing either way.
  request.set_output_tensor(remote_context.create_tensor(ferry::element::f32, compiled.output().get_shape()));
  const uint64_t copied_before = core.get_property("GPU", ferry::gpu::copied_bytes);
  request.infer();
  const uint64_t copied = core.get_property("GPU", ferry::gpu::copied_bytes) - copied_before;
  std::printf("nv12_preprocessing: inputs %s and %s, %llu bytes moved between host and device by the inference\n",
              compiled.input(0).get_any_name().c_str(), compiled.input(1).get_any_name().c_str(),
              static_cast<unsigned long long>(copied));
  if (copied != 0) return 1;
  return example::check_against_template(core, model, {frame}, request.get_output_tensor(), "nv12_preprocessing");
} catch (const std::exception& error) {
  std::printf("nv12_preprocessing: %s\n", error.what());
  return 1;
}
