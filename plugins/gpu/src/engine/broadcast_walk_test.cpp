#include "broadcast_walk.hpp"

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"

namespace ferry::gpu {
namespace {

using Dims = std::vector<int64_t>;

// Every output element's offsets, by the plain row-major walk over `dims`: the walk must give
// the same offsets after collapsing.
std::vector<std::vector<int64_t>> offsets(const Dims& dims, const std::vector<Dims>& strides) {
  int64_t count = 1;
  for (int64_t d : dims) count *= d;
  std::vector<std::vector<int64_t>> result(strides.size());
  for (int64_t out = 0; out < count; ++out) {
    int64_t index = out;
    std::vector<int64_t> offset(strides.size(), 0);
    for (size_t k = dims.size(); k-- > 0;) {
      const int64_t coordinate = index % dims[k];
      index /= dims[k];
      for (size_t i = 0; i < strides.size(); ++i) offset[i] += coordinate * strides[i][k];
    }
    for (size_t i = 0; i < strides.size(); ++i) result[i].push_back(offset[i]);
  }
  return result;
}

void expect_same_offsets(const Dims& dims, const std::vector<Dims>& strides, const BroadcastWalk& walk) {
  EXPECT_EQ(offsets(dims, strides), offsets(walk.dims, walk.strides));
}

TEST(BroadcastWalk, ScalarOperandWalksOneDimension) {
  const Dims dims{2, 3, 4};
  const std::vector<Dims> strides{{12, 4, 1}, {0, 0, 0}};
  const BroadcastWalk walk = collapse_broadcast(dims, strides);
  EXPECT_EQ(walk.dims, (Dims{24}));
  EXPECT_EQ(walk.strides, (std::vector<Dims>{{1}, {0}}));
  expect_same_offsets(dims, strides, walk);
}

TEST(BroadcastWalk, PerChannelBiasWalksBatchChannelAndPlane) {
  const Dims dims{2, 3, 4, 5};
  const std::vector<Dims> strides{{60, 20, 5, 1}, {0, 1, 0, 0}};
  const BroadcastWalk walk = collapse_broadcast(dims, strides);
  EXPECT_EQ(walk.dims, (Dims{2, 3, 20}));
  EXPECT_EQ(walk.strides, (std::vector<Dims>{{60, 20, 1}, {0, 1, 0}}));
  expect_same_offsets(dims, strides, walk);
}

TEST(BroadcastWalk, SizeOneDimensionsGoAndUnmergeableOnesStay) {
  // [3,1,4] + [1,5,4] -> [3,5,4]: neither pair of neighbours steps alike in both operands.
  const Dims dims{3, 1, 5, 4};
  const std::vector<Dims> strides{{4, 0, 0, 1}, {0, 0, 4, 1}};
  const BroadcastWalk walk = collapse_broadcast(dims, strides);
  EXPECT_EQ(walk.dims, (Dims{3, 5, 4}));
  expect_same_offsets(dims, strides, walk);
  // Outer product [4,1] x [1,6]: nothing merges.
  const BroadcastWalk outer = collapse_broadcast({4, 6}, {{1, 0}, {0, 1}});
  EXPECT_EQ(outer.dims, (Dims{4, 6}));
}

TEST(BroadcastWalk, SingleElementWalksOne) {
  const BroadcastWalk walk = collapse_broadcast({1, 1}, {{0, 0}, {0, 0}, {0, 0}});
  EXPECT_EQ(walk.dims, (Dims{1}));
  EXPECT_EQ(walk.strides, (std::vector<Dims>{{0}, {0}, {0}}));
  const BroadcastWalk rank0 = collapse_broadcast({}, {{}, {}});
  EXPECT_EQ(rank0.dims, (Dims{1}));
}

TEST(BroadcastWalk, RefusesStridesOfAnotherRank) { EXPECT_THROW(collapse_broadcast({2, 3}, {{3, 1}, {1}}), Exception); }

}  // namespace
}  // namespace ferry::gpu
