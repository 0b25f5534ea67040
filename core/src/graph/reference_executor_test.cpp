#include "ferry/graph/reference_executor.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <thread>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

constexpr size_t kIn = 5, kHidden = 4, kOut = 3;

float weight(size_t seed, size_t i) { return std::sin(float(seed * 31 + i)) * 0.5f; }

// softmax(relu(x W1 + b1) W2 + b2), x [batch, 5], with deterministic weights.
std::shared_ptr<Model> make_mlp() {
  std::vector<float> w1(kIn * kHidden), b1(kHidden), w2(kHidden * kOut), b2(kOut);
  for (size_t i = 0; i < w1.size(); ++i) w1[i] = weight(1, i);
  for (size_t i = 0; i < b1.size(); ++i) b1[i] = weight(2, i);
  for (size_t i = 0; i < w2.size(); ++i) w2[i] = weight(3, i);
  for (size_t i = 0; i < b2.size(); ++i) b2[i] = weight(4, i);
  auto x = param(element::f32, PartialShape("[?,5]"));
  auto h = std::make_shared<v0::Relu>(std::make_shared<v1::Add>(
      std::make_shared<v0::MatMul>(x, v0::Constant::create(element::f32, Shape{kIn, kHidden}, w1)),
      v0::Constant::create(element::f32, Shape{kHidden}, b1)));
  auto logits = std::make_shared<v1::Add>(
      std::make_shared<v0::MatMul>(h, v0::Constant::create(element::f32, Shape{kHidden, kOut}, w2)),
      v0::Constant::create(element::f32, Shape{kOut}, b2));
  auto probabilities = std::make_shared<v8::Softmax>(logits, -1);
  return std::make_shared<Model>(OutputVector{probabilities, logits}, ParameterVector{x}, "mlp");
}

// The same network with plain loops, in double.
std::vector<double> mlp_by_hand(const std::vector<float>& x, size_t batch, std::vector<double>* logits_out) {
  std::vector<double> probabilities;
  for (size_t n = 0; n < batch; ++n) {
    double hidden[kHidden];
    for (size_t j = 0; j < kHidden; ++j) {
      double sum = weight(2, j);
      for (size_t i = 0; i < kIn; ++i) sum += double(x[n * kIn + i]) * weight(1, i * kHidden + j);
      hidden[j] = sum > 0 ? sum : 0;
    }
    double logits[kOut], total = 0;
    for (size_t k = 0; k < kOut; ++k) {
      logits[k] = weight(4, k);
      for (size_t j = 0; j < kHidden; ++j) logits[k] += hidden[j] * weight(3, j * kOut + k);
      if (logits_out) logits_out->push_back(logits[k]);
      total += std::exp(logits[k]);
    }
    for (size_t k = 0; k < kOut; ++k) probabilities.push_back(std::exp(logits[k]) / total);
  }
  return probabilities;
}

std::vector<float> input_values(size_t batch, float scale) {
  std::vector<float> x(batch * kIn);
  for (size_t i = 0; i < x.size(); ++i) x[i] = std::cos(float(i) * scale) * 2;
  return x;
}

TEST(ReferenceExecutor, MlpMatchesHandLoops) {
  auto model = make_mlp();
  for (size_t batch : {1u, 3u, 8u}) {  // one plan, any batch: shapes come from the inputs
    const auto x = input_values(batch, 0.7f);
    TensorVector outputs;
    ASSERT_TRUE(model->evaluate(outputs, {make_tensor(element::f32, {batch, kIn}, x)}));
    ASSERT_EQ(outputs.size(), 2u);
    ASSERT_EQ(outputs[0].get_shape(), (Shape{batch, kOut}));
    std::vector<double> logits;
    const auto expected = mlp_by_hand(x, batch, &logits);
    const auto got = values_of<float>(outputs[0]);
    const auto got_logits = values_of<float>(outputs[1]);
    for (size_t i = 0; i < expected.size(); ++i) {
      EXPECT_NEAR(got[i], expected[i], 1e-5) << i;  // f32 storage of values computed in double
      EXPECT_NEAR(got_logits[i], logits[i], 1e-5) << i;
    }
  }
}

TEST(ReferenceExecutor, ConcurrentRuns) {
  auto model = make_mlp();
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
        const auto expected = mlp_by_hand(x, batch, nullptr);
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
  auto model = make_mlp();
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
