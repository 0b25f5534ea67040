// VA-API sharing on PoCL through Ferry's test VA driver (testing/va_driver): a VAContext takes the
// HOST_UPLOAD path (PoCL has neither cl_intel_va_api_media_sharing nor
// cl_khr_external_memory_dma_buf), NV12 surface planes feed a model with NV12_TWO_PLANES
// preprocessing with TEMPLATE's results on the same pixels, exactly the planes' bytes are copied
// (once, when the tensors are made), the low-level parameters round-trip, every bad input is
// refused by name, and nothing leaks (file descriptors, cl_mem references, remote memory, the
// driver's images, on error paths too).

#include <gtest/gtest.h>

#include <vector>

#include "ferry/compat/openvino.hpp"
#include "ferry/gpu/ocl/va.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"
#include "ferry/testing/error_of.hpp"
#include "support/gpu_test_utils.hpp"
#include "testing/va_driver/test_display.hpp"

namespace ferry::gpu::test {
namespace {

using ferry::testing::error_of;
using ferry::testing::va::open_descriptor_count;
using ferry::testing::va::TestDisplay;
using ocl::VAContext;
using ocl::VASurfaceTensor;

constexpr size_t kHeight = 12, kWidth = 16;

cl_uint reference_count(cl_mem memory) {
  cl_uint count = 0;
  clGetMemObjectInfo(memory, CL_MEM_REFERENCE_COUNT, sizeof(count), &count, nullptr);
  return count;
}

// Relu of the BGR f32 planes of an NV12 frame given as two planes (surfaces).
std::shared_ptr<Model> nv12_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape(Shape{1, 3, kHeight, kWidth}));
  x->set_friendly_name("image");  // the planes become "image/y" and "image/uv"
  x->output(0).set_names({"image"});
  auto y = std::make_shared<op::v0::Relu>(x);
  auto model = std::make_shared<Model>(OutputVector{y}, ParameterVector{x}, "relu");
  preprocess::PrePostProcessor ppp(model);
  ppp.input()
      .tensor()
      .set_element_type(element::u8)
      .set_color_format(preprocess::ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type(memory_type::surface);
  ppp.input().preprocess().convert_element_type(element::f32).convert_color(preprocess::ColorFormat::BGR);
  ppp.input().model().set_layout("NCHW");
  return ppp.build();
}

std::vector<uint8_t> pattern(size_t size, unsigned seed) {
  std::vector<uint8_t> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<uint8_t>(16 + (i * 37 + seed * 11) % 224);
  return bytes;
}

class GpuVaContext : public ::testing::Test {
 protected:
  GpuVaContext() : core(make_core()) {}

  uint64_t copied() { return core.get_property("GPU", copied_bytes); }
  uint64_t remote_bytes() { return core.get_property("GPU", memory_statistics).at("remote"); }

  // A kWidth x kHeight surface of `display` holding y, uv.
  VASurfaceID frame(const TestDisplay& on, const std::vector<uint8_t>& y, const std::vector<uint8_t>& uv,
                    uint32_t width = kWidth, uint32_t height = kHeight) {
    const VASurfaceID surface = on.create_nv12_surface(width, height);
    on.write_nv12(surface, y.data(), uv.data());
    return surface;
  }

