// NV12 frames as OpenCL image planes (ClContext::create_tensor_nv12) and batches of remote frames
// (set_tensors, one tensor per frame and plane) into a model with NV12 preprocessing: the colour
// conversion reads the planes in place (GPU_COPIED_BYTES and GPU_DEVICE_COPIED_BYTES unchanged by
// an inference) with TEMPLATE's results on the same frames given as host tensors; the UV format a
// device takes (CL_RG, or CL_R texel pairs on PoCL); every bad input refused by name; OpenCL
// reference counts balanced.

#include <gtest/gtest.h>

#include <cstring>

#include "ferry/gpu/ocl/nv12_planes.hpp"
#include "ferry/gpu/ocl/ocl.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/app_opencl.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

using ocl::ClContext;
using ocl::ImagePlane;
using ocl::Nv12UvLayout;

constexpr size_t kHeight = 6, kWidth = 10;  // the frames (H, W even; neither a multiple of the other)
constexpr size_t kModelSize = 4;            // the model takes [N,3,4,4] after the resize
// The device computes in float as the reference does; the samples are whole numbers either way.
constexpr double kTolerance = 1e-4;

// x [N,3,S,S] f32 -> Relu, with NV12 two-plane preprocessing (u8 planes "x/y", "x/uv"): with
// `resize`, frames of kHeight x kWidth, convert_element_type(f32) then BGR, resize, mean, scale (the
// example's chain); without, frames of the model's size, BGR in u8 then f32.
std::shared_ptr<Model> nv12_model(size_t batch, bool resize) {
  const size_t size = resize ? kModelSize : kHeight;
  auto x =
      std::make_shared<op::v0::Parameter>(element::f32, PartialShape(Shape{batch, 3, size, resize ? size : kWidth}));
  x->output(0).set_names({"x"});
  x->set_friendly_name("x");
  auto relu = std::make_shared<op::v0::Relu>(x);
  auto model = std::make_shared<Model>(OutputVector{relu}, ParameterVector{x}, "nv12");
  preprocess::PrePostProcessor ppp(model);
  auto& tensor = ppp.input().tensor();
  tensor.set_element_type(element::u8)
      .set_color_format(preprocess::ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type(memory_type::surface);
  if (resize) {
    tensor.set_spatial_static_shape(kHeight, kWidth);
    ppp.input()
        .preprocess()
        .convert_element_type(element::f32)
        .convert_color(preprocess::ColorFormat::BGR)
        .resize(preprocess::ResizeAlgorithm::RESIZE_LINEAR)
        .mean(128.0f)
        .scale(64.0f);
  } else {
    ppp.input().preprocess().convert_color(preprocess::ColorFormat::BGR).convert_element_type(element::f32);
  }
  ppp.input().model().set_layout("NCHW");
  return ppp.build();
}

// One frame's planes, full-range samples (so clamping is exercised).
struct Frame {
  std::vector<uint8_t> y, uv;
  explicit Frame(unsigned seed) : y(kHeight * kWidth), uv(kHeight / 2 * kWidth) {
    for (size_t i = 0; i < y.size(); ++i) y[i] = static_cast<uint8_t>((i * 37 + seed * 11) % 256);
    for (size_t i = 0; i < uv.size(); ++i) uv[i] = static_cast<uint8_t>((i * 53 + seed * 29 + 7) % 256);
  }
};

// The frames joined as host tensors Y [N,H,W,1] and UV [N,H/2,W/2,2].
std::pair<Tensor, Tensor> host_planes(const std::vector<Frame>& frames) {
  const size_t n = frames.size();
  Tensor y(element::u8, {n, kHeight, kWidth, 1}), uv(element::u8, {n, kHeight / 2, kWidth / 2, 2});
  for (size_t k = 0; k < n; ++k) {
    std::memcpy(y.data<uint8_t>() + k * frames[k].y.size(), frames[k].y.data(), frames[k].y.size());
    std::memcpy(uv.data<uint8_t>() + k * frames[k].uv.size(), frames[k].uv.data(), frames[k].uv.size());
  }
  return {y, uv};
}

class GpuNv12Images : public ::testing::Test {
 protected:
  GpuNv12Images() : core(make_core()), context(core.get_default_context("GPU").as<ClContext>()), cl(context) {}

  uint64_t copied() { return core.get_property("GPU", copied_bytes); }
  uint64_t device_copied() { return core.get_property("GPU", device_copied_bytes); }

  cl::Image2D image(const cl_image_format& format, size_t width, size_t height, const uint8_t* data = nullptr) {
    return cl::Image2D(cl, CL_MEM_READ_ONLY | (data ? CL_MEM_COPY_HOST_PTR : 0),
                       cl::ImageFormat(format.image_channel_order, format.image_channel_data_type), width, height, 0,
                       const_cast<uint8_t*>(data));
  }
  // A frame's Y and UV images; UV in the device's format (nv12_uv_image_format) unless given.
  std::pair<cl::Image2D, cl::Image2D> images_of(const Frame& frame, cl_channel_type type = CL_UNORM_INT8) {
    cl_image_format uv_format = context.nv12_uv_image_format();
    uv_format.image_channel_data_type = type;
    return {image({CL_R, type}, kWidth, kHeight, frame.y.data()),
            image(uv_format, ocl::nv12_uv_width(uv_format, kWidth), kHeight / 2, frame.uv.data())};
  }
  Tensor reference(const std::shared_ptr<Model>& model, const std::vector<Frame>& frames) {
    InferRequest request = core.compile_model(model, "TEMPLATE").create_infer_request();
    const auto [y, uv] = host_planes(frames);
    request.set_tensor("x/y", y);
    request.set_tensor("x/uv", uv);
    request.infer();
    return request.get_output_tensor();
  }
  // Runs `request` (planes set) twice, synchronously and asynchronously: no byte of the planes
  // moves between host and device nor within the device (a device with its own memory gives out
  // only the host output); the output equals `expected`.
  void expect_in_place(InferRequest& request, const Tensor& expected) {
    const uint64_t before = copied(), device_before = device_copied();
    request.infer();
    request.start_async();
    request.wait();
    const uint64_t output_out = gpu_shares_host_memory(core) ? 0 : 2 * request.get_output_tensor().get_byte_size();
    EXPECT_EQ(copied() - before, output_out) << "bytes moved between host and device";
    EXPECT_EQ(device_copied(), device_before) << "bytes copied on the device";
    expect_values_close(request.get_output_tensor(), expected, kTolerance, 0.0, "output");
  }

  Core core;
  ClContext context;
  cl::Context cl;
};

TEST(Nv12Planes, UvFormatIsClRgWhereTheDeviceHasIt) {
  const std::vector<cl_image_format> with_rg = {{CL_R, CL_UNORM_INT8}, {CL_RG, CL_UNORM_INT8}};
  const std::vector<cl_image_format> without_rg = {{CL_R, CL_UNORM_INT8}, {CL_RGBA, CL_UNORM_INT8}};
  EXPECT_EQ(ocl::nv12_uv_format(with_rg).image_channel_order, static_cast<cl_channel_order>(CL_RG));
  EXPECT_EQ(ocl::nv12_uv_format(without_rg).image_channel_order, static_cast<cl_channel_order>(CL_R));
  EXPECT_EQ(ocl::nv12_uv_width(ocl::nv12_uv_format(with_rg), 10), 5u);
  EXPECT_EQ(ocl::nv12_uv_width(ocl::nv12_uv_format(without_rg), 10), 10u);
  const ImagePlane rg{{CL_RG, CL_UNORM_INT8}, 5, 3}, pairs{{CL_R, CL_UNSIGNED_INT8}, 10, 3};
  EXPECT_EQ(ocl::nv12_uv_layout(rg, 10, 6), Nv12UvLayout::RG);
  EXPECT_EQ(ocl::nv12_uv_layout(pairs, 10, 6), Nv12UvLayout::R_PAIRS);
  EXPECT_EQ(ocl::nv12_uv_layout(rg, 10, 8), Nv12UvLayout::NONE);
  EXPECT_EQ(ocl::nv12_uv_layout(pairs, 12, 6), Nv12UvLayout::NONE);
}

TEST(Nv12Planes, EveryProblemIsNamed) {
  const ImagePlane y{{CL_R, CL_UNORM_INT8}, 10, 6}, uv{{CL_R, CL_UNORM_INT8}, 10, 3};
  EXPECT_EQ(ocl::nv12_planes_problem(y, uv), "");
  EXPECT_EQ(ocl::nv12_planes_problem({{CL_LUMINANCE, CL_UNSIGNED_INT8}, 10, 6}, {{CL_RG, CL_UNSIGNED_INT8}, 5, 3}), "");
  const auto problem = [](const ImagePlane& y_plane, const ImagePlane& uv_plane) {
    return ocl::nv12_planes_problem(y_plane, uv_plane);
  };
  EXPECT_NE(problem({{CL_RGBA, CL_UNORM_INT8}, 10, 6}, uv).find("the Y plane is a 10x6 CL_RGBA CL_UNORM_INT8 image"),
            std::string::npos);
  EXPECT_NE(problem({{CL_R, CL_FLOAT}, 10, 6}, uv).find("CL_FLOAT"), std::string::npos);
  EXPECT_NE(problem({{CL_R, CL_UNORM_INT8}, 9, 6}, uv).find("even, positive width and height"), std::string::npos);
  EXPECT_NE(problem({{CL_R, CL_UNORM_INT8}, 10, 5}, uv).find("is 10x5"), std::string::npos);
  EXPECT_NE(problem(y, {{CL_RGBA, CL_UNORM_INT8}, 5, 3}).find("the UV plane is a 5x3 CL_RGBA"), std::string::npos);
  EXPECT_NE(problem(y, {{CL_RG, CL_UNORM_INT8}, 5, 6}).find("must be 5x3 (half the width and height)"),
            std::string::npos);
  EXPECT_NE(problem(y, {{CL_R, CL_UNORM_INT8}, 5, 3}).find("must be 10x3 (the Y plane's width, half its height)"),
            std::string::npos);
}

TEST_F(GpuNv12Images, TheDeviceUvFormatIsChosenByItsImageFormats) {
  std::vector<cl::ImageFormat> formats;
  cl.getSupportedImageFormats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, &formats);
  bool has_rg = false;
  for (const auto& format : formats)
    has_rg = has_rg || (format.image_channel_order == CL_RG && format.image_channel_data_type == CL_UNORM_INT8);
  const cl_image_format chosen = context.nv12_uv_image_format();
  EXPECT_EQ(chosen.image_channel_order, static_cast<cl_channel_order>(has_rg ? CL_RG : CL_R));
  cl::Platform owner(cl.getInfo<CL_CONTEXT_DEVICES>()[0].getInfo<CL_DEVICE_PLATFORM>(), true);
  if (owner.getInfo<CL_PLATFORM_VERSION>().find("PoCL 3.1") != std::string::npos) {  // CI's; PoCL 5 has CL_RG
    EXPECT_FALSE(has_rg) << "PoCL 3.1 has no CL_RG images (PLATFORM.md): the CL_R texel-pair path runs here";
  }
}

