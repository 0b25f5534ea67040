// The normalization primitive (MVN, NormalizeL2, LRN, LogSoftmax) against the core's reference
// evaluate on random data, over attribute variants and odd sizes; their f16 storage forms against
// the f32 reference on the same (f16-rounded) inputs.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/log_softmax.hpp"
#include "ferry/graph/ops/lrn.hpp"
#include "ferry/graph/ops/mvn.hpp"
#include "ferry/graph/ops/normalize_l2.hpp"
#include "support/gpu_test_utils.hpp"
#include "support/half_storage_check.hpp"

namespace ferry::gpu::test {
namespace {

void check(const std::shared_ptr<Model>& model, double atol = 1e-5, double rtol = 1e-4) {
  expect_matches_reference(model, random_inputs(model, 17), atol, rtol);
}

// f16 storage: the kernels read f16 inputs and compute in float, so the device's output differs
// from the f32 reference by its final rounding to f16 (<= 2^-11 ~ 4.9e-4 relative) plus float
// rounding; 2e-3 relative (about four f16 ulps) + 1e-3 absolute leaves room for exp/pow ulps.
constexpr double kHalfAtol = 1e-3, kHalfRtol = 2e-3;

void check_half(const ModelOfType& build, unsigned seed = 23) {
  expect_half_matches_f32_reference(build, seed, kHalfAtol, kHalfRtol);
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

TEST(GpuNormalizationPrimitives, HalfStorageMvn) {
  for (const auto& axes : std::vector<std::vector<int64_t>>{{2, 3}, {1}, {0, 3}})
    for (op::MVNEpsMode mode : {op::MVNEpsMode::INSIDE_SQRT, op::MVNEpsMode::OUTSIDE_SQRT})
      check_half([&](const element::Type& type) {
        auto x = param({2, 3, 5, 7}, type);
        return model_of(std::make_shared<op::v6::MVN>(x, ints(axes), true, 1e-3f, mode), {x});
      });
  check_half([](const element::Type& type) {  // centring only
    auto x = param({4, 9}, type);
    return model_of(std::make_shared<op::v6::MVN>(x, ints({1}), false, 1e-3f, op::MVNEpsMode::INSIDE_SQRT), {x});
  });
}

TEST(GpuNormalizationPrimitives, HalfStorageNormalizeL2LrnAndLogSoftmax) {
  for (op::EpsMode mode : {op::EpsMode::ADD, op::EpsMode::MAX})
    check_half([&](const element::Type& type) {
      auto x = param({2, 3, 4, 3}, type);
      return model_of(std::make_shared<op::v0::NormalizeL2>(x, ints({1, 2}), 1e-6f, mode), {x});
    });
  check_half([](const element::Type& type) {
    auto x = param({2, 5, 4, 3}, type);
    return model_of(std::make_shared<op::v0::LRN>(x, ints({1}), 0.5, 0.75, 2.0, 3), {x});
  });
  for (int64_t axis : {0, 2})
    check_half([&](const element::Type& type) {
      auto x = param({3, 4, 5}, type);
      return model_of(std::make_shared<op::v5::LogSoftmax>(x, axis), {x});
    });
}

// Softmax-like rows of large f16 values: the maximum is subtracted in float, nothing overflows.
TEST(GpuNormalizationPrimitives, HalfStorageLogSoftmaxOfLargeValues) {
  expect_half_matches_f32_reference(
      [](const element::Type& type) {
        auto x = param({2, 6}, type);
        return model_of(std::make_shared<op::v5::LogSoftmax>(x, 1), {x});
      },
      5, kHalfAtol, kHalfRtol, 1000.0, 60000.0);
}

TEST(GpuNormalizationPrimitives, HalfStorageIsClaimed) {
  auto x = param({2, 3}, element::f16);
  auto mvn = std::make_shared<op::v6::MVN>(x, ints({1}), true, 1e-3f, op::MVNEpsMode::INSIDE_SQRT);
  mvn->set_friendly_name("half_mvn");
  Core core = make_core();
  EXPECT_EQ(core.query_model(model_of(mvn, {x}), "GPU").count("half_mvn"), 1u);
}

TEST(GpuNormalizationPrimitives, OtherElementTypesAreNotClaimed) {
  auto x = param({2, 3}, element::bf16);
  auto softmax = std::make_shared<op::v5::LogSoftmax>(x, 1);
  softmax->set_friendly_name("bf16_log_softmax");
  Core core = make_core();
  EXPECT_EQ(core.query_model(model_of(softmax, {x}), "GPU").count("bf16_log_softmax"), 0u);
}

}  // namespace
}  // namespace ferry::gpu::test