  Core core;
  TestDisplay display;
  const std::vector<uint8_t> y = pattern(kHeight * kWidth, 1), uv = pattern(kHeight * kWidth / 2, 2);
};

TEST_F(GpuVaContext, TakesTheHostUploadPathOnPocl) {
  VAContext context(core, display.get());
  EXPECT_EQ(context.sharing_path(), VaSharingPath::HOST_UPLOAD);
  EXPECT_EQ(context.get_display(), display.get());
  const AnyMap params = context.get_params();
  EXPECT_EQ(params.at(context_type.name()).as<ContextType>(), ContextType::VA_SHARED);
  EXPECT_EQ(params.at(va_device.name()).as<void*>(), static_cast<void*>(display.get()));
  EXPECT_EQ(params.at(va_sharing_path.name()).as<std::string>(), "HOST_UPLOAD");
  EXPECT_TRUE(params.count(ocl_context.name()));
  // get_params() given back, or the same display again: the same context.
  auto again = core.create_context("GPU", params).as<VAContext>();
  EXPECT_EQ(again.get(), context.get());
  EXPECT_EQ(VAContext(core, display.get()).get(), context.get());
  // The compat spelling.
  EXPECT_NO_THROW(context.as<ocl::ClContext>());
}

TEST_F(GpuVaContext, SurfacePlanesFeedAnNv12ModelWithTemplatesResults) {
  const auto model = nv12_model();
  VAContext context(core, display.get());
  CompiledModel compiled = core.compile_model(model, context);
  const VASurfaceID surface = frame(display, y, uv);

  const uint64_t before = copied();
  auto [y_tensor, uv_tensor] = context.create_tensor_nv12(kHeight, kWidth, surface);
  EXPECT_EQ(copied() - before, kHeight * kWidth * 3 / 2) << "each plane is uploaded once, exactly its bytes";
  EXPECT_EQ(y_tensor.surface(), surface);
  EXPECT_EQ(uv_tensor.plane(), 1u);
  EXPECT_EQ(static_cast<VASurfaceID>(y_tensor), surface);
  EXPECT_EQ(uv_tensor.get_shape(), (Shape{1, kHeight / 2, kWidth / 2, 2}));

  InferRequest request = compiled.create_infer_request();
  request.set_tensor(compiled.input(0), y_tensor);
  request.set_tensor(compiled.input(1), uv_tensor);
  const uint64_t before_inference = copied();
  request.infer();
  EXPECT_EQ(copied(), before_inference) << "the uploaded planes are read in place";
  const Tensor output = request.get_output_tensor();

  InferRequest reference = core.compile_model(model, "TEMPLATE").create_infer_request();
  reference.set_input_tensor(0, Tensor(element::u8, {1, kHeight, kWidth, 1}, const_cast<uint8_t*>(y.data())));
  reference.set_input_tensor(1, Tensor(element::u8, {1, kHeight / 2, kWidth / 2, 2}, const_cast<uint8_t*>(uv.data())));
  reference.infer();
  expect_values_close(output, reference.get_output_tensor(), 1e-4, 1e-5, "BGR output");
  display.destroy_surface(surface);
}

TEST_F(GpuVaContext, TensorsCoverTheTopLeftOfTallerSurfaces) {
  // A decoder's 1080p surfaces are 1088 rows: here a 16x12 frame in a 32x16 surface.
  VAContext context(core, display.get());
  const auto big_y = pattern(32 * 16, 3), big_uv = pattern(32 * 8, 4);
  const VASurfaceID surface = frame(display, big_y, big_uv, 32, 16);
  auto [y_tensor, uv_tensor] = context.create_tensor_nv12(kHeight, kWidth, surface);
  Tensor y_host(element::u8, y_tensor.get_shape()), uv_host(element::u8, uv_tensor.get_shape());
  y_tensor.copy_to(y_host);
  uv_tensor.copy_to(uv_host);
  for (size_t row = 0; row < kHeight; ++row)
    for (size_t column = 0; column < kWidth; ++column)
      ASSERT_EQ(y_host.data<uint8_t>()[row * kWidth + column], big_y[row * 32 + column]) << row << "," << column;
  for (size_t row = 0; row < kHeight / 2; ++row)
    for (size_t column = 0; column < kWidth; ++column)
      ASSERT_EQ(uv_host.data<uint8_t>()[row * kWidth + column], big_uv[row * 32 + column]) << row << "," << column;
  display.destroy_surface(surface);
}

TEST_F(GpuVaContext, LowLevelParametersRoundTrip) {
  auto context = core.create_context(
      "GPU", {{context_type.name(), ContextType::VA_SHARED}, {va_device.name(), static_cast<void*>(display.get())}});
  const VASurfaceID surface = frame(display, y, uv);
  Tensor plane = context.create_tensor(element::u8, {1, kHeight, kWidth, 1},
                                       {{shared_mem_type.name(), SharedMemType::VA_SURFACE},
                                        {dev_object_handle.name(), surface},
                                        {va_plane.name(), uint32_t{0}}});
  const AnyMap params = plane.as<RemoteTensor>().get_params();
  EXPECT_EQ(params.at(shared_mem_type.name()).as<SharedMemType>(), SharedMemType::VA_SURFACE);
  EXPECT_EQ(params.at(dev_object_handle.name()).as<uint32_t>(), surface);
  EXPECT_EQ(params.at(va_plane.name()).as<uint32_t>(), 0u);
  auto memory = static_cast<cl_mem>(params.at(mem_handle.name()).as<void*>());
  EXPECT_EQ(reference_count(memory), 1u);
  {
    // The parameters given back: the same memory, nothing read again.
    const uint64_t before = copied();
    Tensor same = context.create_tensor(element::u8, {1, kHeight, kWidth, 1}, params);
    EXPECT_EQ(copied(), before);
    EXPECT_EQ(same.as<VASurfaceTensor>().get(), memory);
    EXPECT_EQ(reference_count(memory), 2u);
  }
  EXPECT_EQ(reference_count(memory), 1u);
  display.destroy_surface(surface);
}

TEST_F(GpuVaContext, RefusesBadSurfacesPlanesAndShapesByName) {
  VAContext context(core, display.get());
  const VASurfaceID surface = frame(display, y, uv);
  TestDisplay other;
  const VASurfaceID foreign = other.create_nv12_surface(kWidth, kHeight);

  EXPECT_NE(error_of([&] {
              context.create_tensor_nv12(kHeight, kWidth, foreign);
            }).find("DEV_OBJECT_HANDLE " + std::to_string(foreign) + " is not a surface of VA display"),
            std::string::npos);
  EXPECT_NE(error_of([&] { context.create_tensor_nv12(kHeight, kWidth, 0xdead); }).find("invalid VASurfaceID"),
            std::string::npos);
  EXPECT_NE(error_of([&] { context.create_tensor_nv12(kHeight - 1, kWidth, surface); }).find("even"),
            std::string::npos);
  EXPECT_NE(error_of([&] { context.create_tensor_nv12(kHeight, kWidth + 1, surface); }).find("17x12"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              context.create_tensor(element::u8, {1, 6, 8, 2}, surface, 2);
            }).find("VA_PLANE 2 of surface " + std::to_string(surface) + ": NV12 surfaces have planes 0 (Y) and 1"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              context.create_tensor(element::u8, {1, kHeight, kWidth, 2}, surface, 0);
            }).find("[1, H, W, 1] (Y)"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              context.create_tensor(element::f32, {1, kHeight, kWidth, 1}, surface, 0);
            }).find("holds u8 samples, not f32"),
            std::string::npos);
  EXPECT_NE(error_of([&] { context.create_tensor_nv12(kHeight * 2, kWidth, surface); }).find("does not fit plane 0"),
            std::string::npos);
  // A VA surface for an OCL context.
  auto plain = core.get_default_context("GPU");
  EXPECT_NE(error_of([&] {
              plain.create_tensor(
                  element::u8, {1, kHeight, kWidth, 1},
                  {{shared_mem_type.name(), SharedMemType::VA_SURFACE}, {dev_object_handle.name(), surface}});
            }).find("needs a VA_SHARED context"),
            std::string::npos);
  other.destroy_surface(foreign);
  display.destroy_surface(surface);
}

