// choose_split_k: when a product is cut along K, and into how many slices.

#include <gtest/gtest.h>

#include "compiled_graph.hpp"
#include "device_enumerator.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "gemm_launch.hpp"

namespace ferry::gpu {
namespace {

const GemmTile kTile{64, 64, 16, 4, 4};

TEST(SplitK, LateResNetConvolutionAtBatchOneFillsTheGpu) {
  // 512 channels, 3x3 over 7x7: 8 tiles of 64x64 for 256 wanted work-groups, K = 4608.
  const SplitK split = choose_split_k(kTile, 512, 49, 4608);
  EXPECT_EQ(split.slices, 32u);
  EXPECT_EQ(split.slice_k, 144u);  // 4608 / 32, a multiple of BK
}

TEST(SplitK, SlicesCoverKWithNoEmptyOneAndKeepEightSteps) {
  for (size_t K : {256u, 333u, 1000u, 2304u, 4607u}) {
    const SplitK split = choose_split_k(kTile, 64, 49, K);
    ASSERT_GE(split.slices, 2u) << K;
    EXPECT_EQ(split.slice_k % 16, 0u) << K;
    EXPECT_GE(split.slice_k, 8u * 16u) << K;
    EXPECT_GE(split.slices * split.slice_k, K) << K;
    EXPECT_LT((split.slices - 1) * split.slice_k, K) << K;  // the last slice is not empty
  }
}

TEST(SplitK, NoSplitWhenTilesFillTheGpuOrKIsShort) {
  EXPECT_EQ(choose_split_k(kTile, 256, 3136 * 32, 576).slices, 1u);  // ResNet's first stage at batch 32
  EXPECT_EQ(choose_split_k(kTile, 64, 49, 255).slices, 1u);          // two slices would have < 8 steps
  EXPECT_EQ(choose_split_k(kTile, 0, 49, 4608).slices, 1u);
}

// A convolution with one 64x64 tile (64 channels over 7x7) and K = 576 compiles to the sliced
// gemm writing partial sums into its scratch, then the sum with the fused bias and ReLU.
TEST(SplitK, ConvolutionStepSlicesIntoScratchThenSumsWithTheEpilogue) {
  const auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  ASSERT_FALSE(devices.empty()) << "no OpenCL device";
  const auto context = std::make_shared<DeviceContext>(devices[0]);
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 64, 7, 7});
  auto w =
      std::make_shared<op::v0::Constant>(element::f32, Shape{64, 64, 3, 3}, std::vector<float>(64 * 64 * 9, 0.01f));
  auto conv = std::make_shared<op::v1::Convolution>(x, w, Strides{1, 1}, CoordinateDiff{1, 1}, CoordinateDiff{1, 1},
                                                    Strides{1, 1});
  auto bias = std::make_shared<op::v0::Constant>(element::f32, Shape{1, 64, 1, 1}, std::vector<float>(64, 0.5f));
  auto relu = std::make_shared<op::v0::Relu>(std::make_shared<op::v1::Add>(conv, bias));
  const CompiledGraph graph(std::make_shared<Model>(OutputVector{relu}, ParameterVector{x}), context);

  ASSERT_EQ(graph.steps().size(), 1u);  // bias and ReLU fused
  const GraphStep& step = graph.steps()[0];
  const SplitK split = choose_split_k(choose_gemm_tile(64, 49, 1, true), 64, 49, 576);
  ASSERT_EQ(split.slices, 4u);
  ASSERT_EQ(step.kernels.size(), 2u);
  EXPECT_EQ(step.kernels[0].kernel, "gemm");
  EXPECT_NE(step.kernels[0].options.find("-DSPLIT_K"), std::string::npos);
  EXPECT_EQ(step.kernels[0].options.find("ACT_RELU"), std::string::npos) << "the slices apply no epilogue";
  EXPECT_EQ(step.kernels[0].global[2], split.slices);
  EXPECT_EQ(step.kernels[1].kernel, "gemm_split_k_reduce");
  EXPECT_NE(step.kernels[1].options.find("ACT_RELU"), std::string::npos);
  ASSERT_EQ(step.scratch.size(), 1u);
  EXPECT_EQ(graph.values()[step.scratch[0]].bytes, split.slices * 64 * 49 * sizeof(float));
  // The slices write the scratch; the sum reads it.
  EXPECT_EQ(step.kernels[0].args[2].value, step.scratch[0]);
  EXPECT_EQ(step.kernels[1].args[0].value, step.scratch[0]);
}

}  // namespace
}  // namespace ferry::gpu
