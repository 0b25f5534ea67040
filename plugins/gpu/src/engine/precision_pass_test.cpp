#include "precision_pass.hpp"

#include <gtest/gtest.h>

#include "epilogue_fusion.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry::gpu {
namespace {

std::shared_ptr<op::v0::Constant> floats(const Shape& shape, float value) {
  return op::v0::Constant::create(element::f32, shape, std::vector<float>(shape_size(shape), value));
}

// x[1,2,8,8] -> Conv(4x2x3x3) + bias[1,4,1,1] -> Relu -> MaxPool 2x2 -> Reshape [1,64]
// -> MatMul(64x5) -> Softmax -> Result "probs"; and a second output, the Relu.
std::shared_ptr<Model> make_cnn_with_relu_output() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 2, 8, 8});
  x->set_friendly_name("x");
  auto conv = std::make_shared<op::v1::Convolution>(x, floats({4, 2, 3, 3}, 0.1f), Strides{1, 1}, CoordinateDiff{1, 1},
                                                    CoordinateDiff{1, 1}, Strides{1, 1});
  conv->set_friendly_name("conv");
  auto bias = std::make_shared<op::v1::Add>(conv, floats({1, 4, 1, 1}, 0.5f));
  auto relu = std::make_shared<op::v0::Relu>(bias);
  relu->set_friendly_name("relu");
  auto pool = std::make_shared<op::v1::MaxPool>(relu, Strides{2, 2}, Shape{0, 0}, Shape{0, 0}, Shape{2, 2});
  auto flat = std::make_shared<op::v1::Reshape>(
      pool, op::v0::Constant::create(element::i64, Shape{2}, std::vector<int64_t>{1, 64}), false);
  auto matmul = std::make_shared<op::v0::MatMul>(flat, floats({64, 5}, 0.01f));
  matmul->set_friendly_name("matmul");
  auto softmax = std::make_shared<op::v8::Softmax>(matmul, 1);
  softmax->set_friendly_name("softmax");
  softmax->output(0).set_names({"probs"});
  return std::make_shared<Model>(OutputVector{softmax, relu}, ParameterVector{x}, "cnn");
}

std::shared_ptr<Node> find(const Model& model, const std::string& friendly_name) {
  for (const auto& node : model.get_ordered_ops())
    if (node->get_friendly_name() == friendly_name) return node;
  return nullptr;
}

TEST(PrecisionPass, SupportedNodesStoreF16AndTheInterfaceStaysF32) {
  const auto model = make_cnn_with_relu_output();
  const auto lowered = lower_to_f16(*model);

  // Every compute node of this model has an f16 GPU kernel.
  for (const char* name : {"conv", "relu", "matmul", "softmax"}) {
    const auto node = find(*lowered, name);
    ASSERT_TRUE(node) << name;
    EXPECT_EQ(node->get_output_element_type(0), element::f16) << name;
    for (size_t i = 0; i < node->get_input_size(); ++i) {
      if (node->get_input_element_type(i).is_real()) {
        EXPECT_EQ(node->get_input_element_type(i), element::f16) << name;
      }
    }
  }
  // Weights became f16 Constants (the data converted, not a Convert node on the device).
  const auto weights = as_type_ptr<op::v0::Constant>(find(*lowered, "conv")->get_input_node_shared_ptr(1));
  ASSERT_TRUE(weights);
  EXPECT_EQ(weights->get_element_type(), element::f16);
  EXPECT_EQ(static_cast<float>(weights->get_vector<float16>()[0]), static_cast<float>(float16(0.1f)));

  // The Parameter stays f32 and is read through one Convert to f16.
  ASSERT_EQ(lowered->get_parameters().size(), 1u);
  const auto& x = lowered->get_parameters()[0];
  EXPECT_EQ(x->get_element_type(), element::f32);
  EXPECT_EQ(x->get_friendly_name(), "x");
  const auto conv_input = find(*lowered, "conv")->get_input_node_shared_ptr(0);
  ASSERT_TRUE(is_type<op::v0::Convert>(conv_input));
  EXPECT_EQ(conv_input->get_input_node_shared_ptr(0), x);

  // Both Results read f32 through a Convert f16 -> f32, which carries the output's tensor names.
  ASSERT_EQ(lowered->get_results().size(), 2u);
  const char* producers[] = {"softmax", "relu"};
  for (size_t i = 0; i < 2; ++i) {
    const auto& result = lowered->get_results()[i];
    EXPECT_EQ(result->get_input_element_type(0), element::f32);
    const auto to_f32 = result->get_input_node_shared_ptr(0);
    ASSERT_TRUE(is_type<op::v0::Convert>(to_f32));
    EXPECT_EQ(to_f32->get_input_node_ptr(0)->get_friendly_name(), producers[i]);
  }
  EXPECT_EQ(lowered->output(0).get_names(), TensorNames{"probs"});
  EXPECT_TRUE(find(*lowered, "softmax")->output(0).get_names().empty());

  // The model itself is unchanged.
  EXPECT_EQ(find(*model, "conv")->get_output_element_type(0), element::f32);
  EXPECT_EQ(model->output(0).get_names(), TensorNames{"probs"});
}

