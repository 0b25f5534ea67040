// The graphs of PrePostProcessor's per-channel pad and post-processing convert_color (issue 16,
// point 1) run on the GPU as on the reference: Pad, ShapeOf, Broadcast, Convert to boolean and
// Select for the pad; Gather reversing C for the colour conversion.
#include <gtest/gtest.h>

#include "ferry/preprocess/pre_post_processor.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

using namespace ferry::preprocess;

// image -> Relu -> out.
std::shared_ptr<Model> relu_model(const Shape& shape) {
  auto image = param(shape);
  image->set_friendly_name("image");
  image->output(0).set_names({"image"});
  return model_of(std::make_shared<op::v0::Relu>(image), {image});
}

TEST(GpuPreprocessGraphs, PadWithOneValuePerChannel) {
  auto model = relu_model({1, 3, 7, 6});
  PrePostProcessor p(model);
  p.input().tensor().set_layout("NCHW").set_shape({1, 3, 4, 5});
  p.input().preprocess().pad({0, 0, 1, -1}, {0, 0, 2, 2}, std::vector<float>{0.25f, -3.0f, 7.5f},
                             PaddingMode::CONSTANT);
  p.build();
  expect_matches_reference(model, random_inputs(model, 11));
}

TEST(GpuPreprocessGraphs, PostprocessRgbToBgr) {
  auto model = relu_model({2, 4, 5, 3});
  PrePostProcessor p(model);
  p.output().model().set_layout("NHWC").set_color_format(ColorFormat::RGB);
  p.output().postprocess().convert_color(ColorFormat::BGR).convert_layout("NCHW");
  p.build();
  expect_matches_reference(model, random_inputs(model, 12));
}

}  // namespace
}  // namespace ferry::gpu::test
