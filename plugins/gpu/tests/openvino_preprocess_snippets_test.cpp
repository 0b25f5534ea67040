// The preprocessing snippets of the Remote Tensor API page (shared/seeds/000_2d1fc21541f5d8f4.txt,
// "Direct NV12 Video Surface Input", its VA-API variant) and of the GPU device page
// (004_8de11437e84a050e.txt, "Preprocessing Acceleration"), spelled with OpenVINO's names through
// ferry/compat/openvino.hpp. They build an NV12-fed model; the page's surfaces are VA-API's (not
// built yet), so the built models run on TEMPLATE here, fed host tensors in place of the surfaces,
// by the page's own set_tensor / set_tensors calls. The GPU's NV12 image planes and batches of
// remote frames: nv12_images_test.cpp.
#include <gtest/gtest.h>

#include "ferry/compat/openvino.hpp"
#include "ferry/gpu/properties.hpp"

namespace {

// image [batch,3,4,6] (NCHW, f32) -> Relu.
std::shared_ptr<ov::Model> make_model(size_t batch) {
  auto image = std::make_shared<ov::opset8::Parameter>(ov::element::f32, ov::PartialShape{int64_t(batch), 3, 4, 6});
  image->set_friendly_name("image");
  image->output(0).set_names({"image"});
  auto relu = std::make_shared<ov::opset8::Relu>(image);
  relu->output(0).set_names({"out"});
  return std::make_shared<ov::Model>(ov::OutputVector{relu}, ov::ParameterVector{image}, "nv12_model");
}

// A video-range NV12 frame of one colour: Y everywhere, one (U, V) pair everywhere.
ov::Tensor plane(size_t height, size_t width, size_t channels, std::vector<uint8_t> values) {
  ov::Tensor t(ov::element::u8, ov::Shape{1, height, width, channels});
  for (size_t i = 0; i < t.get_size(); ++i) t.data<uint8_t>()[i] = values[i % values.size()];
  return t;
}

// Y 126, U 128, V 128 is grey 1.164 * 110 = 128.04, rounded to 128 as the conversion runs on u8
// before the implicit Convert to f32; Y 16 is black.
void expect_frame(const ov::Tensor& out, size_t frame, float value) {
  const size_t pixels = 3 * 4 * 6;
  for (size_t i = 0; i < pixels; ++i) EXPECT_NEAR(out.data<float>()[frame * pixels + i], value, 1e-3) << i;
}

TEST(OpenVinoPreprocessSnippets, Nv12TwoPlaneSurfacesSingleBatch) {
  ov::Core core;
  std::shared_ptr<ov::Model> model = make_model(1);

  using namespace ov::preprocess;
  auto p = PrePostProcessor(model);
  p.input()
      .tensor()
      .set_element_type(ov::element::u8)
      .set_color_format(ov::preprocess::ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type(ov::intel_gpu::memory_type::surface);
  p.input().preprocess().convert_color(ov::preprocess::ColorFormat::BGR);
  p.input().model().set_layout("NCHW");
  auto model_with_preproc = p.build();

  auto input0 = model_with_preproc->get_parameters().at(0);
  auto input1 = model_with_preproc->get_parameters().at(1);
  EXPECT_EQ(input0->get_partial_shape(), (ov::PartialShape{1, 4, 6, 1}));
  EXPECT_EQ(input1->get_partial_shape(), (ov::PartialShape{1, 2, 3, 2}));
  EXPECT_EQ(input0->output(0).get_rt_info().at("memory_type").as<std::string>(), "GPU_SURFACE");
  // The VA-API variant reads the frame size back from the Y plane.
  auto shape = input0->get_shape();
  EXPECT_EQ(shape[1], 4u);
  EXPECT_EQ(shape[2], 6u);

  auto compiled_model = core.compile_model(model_with_preproc, "TEMPLATE");
  auto infer_request = compiled_model.create_infer_request();
  ov::Tensor y_tensor = plane(4, 6, 1, {126});
  ov::Tensor uv_tensor = plane(2, 3, 2, {128, 128});
  infer_request.set_tensor(input0->get_friendly_name(), y_tensor);
  infer_request.set_tensor(input1->get_friendly_name(), uv_tensor);
  infer_request.infer();
  expect_frame(infer_request.get_output_tensor(), 0, 128.0f);
}

TEST(OpenVinoPreprocessSnippets, Nv12TwoPlaneSurfacesMultipleBatches) {
  ov::Core core;
  std::shared_ptr<ov::Model> model = make_model(2);
  using namespace ov::preprocess;
  auto p = PrePostProcessor(model);
  p.input()
      .tensor()
      .set_element_type(ov::element::u8)
      .set_color_format(ov::preprocess::ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type(ov::intel_gpu::memory_type::surface);
  p.input().preprocess().convert_color(ov::preprocess::ColorFormat::BGR);
  p.input().model().set_layout("NCHW");
  model = p.build();

  auto compiled_model = core.compile_model(model, "TEMPLATE");
  auto infer_request = compiled_model.create_infer_request();
  auto input0 = model->get_parameters().at(0);
  auto input1 = model->get_parameters().at(1);
  ov::Tensor y_tensor_0 = plane(4, 6, 1, {126}), y_tensor_1 = plane(4, 6, 1, {16});
  ov::Tensor uv_tensor_0 = plane(2, 3, 2, {128}), uv_tensor_1 = plane(2, 3, 2, {128});
  std::vector<ov::Tensor> y_tensors = {y_tensor_0, y_tensor_1};
  std::vector<ov::Tensor> uv_tensors = {uv_tensor_0, uv_tensor_1};
  infer_request.set_tensors(input0->get_friendly_name(), y_tensors);
  infer_request.set_tensors(input1->get_friendly_name(), uv_tensors);
  infer_request.infer();
  expect_frame(infer_request.get_output_tensor(), 0, 128.0f);
  expect_frame(infer_request.get_output_tensor(), 1, 0.0f);
}

// The GPU page's snippet (its Python twin names the same steps): buffers instead of surfaces.
TEST(OpenVinoPreprocessSnippets, GpuPagePreprocessingAcceleration) {
  std::shared_ptr<ov::Model> model = make_model(1);
  using namespace ov::preprocess;
  auto p = PrePostProcessor(model);
  p.input()
      .tensor()
      .set_element_type(ov::element::u8)
      .set_color_format(ov::preprocess::ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type(ov::intel_gpu::memory_type::buffer);
  p.input().preprocess().convert_color(ov::preprocess::ColorFormat::BGR);
  p.input().model().set_layout("NCHW");
  auto model_with_preproc = p.build();
  ASSERT_EQ(model_with_preproc->get_parameters().size(), 2u);
  EXPECT_EQ(model_with_preproc->input("image/uv").get_rt_info().at("memory_type").as<std::string>(), "GPU_BUFFER");
}

}  // namespace
