// A decoder's NV12 frame, as two OpenCL buffers of the application (Y, and interleaved UV), fed
// straight into a model that expects BGR planar floats at another size: PrePostProcessor adds the
// colour conversion, the resize and the normalisation to the model, the GPU plugin runs them as
// kernels that read the planes in place, and no byte moves between host and device. The result
// is checked against the same preprocessed model on TEMPLATE with host tensors.
//
//   nv12_preprocessing [plugins.xml]

#include <cmath>
#include <cstdio>

#include "example_model.hpp"
#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/gpu/properties.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"

namespace {

constexpr size_t kFrameHeight = 24, kFrameWidth = 32;  // the decoder's frames
constexpr size_t kModelSize = 16;                      // the model takes [1,3,16,16]

std::shared_ptr<ferry::Model> with_nv12_preprocessing(std::shared_ptr<ferry::Model> model) {
  using namespace ferry::preprocess;
  PrePostProcessor ppp(model);
  ppp.input()
      .tensor()
      .set_element_type(ferry::element::u8)
      .set_color_format(ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type(ferry::gpu::memory_type::buffer)
      .set_spatial_static_shape(kFrameHeight, kFrameWidth);
  ppp.input()
      .preprocess()
      .convert_element_type(ferry::element::f32)
      .convert_color(ColorFormat::BGR)
      .resize(ResizeAlgorithm::RESIZE_LINEAR)
      .mean(128.0f)
      .scale(64.0f);
  ppp.input().model().set_layout("NCHW");
  return ppp.build();
}

}  // namespace

int main(int argc, char** argv) try {
  ferry::Core core = example::make_core(argc, argv);
  auto model = with_nv12_preprocessing(example::relu_model({1, 3, kModelSize, kModelSize}));

  // A synthetic frame: a gradient in Y, slowly varying chroma.
  std::vector<uint8_t> y(kFrameHeight * kFrameWidth), uv(kFrameHeight / 2 * kFrameWidth / 2 * 2);
  for (size_t i = 0; i < y.size(); ++i) y[i] = static_cast<uint8_t>(16 + (i * 7) % 220);
  for (size_t i = 0; i < uv.size(); ++i) uv[i] = static_cast<uint8_t>(64 + (i * 5) % 128);
  const ferry::Shape y_shape{1, kFrameHeight, kFrameWidth, 1}, uv_shape{1, kFrameHeight / 2, kFrameWidth / 2, 2};

  // The application's context and buffers (a decoder would have written them).
  auto plugin_context = core.get_default_context("GPU").as<ferry::gpu::ocl::ClContext>();
  cl::Device device = cl::Context(plugin_context).getInfo<CL_CONTEXT_DEVICES>()[0];
  cl::Context ctx(device);
  cl::CommandQueue queue(ctx, device);
  cl::Buffer y_buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, y.size(), y.data());
  cl::Buffer uv_buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, uv.size(), uv.data());

  ferry::gpu::ocl::ClContext remote_context(core, ctx.get());
  ferry::CompiledModel compiled = core.compile_model(model, remote_context);
  ferry::InferRequest request = compiled.create_infer_request();
  request.set_tensor(compiled.input(0), remote_context.create_tensor(ferry::element::u8, y_shape, y_buffer));
  request.set_tensor(compiled.input(1), remote_context.create_tensor(ferry::element::u8, uv_shape, uv_buffer));
  const uint64_t copied_before = core.get_property("GPU", ferry::gpu::copied_bytes);
  request.infer();
  // The output is read back below, outside the inference, as an application would.
  const uint64_t copied = core.get_property("GPU", ferry::gpu::copied_bytes) - copied_before;
  std::printf("nv12_preprocessing: inputs %s and %s, %llu bytes moved between host and device by the inference\n",
              compiled.input(0).get_any_name().c_str(), compiled.input(1).get_any_name().c_str(),
              static_cast<unsigned long long>(copied));
  const ferry::Tensor gpu_output = request.get_output_tensor();

  // The same preprocessed model on TEMPLATE, fed host tensors.
  ferry::InferRequest reference = core.compile_model(model, "TEMPLATE").create_infer_request();
  reference.set_input_tensor(0, ferry::Tensor(ferry::element::u8, y_shape, y.data()));
  reference.set_input_tensor(1, ferry::Tensor(ferry::element::u8, uv_shape, uv.data()));
  reference.infer();
  const ferry::Tensor expected = reference.get_output_tensor();

  const float* got = gpu_output.data<float>();
  const float* want = expected.data<float>();
  for (size_t i = 0; i < expected.get_size(); ++i) {
    if (std::fabs(got[i] - want[i]) > 1e-3f) {  // linear resize in float on both; u8 planes exact
      std::printf("nv12_preprocessing: output[%zu] = %g on GPU, %g on TEMPLATE\n", i, got[i], want[i]);
      return 1;
    }
  }
  if (copied != 0) return 1;
  std::printf("nv12_preprocessing: %zu outputs as expected\n", expected.get_size());
  return 0;
} catch (const std::exception& error) {
  std::printf("nv12_preprocessing: %s\n", error.what());
  return 1;
}