TEST_F(GpuNv12Images, ImagePlanesAreReadInPlace) {
  const std::vector<Frame> frames{Frame(1)};
  for (const bool resize : {true, false}) {
    SCOPED_TRACE(resize ? "f32 conversion, resize, mean, scale" : "u8 conversion");
    const auto model = nv12_model(1, resize);
    const Tensor expected = reference(model, frames);
    CompiledModel compiled = core.compile_model(model, context);
    InferRequest request = compiled.create_infer_request();
    for (const cl_channel_type type : {CL_UNORM_INT8, CL_UNSIGNED_INT8}) {
      SCOPED_TRACE(type == CL_UNORM_INT8 ? "CL_UNORM_INT8" : "CL_UNSIGNED_INT8");
      const auto [y_image, uv_image] = images_of(frames[0], type);
      const auto [y, uv] = context.create_tensor_nv12(y_image, uv_image);
      EXPECT_EQ(y.get_shape(), (Shape{1, kHeight, kWidth, 1}));
      EXPECT_EQ(uv.get_shape(), (Shape{1, kHeight / 2, kWidth / 2, 2}));
      EXPECT_EQ(y.get(), y_image.get());
      request.set_tensor("x/y", y);
      request.set_tensor("x/uv", uv);
      expect_in_place(request, expected);
    }
    // The same compiled model still takes host planes (the buffer kernel): same results.
    const auto [y, uv] = host_planes(frames);
    request.set_tensor("x/y", y);
    request.set_tensor("x/uv", uv);
    request.infer();
    expect_values_close(request.get_output_tensor(), expected, kTolerance, 0.0, "output from host planes");
  }
}

