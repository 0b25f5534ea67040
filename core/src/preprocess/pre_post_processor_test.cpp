// PrePostProcessor's graphs: where new inputs go and what they are called, what the steps compute
// (on the reference executor, against formulas), post-processing, and the IR keeping it all.
#include "ferry/preprocess/pre_post_processor.hpp"

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/port_layout.hpp"
#include "ferry/testing/error_of.hpp"
#include "ferry/testing/ir_test_util.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace {

using namespace preprocess;

std::shared_ptr<op::v0::Parameter> input(const std::string& name, const element::Type& type,
                                         const PartialShape& shape) {
  auto p = std::make_shared<op::v0::Parameter>(type, shape);
  p->set_friendly_name(name);
  p->output(0).set_names({name});
  return p;
}

// Each input times 1, summed when several: out = a + b + ...
std::shared_ptr<Model> model_of(const ParameterVector& inputs) {
  Output<Node> sum = inputs[0];
  for (size_t i = 1; i < inputs.size(); ++i) sum = std::make_shared<op::v1::Add>(sum, inputs[i]);
  auto one = op::v0::Constant::create(inputs[0]->get_element_type(), Shape{}, std::vector<double>{1});
  auto out = std::make_shared<op::v1::Multiply>(sum, one);
  out->output(0).set_names({"out"});
  return std::make_shared<Model>(OutputVector{out}, inputs, "m");
}

std::vector<float> evaluate(const std::shared_ptr<Model>& model, const TensorVector& inputs, size_t output = 0) {
  TensorVector outputs;
  model->evaluate(outputs, inputs);
  const Tensor& t = outputs.at(output);
  EXPECT_EQ(t.get_element_type(), element::f32);
  const float* data = static_cast<const float*>(t.data());
  return std::vector<float>(data, data + t.get_size());
}

Tensor f32_tensor(const Shape& shape, const std::vector<float>& values) {
  Tensor t(element::f32, shape);
  std::copy(values.begin(), values.end(), static_cast<float*>(t.data()));
  return t;
}