TEST_F(GpuVaContext, RefusesDisplaysWithoutAPathAndBadContextParameters) {
  TestDisplay opaque(TestDisplay::Options{true});
  const std::string no_path = error_of([&] { VAContext(core, opaque.get()); });
  EXPECT_NE(no_path.find("has no usable path for its surfaces to device"), std::string::npos) << no_path;
  EXPECT_NE(no_path.find("lacks cl_intel_va_api_media_sharing"), std::string::npos) << no_path;
  EXPECT_NE(no_path.find("cl_khr_external_memory_dma_buf"), std::string::npos) << no_path;
  EXPECT_NE(no_path.find("vaDeriveImage: the requested function is not implemented"), std::string::npos) << no_path;
  EXPECT_NE(no_path.find("vaGetImage"), std::string::npos) << no_path;

  EXPECT_NE(error_of([&] { VAContext(core, nullptr); }).find("VA_DEVICE is null"), std::string::npos);
  EXPECT_NE(error_of([&] {
              core.create_context("GPU", {{va_device.name(), static_cast<void*>(display.get())}});
            }).find("VA_DEVICE needs CONTEXT_TYPE VA_SHARED"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              core.create_context("GPU", {{context_type.name(), ContextType::VA_SHARED}});
            }).find("VA_SHARED needs VA_DEVICE"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              core.create_context("GPU", {{context_type.name(), ContextType::VA_SHARED},
                                          {va_device.name(), static_cast<void*>(display.get())},
                                          {va_sharing_path.name(), VaSharingPath::DMA_BUF_IMPORT}});
            }).find("GPU_VA_SHARING_PATH is read-only"),
            std::string::npos);
  EXPECT_NE(error_of([&] { VAContext(core, display.get(), 7); }).find("TILE_ID 7"), std::string::npos);
}

