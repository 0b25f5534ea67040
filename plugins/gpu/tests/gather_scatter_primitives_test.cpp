// Gather-8, GatherElements, GatherND and the Scatter*Update ops against the core's reference:
// batch dims, negative indices, i32 and i64 indices, repeated indices and reductions.

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

std::shared_ptr<op::v0::Constant> indices(const Shape& shape, const std::vector<int64_t>& values,
                                          const element::Type& type = element::i64) {
  return op::v0::Constant::create(type, shape, values);
}

std::shared_ptr<op::v0::Constant> scalar(int64_t value) { return indices({}, {value}); }

// Gathers and scatters move values: exact. A mean divides, which OpenCL C lets a device round to
// 2.5 ulp (NVIDIA's driver does, 1 ulp from the reference): rtol 3e-7 covers it.
void check(const std::shared_ptr<Model>& model, double rtol = 0.0) {
  expect_matches_reference(model, random_inputs(model, 21), 0.0, rtol);
}

TEST(GpuGatherScatter, GatherAxesBatchDimsAndNegativeIndices) {
  auto x = param({3, 4, 5});
  check(model_of(std::make_shared<op::v8::Gather>(x, indices({2, 2}, {0, -1, 2, -4}), scalar(1)), {x}));
  check(model_of(std::make_shared<op::v8::Gather>(x, indices({}, {-2}), scalar(-1)), {x}));
  check(model_of(std::make_shared<op::v8::Gather>(x, indices({3}, {2, 0, 2}, element::i32), scalar(0)), {x}));
  // batch_dims 1: each of the 3 batches picks its own indices.
  check(model_of(std::make_shared<op::v8::Gather>(x, indices({3, 2}, {0, 3, 1, 1, -1, 2}), scalar(1), 1), {x}));
  check(model_of(std::make_shared<op::v8::Gather>(x, indices({3, 4, 2}, std::vector<int64_t>(24, -5)), scalar(2), -1),
                 {x}));
  auto xi = param({6}, element::i64);
  check(model_of(std::make_shared<op::v8::Gather>(xi, indices({2, 2}, {5, 0, -6, 3}), scalar(0)), {xi}));
}

TEST(GpuGatherScatter, GatherElementsAndGatherNd) {
  auto x = param({3, 4});
  check(model_of(std::make_shared<op::v6::GatherElements>(x, indices({2, 4}, {0, 2, -1, 1, 2, 0, 1, -3}), 0), {x}));
  check(model_of(std::make_shared<op::v6::GatherElements>(x, indices({3, 2}, {3, 0, -1, 1, 2, 2}, element::i32), -1),
                 {x}));
  auto y = param({2, 3, 4});
  check(model_of(std::make_shared<op::v8::GatherND>(y, indices({2, 2}, {0, 1, 1, -1})), {y}));
  check(model_of(std::make_shared<op::v8::GatherND>(y, indices({3, 3}, {1, 2, 3, 0, 0, 0, -1, -1, -1})), {y}));
  // batch_dims 1: per batch, tuples of one index into axis 1.
  check(model_of(std::make_shared<op::v8::GatherND>(y, indices({2, 2, 1}, {2, 0, 1, 1}), 1), {y}));
}

TEST(GpuGatherScatter, ScatterUpdateWithRepeatedIndices) {
  auto data = param({4, 3}), updates = param({2, 3});
  check(model_of(std::make_shared<op::v3::ScatterUpdate>(data, indices({2}, {1, -1}), updates, scalar(0)),
                 {data, updates}));
  auto columns = param({4, 2, 1});
  // The last of the repeated indices wins, as in the reference.
  check(model_of(std::make_shared<op::v3::ScatterUpdate>(data, indices({2, 1}, {2, 2}), columns, scalar(1)),
                 {data, columns}));
}

TEST(GpuGatherScatter, ScatterNdUpdateAndReductions) {
  auto data = param({4, 3, 2}), rows = param({2, 3, 2});
  check(model_of(std::make_shared<op::v3::ScatterNDUpdate>(data, indices({2, 1}, {3, -4}), rows), {data, rows}));
  auto points = param({3});
  check(model_of(std::make_shared<op::v3::ScatterNDUpdate>(data, indices({3, 3}, {0, 0, 0, 3, 2, 1, 1, 1, 0}), points),
                 {data, points}));
  auto slices = param({3, 3, 2});
  for (const std::string reduction : {"sum", "max", "prod"})
    check(model_of(std::make_shared<op::v15::ScatterNDUpdate>(data, indices({3, 1}, {1, 1, 0}), slices, reduction),
                   {data, slices}));
}

TEST(GpuGatherScatter, ScatterElementsUpdateReductions) {
  auto data = param({3, 4}), updates = param({2, 4});
  const auto idx = indices({2, 4}, {0, 2, 1, -1, 0, 2, 2, 1});
  for (const std::string reduction : {"none", "sum", "min", "mean"})
    for (bool use_init_val : {true, false})
      check(model_of(std::make_shared<op::v12::ScatterElementsUpdate>(data, idx, updates, scalar(0), reduction,
                                                                      use_init_val),
                     {data, updates}),
            reduction == "mean" ? 3e-7 : 0.0);
  auto di = param({2, 5}, element::i32), ui = param({2, 3}, element::i32);
  check(model_of(
      std::make_shared<op::v12::ScatterElementsUpdate>(di, indices({2, 3}, {4, 4, 0, 1, -5, 1}), ui, scalar(1), "mean"),
      {di, ui}));
}

}  // namespace
}  // namespace ferry::gpu::test