TEST(PrecisionPass, UnsupportedNodesKeepF32BehindConverts) {
  const auto model = make_cnn_with_relu_output();
  // As if MatMul had no f16 kernel.
  const auto lowered =
      lower_to_f16(*model, [](const Node& node) { return !is_type<op::v0::MatMul>(&node) && gpu_runs_in_place(node); });
  const auto matmul = find(*lowered, "matmul");
  EXPECT_EQ(matmul->get_output_element_type(0), element::f32);
  EXPECT_EQ(matmul->get_input_element_type(1), element::f32);  // its weights stay f32 too
  EXPECT_TRUE(is_type<op::v0::Constant>(matmul->get_input_node_shared_ptr(1)));
  // Its f16 input (the Reshape, an alias of the f16 pooling) comes through a Convert f16 -> f32.
  const auto to_f32 = matmul->get_input_node_shared_ptr(0);
  ASSERT_TRUE(is_type<op::v0::Convert>(to_f32));
  EXPECT_EQ(to_f32->get_input_element_type(0), element::f16);
  EXPECT_EQ(to_f32->get_input_node_ptr(0)->get_type_name(), std::string("Reshape"));
  // The Softmax after it is f16 again, behind a Convert f32 -> f16.
  const auto softmax = find(*lowered, "softmax");
  EXPECT_EQ(softmax->get_output_element_type(0), element::f16);
  const auto to_f16 = softmax->get_input_node_shared_ptr(0);
  ASSERT_TRUE(is_type<op::v0::Convert>(to_f16));
  EXPECT_EQ(to_f16->get_input_node_shared_ptr(0), matmul);
  // A rejected f16 attempt leaves no dangling consumer: the Reshape feeds the Convert only.
  EXPECT_EQ(to_f32->get_input_node_ptr(0)->output(0).get_target_inputs().size(), 1u);
}

TEST(PrecisionPass, NothingSupportedMeansNoChangeButTheSameModel) {
  const auto model = make_cnn_with_relu_output();
  const auto lowered = lower_to_f16(*model, [](const Node&) { return false; });
  for (const auto& node : lowered->get_ordered_ops()) {
    EXPECT_FALSE(is_type<op::v0::Convert>(node)) << node->get_friendly_name();
    for (size_t i = 0; i < node->get_output_size(); ++i)
      EXPECT_NE(node->get_output_element_type(i), element::f16) << node->get_friendly_name();
  }
  EXPECT_EQ(lowered->get_ordered_ops().size(), model->get_ordered_ops().size());
}

TEST(PrecisionPass, TheF16ConvChainStillFuses) {
  const auto lowered = lower_to_f16(*make_cnn_with_relu_output());
  const EpilogueFusions fusions(*lowered);
  const auto relu = find(*lowered, "relu");
  // relu feeds the pool and a model output: the chain is Conv + bias Add + Relu.
  const EpilogueChain* chain = fusions.ended_by(*relu);
  ASSERT_NE(chain, nullptr);
  EXPECT_EQ(chain->anchor->get_friendly_name(), "conv");
  EXPECT_TRUE(chain->has_bias);
  EXPECT_EQ(chain->bias.get_element_type(), element::f16);
  EXPECT_EQ(chain->activation, Epilogue::Activation::RELU);
}

