// A decoder's NV12 frames as two OpenCL images each (the Y plane CL_R; the UV plane CL_RG, or on
// devices without CL_RG images such as PoCL a CL_R image of U, V texel pairs as wide as Y:
// ClContext::nv12_uv_image_format() says which), into a model that expects BGR planar floats at
// another size. PrePostProcessor (set_memory_type(surface)) adds the colour conversion, resize and
// normalisation; the GPU plugin's colour conversion reads the images in place. One frame through
// create_tensor_nv12 + set_tensor, then a batch of two frames through set_tensors (one tensor per
// frame and plane), each checked against TEMPLATE fed the same planes as host tensors, with no
// byte moved between host and device nor copied on the device by the inferences.
//
//   nv12_image_planes [plugins.xml]

#include <cstdio>

#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/gpu/properties.hpp"
#include "nv12_frames.hpp"

namespace {

// A frame's planes as images of `ctx` (a decoder would have written them).
std::pair<cl::Image2D, cl::Image2D> decoded_images(const cl::Context& ctx, const cl_image_format& uv_format,
                                                   const example::Nv12Frame& frame) {
  const cl_mem_flags flags = CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR;
  cl::Image2D y(ctx, flags, cl::ImageFormat(CL_R, CL_UNORM_INT8), example::kFrameWidth, example::kFrameHeight, 0,
                const_cast<uint8_t*>(frame.y.data()));
  cl::Image2D uv(ctx, flags, cl::ImageFormat(uv_format.image_channel_order, uv_format.image_channel_data_type),
                 ferry::gpu::ocl::nv12_uv_width(uv_format, example::kFrameWidth), example::kFrameHeight / 2, 0,
                 const_cast<uint8_t*>(frame.uv.data()));
  return {y, uv};
}

// Bytes moved between host and device, and copied on the device, since the last call.
struct CopyCounters {
  ferry::Core& core;
  uint64_t host = 0, device = 0;
  void start() {
    host = core.get_property("GPU", ferry::gpu::copied_bytes);
    device = core.get_property("GPU", ferry::gpu::device_copied_bytes);
  }
  bool none_since() {
    const uint64_t now_host = core.get_property("GPU", ferry::gpu::copied_bytes);
    const uint64_t now_device = core.get_property("GPU", ferry::gpu::device_copied_bytes);
    const bool none = now_host == host && now_device == device;
    std::printf("nv12_image_planes: %llu bytes moved between host and device, %llu copied on the device\n",
                static_cast<unsigned long long>(now_host - host), static_cast<unsigned long long>(now_device - device));
    host = now_host, device = now_device;
    return none;
  }
};

}  // namespace

int main(int argc, char** argv) try {
  ferry::Core core = example::make_core(argc, argv);
  auto plugin_context = core.get_default_context("GPU").as<ferry::gpu::ocl::ClContext>();
  cl::Device device = cl::Context(plugin_context).getInfo<CL_CONTEXT_DEVICES>()[0];
  cl::Context ctx(device);
  ferry::gpu::ocl::ClContext remote_context(core, ctx.get());
  const cl_image_format uv_format = remote_context.nv12_uv_image_format();
  std::printf("nv12_image_planes: UV plane as %s images\n",
              uv_format.image_channel_order == CL_RG ? "CL_RG" : "CL_R texel-pair");
  const std::vector<example::Nv12Frame> frames{example::Nv12Frame(0), example::Nv12Frame(1)};
  CopyCounters copies{core};

  // One frame.
  auto model = example::with_nv12_preprocessing(example::relu_model({1, 3, example::kModelSize, example::kModelSize}),
                                                ferry::gpu::memory_type::surface);
  ferry::CompiledModel compiled = core.compile_model(model, remote_context);
  ferry::InferRequest request = compiled.create_infer_request();
  const auto [y_image, uv_image] = decoded_images(ctx, uv_format, frames[0]);
  const auto [y, uv] = remote_context.create_tensor_nv12(y_image, uv_image);
  request.set_tensor(compiled.input(0), y);
  request.set_tensor(compiled.input(1), uv);
  // The output stays in the GPU's memory until the application reads it (check_against_template
  // does, after the inference), so the inference itself moves nothing either way.
  request.set_output_tensor(remote_context.create_tensor(ferry::element::f32, compiled.output().get_shape()));
  copies.start();
  request.infer();
  if (!copies.none_since()) return 1;
  if (example::check_against_template(core, model, {frames[0]}, request.get_output_tensor(), "nv12_image_planes"))
    return 1;

  // A batch of frames: one tensor per frame and plane.
  auto batched_model = example::with_nv12_preprocessing(
      example::relu_model({frames.size(), 3, example::kModelSize, example::kModelSize}),
      ferry::gpu::memory_type::surface);
  ferry::CompiledModel batched = core.compile_model(batched_model, remote_context);
  ferry::InferRequest batch_request = batched.create_infer_request();
  std::vector<cl::Image2D> images;  // the decoder's, alive while the tensors are used
  std::vector<ferry::Tensor> ys, uvs;
  for (const auto& frame : frames) {
    const auto [frame_y, frame_uv] = decoded_images(ctx, uv_format, frame);
    const auto [y_tensor, uv_tensor] = remote_context.create_tensor_nv12(frame_y, frame_uv);
    images.insert(images.end(), {frame_y, frame_uv});
    ys.push_back(y_tensor);
    uvs.push_back(uv_tensor);
  }
  batch_request.set_tensors(batched.input(0), ys);
  batch_request.set_tensors(batched.input(1), uvs);
  batch_request.set_output_tensor(remote_context.create_tensor(ferry::element::f32, batched.output().get_shape()));
  copies.start();
  batch_request.infer();
  if (!copies.none_since()) return 1;
  return example::check_against_template(core, batched_model, frames, batch_request.get_output_tensor(),
                                         "nv12_image_planes (batch of 2)");
} catch (const std::exception& error) {
  std::printf("nv12_image_planes: %s\n", error.what());
  return 1;
}