TEST(PrePostProcessor, PlanesTakeThePlaceOfTheirInputWithSubNamesLayoutAndMemoryType) {
  auto model = model_of({input("a", element::f32, {1, 3, 4, 6}), input("b", element::f32, {1, 3, 4, 6}),
                         input("c", element::f32, {1, 3, 4, 6})});
  PrePostProcessor p(model);
  p.input("b")
      .tensor()
      .set_element_type(element::u8)
      .set_color_format(ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_memory_type("GPU_SURFACE");
  p.input("b").preprocess().convert_color(ColorFormat::BGR);
  p.input("b").model().set_layout("NCHW");
  ASSERT_EQ(p.build(), model);

  const auto& params = model->get_parameters();
  ASSERT_EQ(params.size(), 4u);
  EXPECT_EQ(params[0]->get_friendly_name(), "a");
  EXPECT_EQ(params[1]->get_friendly_name(), "b/y");
  EXPECT_EQ(params[2]->get_friendly_name(), "b/uv");
  EXPECT_EQ(params[3]->get_friendly_name(), "c");
  EXPECT_EQ(model->input("b/y").get_partial_shape(), (PartialShape{1, 4, 6, 1}));
  EXPECT_EQ(model->input("b/uv").get_partial_shape(), (PartialShape{1, 2, 3, 2}));
  EXPECT_EQ(params[1]->get_element_type(), element::u8);
  EXPECT_EQ(params[1]->get_layout(), Layout("NHWC"));
  EXPECT_EQ(params[2]->output(0).get_rt_info().at("memory_type").as<std::string>(), "GPU_SURFACE");
  EXPECT_EQ(params[0]->output(0).get_rt_info().count("memory_type"), 0u);
  EXPECT_EQ(model->input("c").get_node_shared_ptr(), params[3]);
  EXPECT_ERROR_CONTAINS(model->input("b"), "b");  // the old name is gone
  // NV12toBGR -> Convert -> Transpose feed what the old input fed.
  const auto convert = params[1]->output(0).get_target_inputs().begin()->get_node();
  EXPECT_TRUE(is_type<op::v8::NV12toBGR>(convert));
  model->validate_nodes_and_infer_types();
}

TEST(PrePostProcessor, PlanesWithoutSubNamesAreUnnamedAndI420HasThree) {
  auto model = model_of({input("image", element::f32, {2, 4, 6, 3})});
  PrePostProcessor p(model);
  p.input().tensor().set_color_format(ColorFormat::I420_THREE_PLANES);
  p.input().preprocess().convert_color(ColorFormat::RGB);
  p.build();
  ASSERT_EQ(model->get_parameters().size(), 3u);
  for (const auto& plane : model->get_parameters()) EXPECT_TRUE(plane->output(0).get_names().empty());
  EXPECT_EQ(model->get_parameters()[2]->get_partial_shape(), (PartialShape{2, 2, 3, 1}));
}

TEST(PrePostProcessor, TensorShapeFollowsTheModelThroughLayoutsColourAndSpatialSettings) {
  auto model = model_of({input("image", element::f32, {1, 3, 8, 10})});
  PrePostProcessor p(model);
  p.input().tensor().set_element_type(element::u8).set_color_format(ColorFormat::BGRX).set_spatial_dynamic_shape();
  p.input().preprocess().convert_color(ColorFormat::RGB).convert_element_type().resize(ResizeAlgorithm::RESIZE_NEAREST);
  p.input().model().set_layout("NCHW");
  p.build();
  const auto& param = model->get_parameters().at(0);
  EXPECT_EQ(param->get_partial_shape(), (PartialShape{1, -1, -1, 4})) << "NHWC by the colour format, X channel";
  EXPECT_EQ(param->get_layout(), Layout("NHWC"));
  EXPECT_EQ(model->output().get_partial_shape(), (PartialShape{1, 3, 8, 10}));
}

TEST(PrePostProcessor, SpatialStaticShapeAndLinearResizeKeepAConstantImageConstant) {
  auto model = model_of({input("image", element::f32, {1, 2, 3, 4})});
  model->get_parameters()[0]->set_layout("NCHW");  // the model's own layout is the default
  PrePostProcessor p(model);
  p.input().tensor().set_spatial_static_shape(5, 7);
  p.input().preprocess().resize(ResizeAlgorithm::RESIZE_LINEAR);
  p.build();
  EXPECT_EQ(model->get_parameters()[0]->get_partial_shape(), (PartialShape{1, 2, 5, 7}));
  std::vector<float> image(70);
  for (size_t i = 0; i < image.size(); ++i) image[i] = i < 35 ? 3.0f : -1.5f;
  const auto out = evaluate(model, {f32_tensor({1, 2, 5, 7}, image)});
  ASSERT_EQ(out.size(), 24u);
  for (size_t i = 0; i < out.size(); ++i) EXPECT_FLOAT_EQ(out[i], i < 12 ? 3.0f : -1.5f) << i;
}

// (x - mean[c]) / scale[c], channels reversed, then NHWC -> NCHW: computed here by the formula.
TEST(PrePostProcessor, MeanScaleReverseChannelsAndLayoutByFormula) {
  auto model = model_of({input("image", element::f32, {1, 3, 2, 2})});
  PrePostProcessor p(model);
  p.input().tensor().set_layout("NHWC");
  p.input().preprocess().mean({1.0f, 2.0f, 3.0f}).scale({2.0f, 4.0f, 8.0f}).reverse_channels();
  p.input().model().set_layout("NCHW");
  p.build();
  std::vector<float> nhwc(12);
  for (size_t i = 0; i < nhwc.size(); ++i) nhwc[i] = static_cast<float>(i * 3 + 1);
  const auto out = evaluate(model, {f32_tensor({1, 2, 2, 3}, nhwc)});
  const float mean[3] = {1, 2, 3}, scale[3] = {2, 4, 8};
  for (size_t c = 0; c < 3; ++c) {
    for (size_t hw = 0; hw < 4; ++hw) {
      const size_t source_channel = 2 - c;
      const float expected = (nhwc[hw * 3 + source_channel] - mean[source_channel]) / scale[source_channel];
      EXPECT_FLOAT_EQ(out[c * 4 + hw], expected) << "c " << c << " hw " << hw;
    }
  }
}

TEST(PrePostProcessor, CustomAndClampSteps) {
  auto model = model_of({input("x", element::f32, {4})});
  PrePostProcessor p(model);
  p.input().preprocess().custom([](const Output<Node>& value) -> Output<Node> {
    return std::make_shared<op::v1::Multiply>(value,
                                              op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{10}));
  });
  p.input().preprocess().clamp(-5.0, 20.0);
  p.output().postprocess().clamp(0.0, 15.0);
  p.build();
  EXPECT_EQ(evaluate(model, {f32_tensor({4}, {-1.0f, 0.5f, 1.2f, 3.0f})}),
            (std::vector<float>{0.0f, 5.0f, 12.0f, 15.0f}));
}

