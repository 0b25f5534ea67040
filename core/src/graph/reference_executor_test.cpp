#include "ferry/graph/reference_executor.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops.hpp"
#include "testing/models/test_models.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

// The tests' MLP (test_models::kMlp) at a dynamic batch: x [?, 5] -> "hidden" [?, 4] -> "probs" [?, 3].
constexpr size_t kIn = test_models::kMlp.in, kHidden = test_models::kMlp.hidden, kOut = test_models::kMlp.out;

std::vector<float> input_values(size_t batch, float scale) {
  std::vector<float> x(batch * kIn);
  for (size_t i = 0; i < x.size(); ++i) x[i] = std::cos(float(i) * scale) * 2;
  return x;
}

TEST(ReferenceExecutor, MlpMatchesHandLoops) {
  auto model = test_models::make_mlp(Dimension::dynamic());
  for (size_t batch : {1u, 3u, 8u}) {  // one plan, any batch: shapes come from the inputs
    const auto x = input_values(batch, 0.7f);
    TensorVector outputs;
    ASSERT_TRUE(model->evaluate(outputs, {make_tensor(element::f32, {batch, kIn}, x)}));
    ASSERT_EQ(outputs.size(), 2u);
    ASSERT_EQ(outputs[0].get_shape(), (Shape{batch, kOut}));
    ASSERT_EQ(outputs[1].get_shape(), (Shape{batch, kHidden}));
    const test_models::MlpOutputs expected = test_models::mlp_reference(x, batch);  // plain loops, in double
    const auto got = values_of<float>(outputs[0]);
    const auto got_hidden = values_of<float>(outputs[1]);
    for (size_t i = 0; i < expected.probs.size(); ++i) EXPECT_NEAR(got[i], expected.probs[i], 1e-5) << i;
    for (size_t i = 0; i < expected.hidden.size(); ++i) EXPECT_NEAR(got_hidden[i], expected.hidden[i], 1e-5) << i;
  }
}

TEST(ReferenceExecutor, ConcurrentRuns) {
  auto model = test_models::make_mlp(Dimension::dynamic());
  const ReferenceExecutor executor(model);
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 25; ++round) {
        const size_t batch = 1 + (t + round) % 4;
        const auto x = input_values(batch, 0.1f * float(t + 1));
        TensorVector outputs;
        executor.run({make_tensor(element::f32, {batch, kIn}, x)}, outputs);
        const auto expected = test_models::mlp_reference(x, batch).probs;
        const auto got = values_of<float>(outputs[0]);
        for (size_t i = 0; i < expected.size(); ++i)
          if (std::abs(got[i] - expected[i]) > 1e-5) ++failures[t];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures, (std::vector<int>{0, 0, 0, 0}));
}

TEST(ReferenceExecutor, ChecksInputs) {
  auto model = test_models::make_mlp(Dimension::dynamic());
  const ReferenceExecutor executor(model);
  TensorVector outputs;
  EXPECT_THROW_WITH(executor.run({}, outputs), "model 'mlp'", "expects 1 input tensors, got 0");
  EXPECT_THROW_WITH(executor.run({Tensor(element::f32, Shape{2, 4})}, outputs), "input 0", "Parameter '", "[?,5]",
                    "[2,4]");
  EXPECT_THROW_WITH(executor.run({Tensor(element::i32, Shape{2, 5})}, outputs), "accepts f32", "i32");
}

TEST(ReferenceExecutor, PreallocatedOutputsAndPassThroughValues) {
  auto x = param(element::i32, PartialShape{2});
  auto c = v0::Constant::create<int32_t>(element::i32, Shape{2}, {5, 6});
  auto model = std::make_shared<Model>(OutputVector{x, c, std::make_shared<v1::Add>(x, c)}, ParameterVector{x});
  const ReferenceExecutor executor(model);
  const auto input = make_tensor(element::i32, {2}, std::vector<int32_t>{1, 2});
  Tensor sum(element::i32, Shape{2});
  TensorVector outputs{Tensor(), Tensor(), sum};
  executor.run({input}, outputs);
  EXPECT_EQ(values_of<int32_t>(sum), (std::vector<int32_t>{6, 8}));  // written into the caller's tensor
  EXPECT_NE(outputs[0].data(), input.data());                        // a result reading the input gets a copy
  EXPECT_NE(outputs[1].data(), c->get_data_ptr());                   // and so does one reading a constant
  EXPECT_EQ(values_of<int32_t>(outputs[0]), (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(values_of<int32_t>(outputs[1]), (std::vector<int32_t>{5, 6}));
}

TEST(ReferenceExecutor, MissingKernelNamesTheNode) {
  auto x = param(element::u4, PartialShape{2});  // no kernel handles packed 4-bit values
  auto relu = std::make_shared<v0::Relu>(x);
  relu->set_friendly_name("act");
  const ReferenceExecutor executor(std::make_shared<Model>(OutputVector{relu}, ParameterVector{x}, "m"));
  TensorVector outputs;
  EXPECT_THROW_WITH(executor.run({Tensor(element::u4, Shape{2})}, outputs), "Relu 'act'", "no reference implementation",
                    "u4");
}

}  // namespace
}  // namespace ferry