TEST_F(GpuNv12Images, BatchesOfImageFramesAreReadInPlace) {
  const std::vector<Frame> frames{Frame(2), Frame(3), Frame(4)};
  const auto model = nv12_model(frames.size(), true);
  CompiledModel compiled = core.compile_model(model, context);
  InferRequest request = compiled.create_infer_request();
  std::vector<Tensor> ys, uvs;
  std::vector<cl::Image2D> images;
  for (const Frame& frame : frames) {
    const auto [y_image, uv_image] = images_of(frame);
    const auto [y, uv] = context.create_tensor_nv12(y_image, uv_image);
    ys.push_back(y);
    uvs.push_back(uv);
    images.push_back(y_image);
    images.push_back(uv_image);
  }
  request.set_tensors("x/y", ys);
  request.set_tensors("x/uv", uvs);
  expect_in_place(request, reference(model, frames));
  request = InferRequest();
  ys.clear();
  uvs.clear();
  for (const cl::Image2D& image : images) EXPECT_EQ(reference_count(image.get()), 1u) << "a plane image leaked";
}

TEST_F(GpuNv12Images, BatchesOfBufferFramesAreReadInPlace) {
  const std::vector<Frame> frames{Frame(5), Frame(6)};
  const auto model = nv12_model(frames.size(), true);
  CompiledModel compiled = core.compile_model(model, context);
  InferRequest request = compiled.create_infer_request();
  std::vector<Tensor> ys, uvs;
  for (const Frame& frame : frames) {
    cl::Buffer y(cl, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, frame.y.size(), const_cast<uint8_t*>(frame.y.data()));
    cl::Buffer uv(cl, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, frame.uv.size(), const_cast<uint8_t*>(frame.uv.data()));
    ys.push_back(context.create_tensor(element::u8, {1, kHeight, kWidth, 1}, y));
    uvs.push_back(context.create_tensor(element::u8, {1, kHeight / 2, kWidth / 2, 2}, uv));
  }
  request.set_tensors("x/y", ys);
  request.set_tensors("x/uv", uvs);
  expect_in_place(request, reference(model, frames));
}