TEST(PrePostProcessor, OutputsByNameMoveTheirNamesToTheLastStep) {
  auto x = input("x", element::f32, {1, 2, 1, 3});
  auto relu = std::make_shared<op::v0::Relu>(x);
  relu->output(0).set_names({"relu"});
  auto neg = std::make_shared<op::v0::Negative>(x);
  neg->output(0).set_names({"neg"});
  auto model = std::make_shared<Model>(OutputVector{relu, neg}, ParameterVector{x}, "two_outputs");
  PrePostProcessor p(model);
  EXPECT_ERROR_CONTAINS(p.output(), "output() needs a model of one output", "has 2");
  p.output("neg").model().set_layout("NCHW");
  p.output("neg").tensor().set_layout("NHWC").set_element_type(element::f16);
  p.build();
  EXPECT_EQ(model->output("neg").get_partial_shape(), (PartialShape{1, 1, 3, 2}));
  EXPECT_EQ(model->output("neg").get_element_type(), element::f16);
  EXPECT_EQ(model->get_results()[1]->get_layout(), Layout("NHWC"));
  EXPECT_TRUE(neg->output(0).get_names().empty());
  EXPECT_EQ(model->output(0).get_names(), TensorNames{"relu"});
}

TEST(PrePostProcessor, MovesWithItsDescriptions) {
  auto model = model_of({input("x", element::f32, {2})});
  PrePostProcessor first(model);
  first.input().tensor().set_element_type(element::u8);
  std::vector<PrePostProcessor> held;
  held.push_back(std::move(first));
  held.back().build();
  EXPECT_EQ(model->input().get_element_type(), element::u8);
}

TEST(PrePostProcessor, LooksUpInputsAndOutputs) {
  auto model = model_of({input("a", element::f32, {2}), input("b", element::f32, {2})});
  PrePostProcessor p(model);
  EXPECT_ERROR_CONTAINS(p.input(), "input() needs a model of one input", "has 2", "input(name) or input(index)");
  EXPECT_ERROR_CONTAINS(p.input("missing"), "has no input named 'missing'");
  EXPECT_ERROR_CONTAINS(p.input(2), "has 2 inputs, no input 2");
  EXPECT_ERROR_CONTAINS(p.output(1), "has 1 output, no output 1");
  EXPECT_EQ(&p.input("b"), &p.input(1)) << "one InputInfo per input";
  EXPECT_EQ(&p.output(), &p.output("out"));
}

TEST(PrePostProcessor, AFailedBuildLeavesTheModelAsItWas) {
  auto model = model_of({input("a", element::f32, {1, 3, 4, 6}), input("b", element::f32, {1, 3, 4, 6})});
  const auto params = model->get_parameters();
  const size_t ops = model->get_ordered_ops().size();
  PrePostProcessor p(model);
  p.input("a").tensor().set_element_type(element::u8);  // fine on its own
  p.input("b").preprocess().mean({1.0f, 2.0f});         // no layout: fails
  EXPECT_ERROR_CONTAINS(p.build(), "input 'b'", "mean");
  EXPECT_EQ(model->get_parameters(), params);
  EXPECT_EQ(model->get_ordered_ops().size(), ops);
  EXPECT_EQ(model->get_parameters()[0]->get_element_type(), element::f32);
}

TEST(PrePostProcessor, TheIrKeepsPlanesNamesLayoutsAndMemoryType) {
  auto model = model_of({input("image", element::f32, {1, 3, 4, 6})});
  PrePostProcessor p(model);
  p.input()
      .tensor()
      .set_element_type(element::u8)
      .set_color_format(ColorFormat::NV12_SINGLE_PLANE, {"nv12"})
      .set_memory_type("GPU_BUFFER");
  p.input().preprocess().convert_color(ColorFormat::RGB).convert_element_type(element::f32).mean(16.0f);
  p.input().model().set_layout("NCHW");
  p.output().tensor().set_element_type(element::f16);
  p.build();
  std::string xml;
  const auto read = ir_test::write_and_read(model, xml, "preprocessed.xml");
  ir_test::expect_same_ops(*model, *read);
  ASSERT_EQ(read->get_parameters().size(), 1u);
  const auto& plane = read->get_parameters()[0];
  EXPECT_EQ(plane->get_friendly_name(), "image/nv12");
  EXPECT_EQ(read->input(0).get_names(), TensorNames{"image/nv12"});
  EXPECT_EQ(plane->get_partial_shape(), (PartialShape{1, 6, 6, 1}));
  EXPECT_EQ(plane->get_layout(), Layout("NHWC"));
  EXPECT_EQ(plane->output(0).get_rt_info().at("memory_type").as<std::string>(), "GPU_BUFFER");
  EXPECT_NE(xml.find("type=\"NV12toRGB\" version=\"opset8\""), std::string::npos) << xml;
  EXPECT_EQ(read->output(0).get_element_type(), element::f16);
}

}  // namespace
}  // namespace ferry
