// The normalization primitive (MVN, NormalizeL2, LRN, LogSoftmax) against the core's reference
// evaluate on random data, over attribute variants and odd sizes.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/log_softmax.hpp"
#include "ferry/graph/ops/lrn.hpp"
#include "ferry/graph/ops/mvn.hpp"
#include "ferry/graph/ops/normalize_l2.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

void check(const std::shared_ptr<Model>& model, double atol = 1e-5, double rtol = 1e-4) {
  expect_matches_reference(model, random_inputs(model, 17), atol, rtol);
}

TEST(GpuNormalizationPrimitives, MvnAxesAndEpsModes) {
  auto x = param({2, 3, 5, 7});
  using Mode = op::MVNEpsMode;
  for (const auto& axes : std::vector<std::vector<int64_t>>{{2, 3}, {1, 2, 3}, {-1}, {0}, {1, 3}, {}})
    for (Mode mode : {Mode::INSIDE_SQRT, Mode::OUTSIDE_SQRT})
      for (bool variance : {true, false})
        check(model_of(std::make_shared<op::v6::MVN>(x, ints(axes), variance, 1e-3f, mode), {x}), 1e-4, 1e-4);
}

TEST(GpuNormalizationPrimitives, MvnOfAConstantRowIsZero) {
  auto x = param({3, 4});
  auto mvn = std::make_shared<op::v6::MVN>(x, ints({1}), true, 1e-9f, op::MVNEpsMode::INSIDE_SQRT);
  Tensor input(element::f32, Shape{3, 4});
  for (size_t i = 0; i < 12; ++i) input.data<float>()[i] = static_cast<float>(i / 4);
  expect_matches_reference(model_of(mvn, {x}), {input});
}

TEST(GpuNormalizationPrimitives, NormalizeL2AxesAndEpsModes) {
  auto x = param({2, 3, 4, 3});
  for (const auto& axes : std::vector<std::vector<int64_t>>{{1}, {1, 2, 3}, {-1}, {0, 2}, {}})
    for (op::EpsMode mode : {op::EpsMode::ADD, op::EpsMode::MAX})
      check(model_of(std::make_shared<op::v0::NormalizeL2>(x, ints(axes), 1e-6f, mode), {x}));
  // A large eps dominates the norm (max mode).
  check(model_of(std::make_shared<op::v0::NormalizeL2>(x, ints({1}), 100.0f, op::EpsMode::MAX), {x}));
  auto scalar = param({});
  check(model_of(std::make_shared<op::v0::NormalizeL2>(scalar, ints({}), 1e-6f, op::EpsMode::ADD), {scalar}));
}

TEST(GpuNormalizationPrimitives, LrnWindows) {
  auto x = param({2, 5, 4, 3});
  struct Case {
    std::vector<int64_t> axes;
    size_t size;
    double alpha, beta, bias;
  };
  for (const Case& c : std::vector<Case>{{{1}, 3, 1e-4, 0.75, 1.0},
                                         {{1}, 5, 0.5, 0.75, 2.0},
                                         {{1}, 4, 0.3, 0.5, 1.0},  // even: one more position after
                                         {{2, 3}, 3, 0.2, 1.0, 1.5},
                                         {{-1}, 1, 0.1, 0.6, 1.0},
                                         {{1, 2, 3}, 2, 0.4, 0.9, 1.0},
                                         {{0}, 7, 0.25, 0.75, 1.0}})
    check(model_of(std::make_shared<op::v0::LRN>(x, ints(c.axes), c.alpha, c.beta, c.bias, c.size), {x}));
}

TEST(GpuNormalizationPrimitives, LogSoftmaxOnEveryAxis) {
  auto x = param({3, 4, 5});
  for (int64_t axis : {0, 1, 2, -1, -3}) check(model_of(std::make_shared<op::v5::LogSoftmax>(x, axis), {x}));
  auto row = param({1, 37});
  check(model_of(std::make_shared<op::v5::LogSoftmax>(row, 1), {row}));
}

TEST(GpuNormalizationPrimitives, LogSoftmaxOfLargeValuesStaysFinite) {
  auto x = param({2, 6});
  TensorVector inputs{random_tensor(element::f32, Shape{2, 6}, 3, 500.0, 900.0)};
  expect_matches_reference(model_of(std::make_shared<op::v5::LogSoftmax>(x, 1), {x}), inputs, 1e-4, 1e-4);
}

TEST(GpuNormalizationPrimitives, AxesFromAParameterAreNotClaimed) {
  auto x = param({2, 3});
  auto axes = param({1}, element::i64);
  auto mvn = std::make_shared<op::v6::MVN>(x, axes, true, 1e-3f, op::MVNEpsMode::INSIDE_SQRT);
  mvn->set_friendly_name("mvn_runtime_axes");
  Core core = make_core();
  const SupportedOpsMap supported = core.query_model(model_of(mvn, {x, axes}), "GPU");
  EXPECT_EQ(supported.count("mvn_runtime_axes"), 0u);
  EXPECT_THROW(core.compile_model(model_of(mvn, {x, axes}), "GPU"), Exception);
}

TEST(GpuNormalizationPrimitives, OtherElementTypesAreNotClaimed) {
  auto x = param({2, 3}, element::f16);
  auto softmax = std::make_shared<op::v5::LogSoftmax>(x, 1);
  softmax->set_friendly_name("half_log_softmax");
  Core core = make_core();
  EXPECT_EQ(core.query_model(model_of(softmax, {x}), "GPU").count("half_log_softmax"), 0u);
}

}  // namespace
}  // namespace ferry::gpu::test