TEST(PrecisionPass, ConstantsSaturateToTheF16Range) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{3});
  auto big = op::v0::Constant::create(element::f32, Shape{3}, std::vector<float>{1e5f, -1e9f, 1.5f});
  auto add = std::make_shared<op::v1::Add>(x, big);
  const auto lowered = lower_to_f16(Model(OutputVector{add}, ParameterVector{x}));
  const auto added = lowered->get_results()[0]->get_input_node_shared_ptr(0)->get_input_node_shared_ptr(0);
  ASSERT_TRUE(is_type<op::v1::Add>(added));
  const auto constant = as_type_ptr<op::v0::Constant>(added->get_input_node_shared_ptr(1));
  ASSERT_TRUE(constant);
  const auto values = constant->get_vector<float16>();
  EXPECT_EQ(static_cast<float>(values[0]), 65504.0f);
  EXPECT_EQ(static_cast<float>(values[1]), -65504.0f);
  EXPECT_EQ(static_cast<float>(values[2]), 1.5f);
}

TEST(PrecisionPass, SharedCacheConvertsEachWeightOnce) {
  const auto model = make_cnn_with_relu_output();
  HalfConstants constants;
  const auto a = lower_to_f16(*model, gpu_runs_in_place, &constants);
  const auto b = lower_to_f16(*model, gpu_runs_in_place, &constants);
  const auto data = [](const Model& m) {
    return as_type_ptr<op::v0::Constant>(find(m, "conv")->get_input_node_shared_ptr(1))->get_data_ptr();
  };
  EXPECT_EQ(data(*a), data(*b));
  EXPECT_NE(data(*a), data(*lower_to_f16(*model)));
}

TEST(PrecisionPass, IntegerAndF16ValuesAreUntouched) {
  auto x = std::make_shared<op::v0::Parameter>(element::f16, PartialShape{4});
  auto i = std::make_shared<op::v0::Parameter>(element::i32, PartialShape{4});
  auto relu = std::make_shared<op::v0::Relu>(x);
  auto sum = std::make_shared<op::v1::Add>(i, i);
  const auto lowered = lower_to_f16(Model(OutputVector{relu, sum}, ParameterVector{x, i}));
  for (const auto& node : lowered->get_ordered_ops()) EXPECT_FALSE(is_type<op::v0::Convert>(node));
  EXPECT_EQ(lowered->output(0).get_element_type(), element::f16);
  EXPECT_EQ(lowered->output(1).get_element_type(), element::i32);
}

// x[2,6,4] -> MatMul 4x8 -> MVN (last axis) -> NormalizeL2 -> ReduceMean(axis 1, keep)
// -> Interpolate (sizes) -> MatMul 8x3; and the same Interpolate by scales.
TEST(PrecisionPass, NormalizationReduceAndInterpolateStayF16) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 6, 4});
  const auto axes = [](std::vector<int64_t> values) {
    return op::v0::Constant::create(element::i64, Shape{values.size()}, values);
  };
  auto first = std::make_shared<op::v0::MatMul>(x, floats({4, 8}, 0.1f));
  first->set_friendly_name("first");
  auto mvn = std::make_shared<op::v6::MVN>(first, axes({-1}), true, 1e-5f, op::MVNEpsMode::INSIDE_SQRT);
  mvn->set_friendly_name("mvn");
  auto l2 = std::make_shared<op::v0::NormalizeL2>(mvn, axes({2}), 1e-6f, op::EpsMode::ADD);
  l2->set_friendly_name("l2");
  auto mean = std::make_shared<op::v1::ReduceMean>(l2, axes({1}), true);
  mean->set_friendly_name("mean");
  op::v11::Interpolate::InterpolateAttrs attrs;
  attrs.mode = op::v11::Interpolate::InterpolateMode::LINEAR_ONNX;
  auto resize = std::make_shared<op::v11::Interpolate>(mean, axes({3, 8}), axes({1, 2}), attrs);
  resize->set_friendly_name("resize");
  auto last = std::make_shared<op::v0::MatMul>(resize, floats({8, 3}, 0.2f));
  last->set_friendly_name("last");
  attrs.shape_calculation_mode = op::v11::Interpolate::ShapeCalcMode::SCALES;
  auto scaled = std::make_shared<op::v11::Interpolate>(
      mean, op::v0::Constant::create(element::f32, Shape{1}, std::vector<float>{2.0f}), axes({1}), attrs);
  scaled->set_friendly_name("scaled");
  const auto lowered = lower_to_f16(Model(OutputVector{last, scaled}, ParameterVector{x}));

  for (const char* name : {"first", "mvn", "l2", "mean", "resize", "last"}) {
    const auto node = find(*lowered, name);
    ASSERT_TRUE(node) << name;
    EXPECT_EQ(node->get_output_element_type(0), element::f16) << name;
    EXPECT_EQ(node->get_input_element_type(0), element::f16) << name;
  }
  // No Convert between the f16 nodes: each reads the previous one directly.
  EXPECT_EQ(find(*lowered, "mvn")->get_input_node_ptr(0)->get_friendly_name(), "first");
  EXPECT_EQ(find(*lowered, "l2")->get_input_node_ptr(0)->get_friendly_name(), "mvn");
  EXPECT_EQ(find(*lowered, "mean")->get_input_node_ptr(0)->get_friendly_name(), "l2");
  EXPECT_EQ(find(*lowered, "resize")->get_input_node_ptr(0)->get_friendly_name(), "mean");
  EXPECT_EQ(find(*lowered, "last")->get_input_node_ptr(0)->get_friendly_name(), "resize");
  // The axes stay i64 Constants.
  EXPECT_EQ(find(*lowered, "mvn")->get_input_element_type(1), element::i64);
  // By scales, Interpolate stays f32: the pass would hand it f16 scales, which the kernel does
  // not take (they could change the output lengths), so it reads the mean through a Convert.
  const auto by_scales = find(*lowered, "scaled");
  EXPECT_EQ(by_scales->get_output_element_type(0), element::f32);
  EXPECT_TRUE(is_type<op::v0::Convert>(by_scales->get_input_node_shared_ptr(0)));
}

