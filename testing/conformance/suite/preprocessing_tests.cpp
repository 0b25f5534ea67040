// Conformance, preprocessing: models with PrePostProcessor steps (colour formats of video
// frames, layouts, resizes, crops, pads, normalisation, post-processing) compiled and run on the
// device with host tensors, and compared with core's reference evaluation of the same
// preprocessed model. The steps are ordinary graph ops, so any device can run them; a device that
// does not claim one of the model's ops in query_model skips that case as unsupported.

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"
#include "ferry/runtime/core.hpp"
#include "options.hpp"

namespace ferry::conformance {
namespace {

using namespace preprocess;

// The model every case preprocesses: x [1, 3, H, W] f32 (NCHW) times a per-channel constant
// {1, 2, 3}, so that a wrong channel order or layout changes the output.
std::shared_ptr<Model> channel_weighted_model(size_t height, size_t width) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 3, height, width});
  x->set_friendly_name("x");
  x->output(0).set_names({"x"});
  auto weights = op::v0::Constant::create(element::f32, Shape{1, 3, 1, 1}, std::vector<float>{1.0f, 2.0f, 3.0f});
  auto y = std::make_shared<op::v1::Multiply>(x, weights);
  return std::make_shared<Model>(y, ParameterVector{x}, "channel_weighted");
}

// Deterministic bytes with detail in every direction (video-like values, 16..235).
Tensor frame_plane(const Shape& shape, int seed) {
  Tensor tensor(element::u8, shape);
  uint8_t* data = tensor.data<uint8_t>();
  for (size_t i = 0; i < tensor.get_size(); ++i) data[i] = static_cast<uint8_t>(16 + (i * 37 + seed * 101) % 220);
  return tensor;
}

struct PreprocessingCase {
  std::string name;
  std::function<std::shared_ptr<Model>()> build;
  float tolerance;  // |device - reference|, in the output's units (pixel values up to 3 x 255)
};

// Frames of 8 x 12 into a 4 x 6 model (resized) or 8 x 12 (not).
constexpr size_t kFrameH = 8, kFrameW = 12;

std::shared_ptr<Model> video_frame(ColorFormat format, const std::vector<std::string>& planes, ColorFormat to,
                                   ResizeAlgorithm resize) {
  PrePostProcessor ppp(channel_weighted_model(kFrameH / 2, kFrameW / 2));
  ppp.input()
      .tensor()
      .set_element_type(element::u8)
      .set_color_format(format, planes)
      .set_spatial_static_shape(kFrameH, kFrameW);
  ppp.input()
      .preprocess()
      .convert_element_type(element::f32)
      .convert_color(to)
      .resize(resize)
      .mean(128.0f)
      .scale(64.0f);
  ppp.input().model().set_layout("NCHW");
  return ppp.build();
}