TEST_F(GpuNv12Images, PlanesOfDifferentKindsAreCopiedOnTheDevice) {
  // A Y image with host UV: correct, through the image's copy into a buffer.
  const std::vector<Frame> frames{Frame(7)};
  const auto model = nv12_model(1, true);
  InferRequest request = core.compile_model(model, context).create_infer_request();
  const auto [y_image, uv_image] = images_of(frames[0]);
  request.set_tensor("x/y", context.create_tensor_nv12(y_image, uv_image).first);
  request.set_tensor("x/uv", host_planes(frames).second);
  const uint64_t device_before = device_copied();
  request.infer();
  EXPECT_EQ(device_copied(), device_before + kHeight * kWidth);
  expect_values_close(request.get_output_tensor(), reference(model, frames), kTolerance, 0.0, "output");
}

TEST_F(GpuNv12Images, BadPlanesAndBatchesAreRefusedByName) {
  const Frame frame(8);
  // (No structured bindings: C++17 lambdas, as in EXPECT_ERROR_CONTAINS, cannot capture them.)
  const auto planes = images_of(frame);
  const cl::Image2D &y_image = planes.first, &uv_image = planes.second;
  const cl_image_format uv_format = context.nv12_uv_image_format();
  {
    // Planes that do not make a frame.
    const cl::Image2D small_uv = image(uv_format, ocl::nv12_uv_width(uv_format, kWidth), kHeight / 2 + 1);
    EXPECT_ERROR_CONTAINS(context.create_tensor_nv12(y_image, small_uv), "create_tensor_nv12", "the UV plane is",
                          "for a 10x6 Y plane");
    const cl::Image2D rgba = image({CL_RGBA, CL_UNORM_INT8}, kWidth, kHeight);
    EXPECT_ERROR_CONTAINS(context.create_tensor_nv12(rgba, uv_image), "the Y plane is a 10x6 CL_RGBA");
    const cl::Image2D odd = image({CL_R, CL_UNORM_INT8}, kWidth - 1, kHeight);
    EXPECT_ERROR_CONTAINS(context.create_tensor_nv12(odd, uv_image), "even, positive width and height");
    AppContext app(device_of_default_context(core));
    cl::Image2D foreign(cl::Context(app.context, true), CL_MEM_READ_ONLY, cl::ImageFormat(CL_R, CL_UNORM_INT8), kWidth,
                        kHeight);
    EXPECT_ERROR_CONTAINS(context.create_tensor_nv12(foreign, uv_image), "the Y plane image belongs to another");
    EXPECT_ERROR_CONTAINS(context.create_tensor_nv12(cl::Image2D(), uv_image), "the Y plane image is null");
  }
  const auto model = nv12_model(2, true);
  InferRequest request = core.compile_model(model, context).create_infer_request();
  const auto tensors = context.create_tensor_nv12(y_image, uv_image);
  const Tensor &y = tensors.first, &uv = tensors.second;
  EXPECT_ERROR_CONTAINS(request.set_tensors("x/y", {y, y, y}), "takes a batch of 2", "3 tensors were given");
  EXPECT_ERROR_CONTAINS(request.set_tensors("x/y", {y, Tensor(element::u8, {1, kHeight, kWidth, 1})}),
                        "1 remote and 1 host tensors");
  cl::Buffer buffer(cl, CL_MEM_READ_ONLY, kHeight * kWidth);
  EXPECT_ERROR_CONTAINS(
      request.set_tensors("x/y", {y, context.create_tensor(element::u8, {1, kHeight, kWidth, 1}, buffer)}),
      "tensor 1 for input 'x/y' is a buffer and tensor 0 an image");
  const cl::Image2D wide = image({CL_R, CL_UNORM_INT8}, kWidth + 2, kHeight);
  const cl::Image2D wide_uv = image(uv_format, ocl::nv12_uv_width(uv_format, kWidth + 2), kHeight / 2);
  EXPECT_ERROR_CONTAINS(request.set_tensors("x/y", {y, context.create_tensor_nv12(wide, wide_uv).first}),
                        "tensor 1 for input 'x/y' has shape");
  EXPECT_ERROR_CONTAINS(request.set_tensors("x/uv", {y, y}), "x/uv");  // the Y shape on the UV input
  // The request still works.
  request.set_tensors("x/y", {y, y});
  request.set_tensors("x/uv", {uv, uv});
  request.infer();
  expect_values_close(request.get_output_tensor(), reference(model, {frame, frame}), kTolerance, 0.0, "output");
}

TEST_F(GpuNv12Images, NothingIsLeaked) {
  const Frame frame(9);
  const auto planes = images_of(frame);
  const cl::Image2D &y_image = planes.first, &uv_image = planes.second;
  {
    InferRequest request = core.compile_model(nv12_model(1, true), context).create_infer_request();
    const auto [y, uv] = context.create_tensor_nv12(y_image, uv_image);
    EXPECT_GT(reference_count(y_image.get()), 1u);  // the tensor retains its image
    request.set_tensor("x/y", y);
    request.set_tensor("x/uv", uv);
    request.infer();
    EXPECT_ERROR_CONTAINS(context.create_tensor_nv12(uv_image, uv_image), "create_tensor_nv12");
  }
  EXPECT_EQ(reference_count(y_image.get()), 1u);
  EXPECT_EQ(reference_count(uv_image.get()), 1u);
}

}  // namespace
}  // namespace ferry::gpu::test