// x[1,3,4,6] -> BatchNormInference -> CumSum -> FakeQuantize -> AdaptiveMaxPool (i32 indices)
// -> ScaledDotProductAttention (q = k = v, additive mask Constant): all f16, indices i32.
TEST(PrecisionPass, BatchNormCumSumFakeQuantizeAdaptivePoolAndAttentionStayF16) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 3, 4, 6});
  auto bn = std::make_shared<op::v5::BatchNormInference>(x, floats({3}, 1.5f), floats({3}, 0.1f), floats({3}, 0.2f),
                                                         floats({3}, 2.0f), 1e-5);
  bn->set_friendly_name("bn");
  auto sum = std::make_shared<op::v0::CumSum>(
      bn, op::v0::Constant::create(element::i64, Shape{}, std::vector<int64_t>{3}), false, false);
  sum->set_friendly_name("cum_sum");
  auto fq = std::make_shared<op::v0::FakeQuantize>(sum, floats({}, -4.0f), floats({}, 4.0f), floats({}, -1.0f),
                                                   floats({}, 1.0f), 16);
  fq->set_friendly_name("fq");
  auto pool = std::make_shared<op::v8::AdaptiveMaxPool>(
      fq, op::v0::Constant::create(element::i64, Shape{2}, std::vector<int64_t>{2, 4}), element::i32);
  pool->set_friendly_name("pool");
  auto attention = std::make_shared<op::v13::ScaledDotProductAttention>(
      OutputVector{pool->output(0), pool->output(0), pool->output(0), floats({2, 2}, -1.0f)}, false);
  attention->set_friendly_name("attention");
  const auto lowered = lower_to_f16(Model(OutputVector{attention->output(0), pool->output(1)}, ParameterVector{x}));

  for (const char* name : {"bn", "cum_sum", "fq", "pool", "attention"}) {
    const auto node = find(*lowered, name);
    ASSERT_TRUE(node) << name;
    EXPECT_EQ(node->get_output_element_type(0), element::f16) << name;
    EXPECT_EQ(node->get_input_element_type(0), element::f16) << name;
  }
  EXPECT_EQ(find(*lowered, "pool")->get_output_element_type(1), element::i32);
  EXPECT_EQ(find(*lowered, "attention")->get_input_element_type(3), element::f16);  // the mask's f16 copy
  // Converts only after the Parameter and before the attention's Result.
  size_t converts = 0;
  for (const auto& node : lowered->get_ordered_ops()) converts += is_type<op::v0::Convert>(node) ? 1 : 0;
  EXPECT_EQ(converts, 2u);
}

TEST(PrecisionPass, DynamicModelsAreRefused) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension::dynamic(), 4});
  const Model model(OutputVector{std::make_shared<op::v0::Relu>(x)}, ParameterVector{x});
  try {
    lower_to_f16(model);
    FAIL() << "no exception";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("dynamic shapes"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ferry::gpu