std::vector<PreprocessingCase> cases() {
  return {
      {"NV12TwoPlanesToBgrResizedLinear",
       [] {
         return video_frame(ColorFormat::NV12_TWO_PLANES, {"y", "uv"}, ColorFormat::BGR,
                            ResizeAlgorithm::RESIZE_LINEAR);
       },
       1e-3f},
      {"NV12SinglePlaneToRgbResizedNearest",
       [] {
         return video_frame(ColorFormat::NV12_SINGLE_PLANE, {}, ColorFormat::RGB, ResizeAlgorithm::RESIZE_NEAREST);
       },
       1e-3f},
      {"I420ThreePlanesToBgrResizedCubic",
       [] {
         return video_frame(ColorFormat::I420_THREE_PLANES, {"y", "u", "v"}, ColorFormat::BGR,
                            ResizeAlgorithm::RESIZE_CUBIC);
       },
       1e-3f},
      {"I420SinglePlaneToRgbResizedLinear",
       [] { return video_frame(ColorFormat::I420_SINGLE_PLANE, {}, ColorFormat::RGB, ResizeAlgorithm::RESIZE_LINEAR); },
       1e-3f},
      {"InterleavedRgbBytesToPlanarBgrNormalisedPerChannel",
       [] {
         PrePostProcessor ppp(channel_weighted_model(kFrameH, kFrameW));
         ppp.input().tensor().set_element_type(element::u8).set_layout("NHWC").set_color_format(ColorFormat::RGB);
         ppp.input()
             .preprocess()
             .convert_element_type(element::f32)
             .convert_color(ColorFormat::BGR)
             .mean({100.0f, 110.0f, 120.0f})
             .scale({50.0f, 60.0f, 70.0f});
         ppp.input().model().set_layout("NCHW");
         return ppp.build();
       },
       1e-4f},
      {"CropThenPadThenReverseChannels",
       [] {
         PrePostProcessor ppp(channel_weighted_model(kFrameH, kFrameW));
         ppp.input().tensor().set_element_type(element::u8).set_shape({1, 3, kFrameH + 2, kFrameW});
         ppp.input()
             .preprocess()
             .convert_element_type(element::f32)
             .crop({0, 0, 1, 2}, {1, 3, static_cast<int>(kFrameH) + 1, static_cast<int>(kFrameW)})
             .pad({0, 0, 0, 1}, {0, 0, 0, 1}, 7.0f, PaddingMode::CONSTANT)
             .reverse_channels();
         ppp.input().model().set_layout("NCHW");
         return ppp.build();
       },
       1e-4f},
      {"OutputToNhwcLayout",
       [] {
         PrePostProcessor ppp(channel_weighted_model(kFrameH, kFrameW));
         ppp.input().tensor().set_element_type(element::u8);
         ppp.input().preprocess().convert_element_type(element::f32);
         ppp.output().model().set_layout("NCHW");
         ppp.output().postprocess().convert_layout("NHWC");
         return ppp.build();
       },
       1e-4f},
  };
}

class PreprocessingConformance : public testing::TestWithParam<PreprocessingCase> {};

TEST_P(PreprocessingConformance, MatchesTheReference) {
  const std::shared_ptr<Model> model = GetParam().build();
  const std::string& device = options().device;
  Core core = make_core();
  const SupportedOpsMap supported = core.query_model(model, device);
  for (const auto& node : model->get_ordered_ops()) {
    if (!supported.count(node->get_friendly_name()))
      GTEST_SKIP() << "unsupported: " << device << " does not claim " << node->get_type_name() << " ("
                   << node->get_friendly_name() << ")";
  }
  TensorVector inputs;
  int seed = 0;
  for (const auto& parameter : model->get_parameters())
    inputs.push_back(frame_plane(parameter->get_output_partial_shape(0).to_shape(), ++seed));
  TensorVector expected;
  ASSERT_TRUE(model->evaluate(expected, inputs));

  CompiledModel compiled = core.compile_model(model, device);
  InferRequest request = compiled.create_infer_request();
  for (size_t i = 0; i < inputs.size(); ++i) request.set_input_tensor(i, inputs[i]);
  request.infer();
  const Tensor actual = request.get_output_tensor();
  ASSERT_EQ(expected.at(0).get_shape(), actual.get_shape());
  ASSERT_EQ(element::f32, actual.get_element_type());
  Tensor host(element::f32, actual.get_shape());
  actual.copy_to(host);
  const float* a = host.data<const float>();
  const float* e = expected[0].data<const float>();
  int reported = 0;
  for (size_t i = 0; i < host.get_size() && reported < 5; ++i) {
    if (std::abs(a[i] - e[i]) <= GetParam().tolerance) continue;
    ADD_FAILURE() << "element " << i << ": device " << a[i] << ", reference " << e[i] << " (tolerance "
                  << GetParam().tolerance << ")";
    ++reported;
  }
}

INSTANTIATE_TEST_SUITE_P(Preprocessing, PreprocessingConformance, testing::ValuesIn(cases()),
                         [](const testing::TestParamInfo<PreprocessingCase>& info) { return info.param.name; });

}  // namespace
}  // namespace ferry::conformance
