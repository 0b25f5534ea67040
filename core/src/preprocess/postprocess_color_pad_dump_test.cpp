// OpenVINO's PrePostProcessor parts added for issue 16, point 1:
// - PostProcessSteps::convert_color (RGB <-> BGR of a model output whose colour format
//   OutputModelInfo::set_color_format gives). Expected values: OpenVINO 2026.4's own results for
//   the same pipelines and inputs (its C++ API; the Python API has no post-processing
//   convert_color), which are the formula out[..c..] = in[..2-c..] along the layout's C axis;
// - pad with one value per channel (CONSTANT): out[i] = in[i - pads_begin] where that lies inside
//   the input, else values[c] of the element's channel c (numpy: np.pad of each channel with its
//   value). OpenVINO 2026.4 declares it and refuses it at build ("Did not get the expected number
//   of literals"), so the formula is the reference;
// - dump() / operator<<: OpenVINO's description of the pipeline, per input and output.
#include <gtest/gtest.h>

#include <sstream>

#include "ferry/graph/ops.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"
#include "ferry/value/tensor.hpp"
#include "preprocess_reference_cases.hpp"

namespace ferry {
namespace {

using namespace preprocess;

// input -> Multiply by 1 -> output, as make_reference.py's models.
std::shared_ptr<Model> model_of(const PartialShape& shape) {
  return preprocess_test::make_case_model(shape, element::f32);
}

// Element i of the input is i; the outputs of the model on it.
std::vector<float> run_on_iota(const std::shared_ptr<Model>& model, Shape* output_shape = nullptr) {
  const auto& parameter = model->get_parameters().at(0);
  Tensor input(element::f32, parameter->get_shape());
  float* in = static_cast<float*>(input.data());
  for (size_t i = 0; i < input.get_size(); ++i) in[i] = static_cast<float>(i);
  TensorVector outputs;
  EXPECT_TRUE(model->evaluate(outputs, {input}));
  const Tensor& out = outputs.at(0);
  if (output_shape) *output_shape = out.get_shape();
  const float* data = static_cast<const float*>(out.data());
  return std::vector<float>(data, data + out.get_size());
}

void expect_parts(const std::string& message, const std::vector<std::string>& parts) {
  for (const auto& part : parts) EXPECT_NE(message.find(part), std::string::npos) << message << "\nlacks: " << part;
}

// --- PostProcessSteps::convert_color

TEST(PostprocessConvertColor, RgbToBgrReversesTheChannelsOfNhwc) {
  auto model = model_of({1, 2, 2, 3});
  PrePostProcessor p(model);
  p.output().model().set_layout("NHWC").set_color_format(ColorFormat::RGB);
  p.output().postprocess().convert_color(ColorFormat::BGR);
  p.build();
  // OpenVINO 2026.4 (CPU) on the same input.
  EXPECT_EQ(run_on_iota(model), (std::vector<float>{2, 1, 0, 5, 4, 3, 8, 7, 6, 11, 10, 9}));
  EXPECT_EQ(model->output(0).get_names(), TensorNames{"output"});
}

TEST(PostprocessConvertColor, RgbToBgrReversesTheChannelsOfNchw) {
  auto model = model_of({1, 3, 2, 2});
  PrePostProcessor p(model);
  p.output().model().set_layout("NCHW").set_color_format(ColorFormat::RGB);
  p.output().postprocess().convert_color(ColorFormat::BGR);
  p.build();
  EXPECT_EQ(run_on_iota(model), (std::vector<float>{8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3}));
}

TEST(PostprocessConvertColor, FollowsTheLayoutThroughOtherSteps) {
  // BGR NCHW -> RGB -> NHWC -> BGR: two reversals around a transpose.
  auto model = model_of({1, 3, 2, 2});
  PrePostProcessor p(model);
  p.output().model().set_layout("NCHW").set_color_format(ColorFormat::BGR);
  p.output().postprocess().convert_color(ColorFormat::RGB).convert_layout("NHWC").convert_color(ColorFormat::BGR);
  p.build();
  Shape shape;
  EXPECT_EQ(run_on_iota(model, &shape), (std::vector<float>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
  EXPECT_EQ(shape, (Shape{1, 2, 2, 3}));
  EXPECT_EQ(model->get_results()[0]->get_layout(), Layout("NHWC"));
}

TEST(PostprocessConvertColor, ToItsOwnFormatAddsNothing) {
  auto model = model_of({1, 2, 2, 3});
  const auto produced = model->get_results()[0]->input_value(0).get_node();
  PrePostProcessor p(model);
  p.output().model().set_layout("NHWC").set_color_format(ColorFormat::BGR);
  p.output().postprocess().convert_color(ColorFormat::BGR);
  p.build();
  EXPECT_EQ(model->get_results()[0]->input_value(0).get_node(), produced);
}

// --- pad with one value per channel

// The formula of the file comment over an NCHW or NHWC value.
std::vector<float> padded_reference(const Shape& in, const std::vector<int>& begin, const Shape& out, size_t c_axis,
                                    const std::vector<float>& values) {
  std::vector<float> expected;
  std::vector<size_t> index(out.size(), 0);
  for (size_t flat = 0; flat < shape_size(out); ++flat) {
    size_t rem = flat;
    for (size_t d = out.size(); d-- > 0;) index[d] = rem % out[d], rem /= out[d];
    bool inside = true;
    size_t source = 0;
    for (size_t d = 0; d < out.size(); ++d) {
      const int64_t i = static_cast<int64_t>(index[d]) - begin[d];
      if (i < 0 || i >= static_cast<int64_t>(in[d])) inside = false;
      source = source * in[d] + static_cast<size_t>(std::max<int64_t>(i, 0));
    }
    expected.push_back(inside ? static_cast<float>(source) : values[index[c_axis]]);
  }
  return expected;
}

TEST(PadPerChannel, NchwGetsEachChannelsValue) {
  auto model = model_of({1, 3, 5, 3});
  PrePostProcessor p(model);
  p.input().tensor().set_layout("NCHW").set_shape({1, 3, 2, 2});
  p.input().preprocess().pad({0, 0, 1, 1}, {0, 0, 2, 0}, std::vector<float>{-1.5f, 20.0f, 300.0f},
                             PaddingMode::CONSTANT);
  p.build();
  EXPECT_EQ(run_on_iota(model), padded_reference({1, 3, 2, 2}, {0, 0, 1, 1}, {1, 3, 5, 3}, 1, {-1.5f, 20.0f, 300.0f}));
}

TEST(PadPerChannel, DynamicSpatialShapesTakeTheMaskShapeFromShapeOf) {
  auto model = model_of({1, 3, 5, 3});
  PrePostProcessor p(model);
  p.input().tensor().set_layout("NCHW").set_spatial_dynamic_shape();
  p.input().preprocess().pad({0, 0, 1, 1}, {0, 0, 2, 0}, std::vector<float>{-1.5f, 20.0f, 300.0f},
                             PaddingMode::CONSTANT);
  p.build();
  EXPECT_EQ(model->get_parameters()[0]->get_partial_shape(), (PartialShape{1, 3, Dimension(), Dimension()}));
  bool has_shape_of = false;
  for (const auto& node : model->get_ordered_ops()) has_shape_of |= is_type<op::v3::ShapeOf>(node);
  EXPECT_TRUE(has_shape_of);
  Tensor input(element::f32, Shape{1, 3, 2, 2});
  for (size_t i = 0; i < input.get_size(); ++i) static_cast<float*>(input.data())[i] = static_cast<float>(i);
  TensorVector outputs;
  ASSERT_TRUE(model->evaluate(outputs, {input}));
  const float* out = static_cast<const float*>(outputs.at(0).data());
  EXPECT_EQ(std::vector<float>(out, out + outputs[0].get_size()),
            padded_reference({1, 3, 2, 2}, {0, 0, 1, 1}, {1, 3, 5, 3}, 1, {-1.5f, 20.0f, 300.0f}));
}

TEST(PadPerChannel, NhwcWithACropOnOneSide) {
  auto model = model_of({1, 5, 4, 3});
  PrePostProcessor p(model);
  p.input().tensor().set_layout("NHWC").set_shape({1, 3, 4, 3});
  // H: one more row on each side; W: one column cropped at the start, one added at the end.
  p.input().preprocess().pad({0, 1, -1, 0}, {0, 1, 1, 0}, std::vector<float>{7.0f, 8.0f, 9.0f}, PaddingMode::CONSTANT);
  p.build();
  const std::vector<float> actual = run_on_iota(model);
  // The crop: out[h][w] reads in[h-1][w+1]; w + 1 == 4 is the added column.
  std::vector<float> expected;
  for (int h = 0; h < 5; ++h)
    for (int w = 0; w < 4; ++w)
      for (int c = 0; c < 3; ++c) {
        const int ih = h - 1, iw = w + 1;
        const bool inside = ih >= 0 && ih < 3 && iw < 4;
        expected.push_back(inside ? static_cast<float>((ih * 4 + iw) * 3 + c) : 7.0f + static_cast<float>(c));
      }
  EXPECT_EQ(actual, expected);
}

TEST(PadPerChannel, OneValueAndTheOtherModesAreUnchanged) {
  auto model = model_of({1, 3, 4, 2});
  PrePostProcessor p(model);
  p.input().tensor().set_layout("NCHW").set_shape({1, 3, 2, 2});
  p.input().preprocess().pad({0, 0, 1, 0}, {0, 0, 1, 0}, std::vector<float>{5.0f}, PaddingMode::CONSTANT);
  p.build();
  EXPECT_EQ(run_on_iota(model), padded_reference({1, 3, 2, 2}, {0, 0, 1, 0}, {1, 3, 4, 2}, 1, {5.0f, 5.0f, 5.0f}));
  // EDGE copies from the tensor: values, however many, are not used.
  auto edge = model_of({1, 3, 2, 4});
  PrePostProcessor q(edge);
  q.input().tensor().set_layout("NCHW").set_shape({1, 3, 2, 2});
  q.input().preprocess().pad({0, 0, 0, 1}, {0, 0, 0, 1}, std::vector<float>{1, 2, 3}, PaddingMode::EDGE);
  q.build();
  const std::vector<float> out = run_on_iota(edge);
  EXPECT_EQ(std::vector<float>(out.begin(), out.begin() + 4), (std::vector<float>{0, 0, 1, 1}));
}

// --- dump() / operator<<

TEST(PrePostProcessorDump, DescribesEveryStepOfInputsAndOutputs) {
  auto model = model_of({1, 3, 3, 4});
  PrePostProcessor p(model);
  p.input()
      .tensor()
      .set_element_type(element::u8)
      .set_layout("NHWC")
      .set_spatial_static_shape(4, 6)
      .set_color_format(ColorFormat::BGR);
  p.input()
      .preprocess()
      .convert_element_type(element::f32)
      .convert_color(ColorFormat::RGB)
      .resize(ResizeAlgorithm::RESIZE_LINEAR)
      .mean({1.5f, 2.0f, 3.0f})
      .scale(2.0f)
      .pad({0, 0, 0, 0}, {0, 0, 1, 0}, 0.5f, PaddingMode::CONSTANT)
      .crop({0, 0, 0, 0}, {1, 3, 4, 3})
      .clamp(0.0, 1.0)
      .convert_layout("NCHW");
  p.input().model().set_layout("NCHW");
  p.output().tensor().set_element_type(element::u8).set_layout("NHWC");
  p.output().model().set_layout("NCHW");
  p.output().postprocess().clamp(0, 255).convert_element_type(element::u8);
  const size_t ops = model->get_ordered_ops().size();
  std::ostringstream text;
  text << p;
  EXPECT_EQ(text.str(),
            "Input \"input\" (color BGR):\n"
            "    User's input tensor: [1,4,6,3], [N,H,W,C], u8\n"
            "    Model's expected tensor: [1,3,3,4], [N,C,H,W], f32\n"
            "    Pre-processing steps (9):\n"
            "      convert type (f32): ([1,4,6,3], [N,H,W,C], u8, BGR) -> ([1,4,6,3], [N,H,W,C], f32, BGR)\n"
            "      convert color (RGB): ([1,4,6,3], [N,H,W,C], f32, BGR) -> ([1,4,6,3], [N,H,W,C], f32, RGB)\n"
            "      resize to model width/height: ([1,4,6,3], [N,H,W,C], f32, RGB) -> ([1,3,4,3], [N,H,W,C], f32, RGB)\n"
            "      mean (1.5,2,3): ([1,3,4,3], [N,H,W,C], f32, RGB) -> ([1,3,4,3], [N,H,W,C], f32, RGB)\n"
            "      scale (2): ([1,3,4,3], [N,H,W,C], f32, RGB) -> ([1,3,4,3], [N,H,W,C], f32, RGB)\n"
            "      pad(begin (0,0,0,0), end (0,0,1,0), with (0.5)): ([1,3,4,3], [N,H,W,C], f32, RGB) -> ([1,3,5,3], "
            "[N,H,W,C], f32, RGB)\n"
            "      crop (begin (0,0,0,0), end (1,3,4,3)): ([1,3,5,3], [N,H,W,C], f32, RGB) -> ([1,3,4,3], [N,H,W,C], "
            "f32, RGB)\n"
            "      clamp(min 0, max 1): ([1,3,4,3], [N,H,W,C], f32, RGB) -> ([1,3,4,3], [N,H,W,C], f32, RGB)\n"
            "      convert layout [N,C,H,W]: ([1,3,4,3], [N,H,W,C], f32, RGB) -> ([1,3,3,4], [N,C,H,W], f32, RGB)\n"
            "Output \"output\":\n"
            "    Model's data tensor: [1,3,3,4], [N,C,H,W], f32\n"
            "    Post-processing steps (2):\n"
            "      clamp(min 0, max 255): ([1,3,3,4], [N,C,H,W], f32) -> ([1,3,3,4], [N,C,H,W], f32)\n"
            "      convert type (u8): ([1,3,3,4], [N,C,H,W], f32) -> ([1,3,3,4], [N,C,H,W], u8)\n"
            "    Post-processing implicit steps (1):\n"
            "      convert layout [N,H,W,C]: ([1,3,3,4], [N,C,H,W], u8) -> ([1,3,4,3], [N,H,W,C], u8)\n"
            "    User's output tensor: [1,3,4,3], [N,H,W,C], u8\n");
  // Built on a copy: the model is as it was, and build() still works.
  EXPECT_EQ(model->get_ordered_ops().size(), ops);
  EXPECT_EQ(model->get_parameters()[0]->get_element_type(), element::f32);
  std::ostringstream again;
  p.dump(again);
  EXPECT_EQ(again.str(), text.str());
  p.build();
  EXPECT_EQ(model->get_parameters()[0]->get_element_type(), element::u8);
}

TEST(PrePostProcessorDump, PlanesImplicitStepsAndErrors) {
  auto model = model_of({1, 3, 4, 4});
  PrePostProcessor p(model);
  p.input()
      .tensor()
      .set_element_type(element::u8)
      .set_color_format(ColorFormat::NV12_TWO_PLANES, {"y", "uv"})
      .set_spatial_dynamic_shape();
  p.input().preprocess().convert_color(ColorFormat::BGR).resize(ResizeAlgorithm::RESIZE_NEAREST, 4, 4);
  p.input().model().set_layout("NCHW");
  std::ostringstream text;
  p.dump(text);
  EXPECT_EQ(
      text.str(),
      "Input \"input\" (color NV12_TWO_PLANES):\n"
      "    2 user's tensors expected for each plane:\n"
      "       0: input/y [1,?,?,1], [N,H,W,C], u8\n"
      "       1: input/uv [1,?,?,2], [N,H,W,C], u8\n"
      "    Model's expected tensor: [1,3,4,4], [N,C,H,W], f32\n"
      "    Pre-processing steps (2):\n"
      "      convert color (BGR): ([1,?,?,1], [N,H,W,C], u8, NV12_TWO_PLANES) -> ([1,?,?,3], [N,H,W,C], u8, BGR)\n"
      "      resize to (4, 4): ([1,?,?,3], [N,H,W,C], u8, BGR) -> ([1,4,4,3], [N,H,W,C], u8, BGR)\n"
      "    Implicit pre-processing steps (2):\n"
      "      convert type (f32): ([1,4,4,3], [N,H,W,C], u8, BGR) -> ([1,4,4,3], [N,H,W,C], f32, BGR)\n"
      "      convert layout [N,C,H,W]: ([1,4,4,3], [N,H,W,C], f32, BGR) -> ([1,3,4,4], [N,C,H,W], f32, BGR)\n");

  // A step that fails: the steps up to it, then what build() would say.
  PrePostProcessor q(model_of({1, 3, 2, 2}));
  q.input().tensor().set_element_type(element::u8).set_layout("NCHW");
  q.input().preprocess().mean(1.0f);
  q.output().model().set_color_format(ColorFormat::RGB);
  q.output().postprocess().convert_color(ColorFormat::BGR);
  std::ostringstream failed;
  failed << q;
  const std::string dump = failed.str();
  expect_parts(dump,
               {"Input \"input\":\n    User's input tensor: [1,3,2,2], [N,C,H,W], u8\n",
                "    Pre-processing steps (1):\n      mean (1): ([1,3,2,2], [N,C,H,W], u8) -> (failed)\n",
                "    Error occurred: PrePostProcessor: input 'input': mean: needs a real element type",
                "Output \"output\":\n    Model's data tensor: [1,3,2,2], <no layout>, f32, RGB\n",
                "      convert color (BGR): ([1,3,2,2], <no layout>, f32, RGB) -> (failed)\n",
                "    Error occurred: PrePostProcessor: output 'output': convert_color: the layout (none) has no C"});
  // Nothing described: nothing printed.
  PrePostProcessor empty(model_of({1, 3, 2, 2}));
  std::ostringstream none;
  none << empty;
  EXPECT_EQ(none.str(), "");
}

}  // namespace
}  // namespace ferry