TEST_F(GpuVaContext, LeavesNoDescriptorsReferencesOrMemory) {
  const auto model = nv12_model();
  const auto cycle = [&] {
    VAContext context(core, display.get());
    CompiledModel compiled = core.compile_model(model, context);
    const VASurfaceID surface = frame(display, y, uv);
    {
      auto [y_tensor, uv_tensor] = context.create_tensor_nv12(kHeight, kWidth, surface);
      InferRequest request = compiled.create_infer_request();
      request.set_tensor(compiled.input(0), y_tensor);
      request.set_tensor(compiled.input(1), uv_tensor);
      request.infer();
      EXPECT_EQ(reference_count(y_tensor.get()), 1u);  // the tensor's own, after an inference too
    }
    display.destroy_surface(surface);
  };
  cycle();  // first use: PoCL's and libva's own descriptors and caches
  const size_t fds = open_descriptor_count();
  const uint64_t remote = remote_bytes();
  cycle();
  EXPECT_EQ(open_descriptor_count(), fds);
  EXPECT_EQ(remote_bytes(), remote);
}

TEST_F(GpuVaContext, FailedMapsLeaveNoImagesBehind) {
  const VASurfaceID surface = frame(display, y, uv);
  VAContext context(core, display.get());
  // vaDeriveImage succeeds, vaMapBuffer fails: the derived image is destroyed all the same.
  display.fail_map_buffer(true);
  const std::string failure = error_of([&] { context.create_tensor_nv12(kHeight, kWidth, surface); });
  display.fail_map_buffer(false);
  EXPECT_NE(failure.find("VA surface " + std::to_string(surface) + " cannot be mapped (vaMapBuffer: operation failed)"),
            std::string::npos)
      << failure;
  EXPECT_EQ(display.live_images(), 0u);

  // The same when the context's first probe of a display's surfaces fails to map.
  TestDisplay unmappable;
  unmappable.fail_map_buffer(true);
  const std::string no_path = error_of([&] { VAContext(core, unmappable.get()); });
  EXPECT_NE(no_path.find("the surfaces cannot be mapped (vaMapBuffer: operation failed)"), std::string::npos)
      << no_path;
  EXPECT_EQ(unmappable.live_images(), 0u);
  display.destroy_surface(surface);
}

// The Remote Tensor API page's VA snippets ("Create from VADisplay", "Direct Consuming of the NV12
// VAAPI Video Decoder Surface on Linux"), spelled as written for OpenVINO (the page reads the Y
// plane [1, H, W, 1] as "width = shape[1]": named here as the shape says).
TEST_F(GpuVaContext, OpenVinoPageSnippetsCompileAndRun) {
  ov::Core& ov_core = core;
  const VASurfaceID decoded = frame(display, y, uv);
  auto get_va_display = [&] { return display.get(); };
  auto decode_va_surface = [&] { return decoded; };

  auto model = nv12_model();
  VADisplay disp = get_va_display();
  // create the shared context object
  auto shared_va_context = ov::intel_gpu::ocl::VAContext(ov_core, disp);
  // compile model within a shared context
  auto compiled_model = ov_core.compile_model(model, shared_va_context);

  auto input0 = model->get_parameters().at(0);
  auto input1 = model->get_parameters().at(1);

  auto shape = input0->get_shape();
  auto height = shape[1];
  auto width = shape[2];

  // execute decoding and obtain decoded surface handle
  VASurfaceID va_surface = decode_va_surface();
  // wrap decoder output into RemoteBlobs and set it as inference input
  auto nv12_blob = shared_va_context.create_tensor_nv12(height, width, va_surface);

  auto infer_request = compiled_model.create_infer_request();
  infer_request.set_tensor(input0->get_friendly_name(), nv12_blob.first);
  infer_request.set_tensor(input1->get_friendly_name(), nv12_blob.second);
  infer_request.start_async();
  infer_request.wait();
  EXPECT_EQ(infer_request.get_output_tensor().get_shape(), (Shape{1, 3, kHeight, kWidth}));
  display.destroy_surface(decoded);
}

}  // namespace
}  // namespace ferry::gpu::test
