// The engine against core's reference executor on the shipped IR models, with the models'
// own inputs and with random ones: same outputs within a stated tolerance, fusions applied,
// outputs written in place.
#include "plugins/cpu/src/engine/compiled_graph.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <thread>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/value/tensor.hpp"
#include "plugins/cpu/src/engine/testing/reference_comparison.hpp"

namespace ferry::cpu::engine {
namespace {

using test_support::compare_with_reference;

const std::string kModels = "testing/models/openvino/";

TEST(CompiledGraphTest, ShippedModelsMatchTheReference) {
  for (const char* name : {"mlp", "cnn", "conv_variants", "elementwise", "op_versions"}) {
    SCOPED_TRACE(name);
    auto model = read_ir(kModels + name + ".xml");
    CompiledGraph graph(model);
    for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);
  }
}

TEST(CompiledGraphTest, ConvolutionsAreFusedWithTheirBiasAndRelu) {
  auto model = read_ir(kModels + "cnn.xml");
  CompiledGraph graph(model);
  size_t fused = 0, onednn = 0;
  for (const OpProfile& step : graph.describe_steps()) {
    if (step.exec_type == "onednn+bias+relu") ++fused;
    if (step.exec_type.rfind("onednn", 0) == 0) ++onednn;
    EXPECT_NE("Relu", step.type) << "a Relu after a convolution runs inside it";
  }
  EXPECT_GE(fused, 1u);
  EXPECT_GE(onednn, 2u) << "the convolution and the depthwise group convolution";
}

// Each step of `model` whose op type is in `types`, as "<type>:<exec type>".
std::vector<std::string> steps_of(const std::string& model, const std::set<std::string>& types) {
  return test_support::steps_of(CompiledGraph(read_ir(kModels + model + ".xml")), types);
}

TEST(CompiledGraphTest, MatMulsAndPoolingRunOnOneDnn) {
  EXPECT_EQ((std::vector<std::string>{"MatMul:onednn+bias+relu", "MatMul:onednn+bias"}),
            steps_of("mlp", {"MatMul", "Add", "Relu"}));
  EXPECT_EQ((std::vector<std::string>{"MaxPool:onednn", "AvgPool:onednn"}), steps_of("cnn", {"MaxPool", "AvgPool"}));
  // Of op_versions' pools only the dilated MaxPool-8 stays on the reference kernel.
  const auto pools = steps_of("op_versions", {"MaxPool", "AvgPool"});
  EXPECT_EQ(4u, pools.size());
  EXPECT_EQ(1, std::count(pools.begin(), pools.end(), "MaxPool:reference"));
}

// Convolution, bias and Clamp(0, 6) (MobileNet's ReLU6), built in memory: one convolution step.
TEST(CompiledGraphTest, AClampAfterAConvolutionIsFused) {
  std::mt19937 random(3);
  std::uniform_real_distribution<float> values(-3.f, 3.f);
  std::vector<float> filters(8 * 4 * 3 * 3), bias(8);
  for (float& value : filters) value = values(random);
  for (float& value : bias) value = values(random);
  auto data = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 4, 9, 9});
  auto convolution = std::make_shared<op::v1::Convolution>(
      data, std::make_shared<op::v0::Constant>(element::f32, Shape{8, 4, 3, 3}, filters), Strides{1, 1},
      CoordinateDiff{1, 1}, CoordinateDiff{1, 1}, Strides{1, 1});
  auto biased = std::make_shared<op::v1::Add>(
      convolution, std::make_shared<op::v0::Constant>(element::f32, Shape{1, 8, 1, 1}, bias));
  auto clamped = std::make_shared<op::v0::Clamp>(biased, 0.0, 6.0);
  auto model = std::make_shared<Model>(OutputVector{clamped}, ParameterVector{data}, "relu6");
  CompiledGraph graph(model);
  // One oneDNN step (and the reorder of its blocked output into the caller's plain memory).
  EXPECT_EQ((std::vector<std::string>{"Convolution:onednn+bias+clamp"}),
            test_support::steps_of(graph, {"Convolution", "Add", "Clamp"}));
  for (unsigned seed : {1u, 2u}) compare_with_reference(model, graph, seed);
}

TEST(CompiledGraphTest, OutputsAreWrittenInPlaceAndProfiled) {
  auto model = read_ir(kModels + "cnn.xml");
  CompiledGraph graph(model);
  std::vector<float> image(1 * 3 * 16 * 16, 0.5f), probs(5, -1.f);
  std::vector<OpProfile> profile;
  EXPECT_EQ(0u, graph.run({image.data(), probs.data()}, &profile));
  float sum = 0;
  for (float p : probs) sum += p;
  EXPECT_NEAR(1.f, sum, 1e-5f) << "softmax probabilities";
  ASSERT_EQ(graph.describe_steps().size(), profile.size());
  for (const OpProfile& step : profile) {
    EXPECT_FALSE(step.name.empty());
    EXPECT_GT(step.ns, 0u) << step.name;
  }
}

TEST(CompiledGraphTest, RunsOnOtherThreadsThanTheOneThatCompiled) {
  auto model = read_ir(kModels + "conv_variants.xml");
  CompiledGraph graph(model);
  std::vector<std::thread> threads;
  for (unsigned seed = 1; seed <= 3; ++seed)
    threads.emplace_back([&, seed] { compare_with_reference(model, graph, seed); });
  for (auto& thread : threads) thread.join();
}

TEST(CompiledGraphTest, DynamicShapesAreRefused) {
  auto model = read_ir(kModels + "dynamic.xml");
  try {
    CompiledGraph graph(model);
    FAIL() << "a dynamic model compiled";
  } catch (const Exception& error) {
    EXPECT_NE(std::string::npos, std::string(error.what()).find("static shapes only")) << error.what();
  }
}

}  // namespace
}  // namespace ferry::cpu::engine
