#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/src/graph/reference/convolution.hpp"
#include "core/src/graph/reference/testdata/conv_pool_case_runner.hpp"
#include "ferry/base/bfloat16.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry::reference {
namespace {

using testdata::conv_pool_cases;
using testdata::ConvPoolCase;
using testdata::mismatches;
using testdata::run_case;

// Expected values come from OpenVINO's CPU plugin (make_conv_pool_vectors.py). Inputs are
// multiples of 1/16 in [-1, 1], exact in every floating type, so tolerances only cover rounding
// of the sums: f32 1e-5 relative, f16 1e-2 relative, bf16 (8-bit mantissa) 2e-2 relative.
template <typename T>
void expect_all_convolutions(double rel, double abs) {
  int ran = 0;
  for (const ConvPoolCase& c : conv_pool_cases()) {
    const std::string op = c.op;
    if (op != "conv" && op != "group_conv") continue;
    SCOPED_TRACE(c.name);
    EXPECT_EQ(mismatches(run_case<T>(c), c.expected, rel, abs), "");
    ++ran;
  }
  EXPECT_GE(ran, 12);
}

TEST(ConvolutionReference, F32MatchesOpenVino) { expect_all_convolutions<float>(1e-5, 1e-6); }
TEST(ConvolutionReference, F64MatchesOpenVino) { expect_all_convolutions<double>(1e-5, 1e-6); }
TEST(ConvolutionReference, F16MatchesOpenVino) { expect_all_convolutions<float16>(1e-2, 1e-3); }
TEST(ConvolutionReference, Bf16MatchesOpenVino) { expect_all_convolutions<bfloat16>(2e-2, 1e-2); }

// Integer inputs: data and weights times 16 are integers in [-16, 16], so the exact result is the
// f32 expectation times 256 (every partial sum is exact in f32 at these sizes).
TEST(ConvolutionReference, I32IsExact) {
  for (const ConvPoolCase& c : conv_pool_cases()) {
    const std::string op = c.op;
    if (op != "conv" && op != "group_conv") continue;
    SCOPED_TRACE(c.name);
    const std::vector<double> out = run_case<std::int32_t>(c, 16.0f);
    ASSERT_EQ(out.size(), c.expected.size());
    for (std::size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], std::round(c.expected[i] * 256.0)) << i;
  }
}

// i8 accumulates in int64 and wraps only when storing, like the type's own arithmetic would.
TEST(ConvolutionReference, I8AccumulatesWideThenWraps) {
  const ConvPoolCase& c = conv_pool_cases().front();  // conv2d_basic: 18 products per output
  const std::vector<double> out = run_case<std::int8_t>(c, 16.0f);
  bool wrapped = false;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const auto exact = static_cast<std::int64_t>(std::round(c.expected[i] * 256.0));
    EXPECT_EQ(out[i], static_cast<std::int8_t>(exact)) << i;
    wrapped = wrapped || exact != static_cast<std::int8_t>(exact);
  }
  EXPECT_TRUE(wrapped) << "the case should exercise wrapping";
}

TEST(ConvolutionReference, U8HandComputed) {
  // 1x1x3x3 data, one 2x2 filter of ones, stride 1: each output is a 2x2 window sum.
  const std::vector<std::uint8_t> data = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const std::vector<std::uint8_t> ones(4, 1);
  std::vector<std::uint8_t> out(4);
  convolution(data.data(), ones.data(), out.data(), {1, 1, 3, 3}, {1, 1, 2, 2}, {1, 1, 2, 2},
              {{1, 1}, {1, 1}, {0, 0}, {0, 0}});
  EXPECT_EQ(out, (std::vector<std::uint8_t>{12, 16, 24, 28}));
}

TEST(ConvolutionReference, GroupOfOneEqualsPlainConvolution) {
  const ConvPoolCase& c = conv_pool_cases()[1];  // conv2d_stride2_asym_pads
  std::vector<std::size_t> grouped_shape = c.weights_shape;
  grouped_shape.insert(grouped_shape.begin(), 1);
  std::vector<float> out(testdata::element_count(c.out_shape));
  group_convolution(c.data.data(), c.weights.data(), out.data(), c.data_shape, grouped_shape, c.out_shape,
                    testdata::resolved_params(c));
  EXPECT_EQ(mismatches({out.begin(), out.end()}, c.expected, 1e-5, 1e-6), "");
}

TEST(ConvolutionReference, NegativePadsCrop) {
  // A pad of -1 on both sides of a 1-D input of 5 drops the first and last elements.
  const std::vector<float> data = {100, 1, 2, 3, 100};
  const std::vector<float> filter = {1, 10};
  std::vector<float> out(2);
  convolution(data.data(), filter.data(), out.data(), {1, 1, 5}, {1, 1, 2}, {1, 1, 2}, {{1}, {1}, {-1}, {-1}});
  EXPECT_EQ(out, (std::vector<float>{21, 32}));
}

using ::ferry::testing::error_of;

TEST(ConvolutionReference, RejectsInconsistentShapes) {
  const WindowParams p{{1, 1}, {1, 1}, {0, 0}, {0, 0}};
  std::vector<float> buf(64);
  const auto conv = [&](std::vector<std::size_t> d, std::vector<std::size_t> f, std::vector<std::size_t> o,
                        WindowParams params) {
    return error_of([&] { convolution(buf.data(), buf.data(), buf.data(), d, f, o, params); });
  };
  EXPECT_NE(conv({1, 3, 4, 4}, {2, 2, 3, 3}, {1, 2, 2, 2}, p).find("3 channels"), std::string::npos);
  EXPECT_NE(conv({1, 2, 4, 4}, {2, 2, 3}, {1, 2, 2, 2}, p).find("rank"), std::string::npos);
  EXPECT_NE(conv({1, 2, 4, 4}, {2, 2, 3, 3}, {1, 3, 2, 2}, p).find("output"), std::string::npos);
  EXPECT_NE(conv({1, 2, 4, 4}, {2, 2, 3, 3}, {1, 2, 2, 2}, {{0, 1}, {1, 1}, {0, 0}, {0, 0}}).find("stride"),
            std::string::npos);
  EXPECT_NE(conv({1, 2, 4, 4}, {2, 2, 3, 3}, {1, 2, 2, 2}, {{1}, {1}, {0}, {0}}).find("spatial rank"),
            std::string::npos);
  EXPECT_NE(conv({1, 2, 2, 2, 2, 2}, {2, 2, 1, 1, 1, 1}, {1, 2, 2, 2, 2, 2}, p).find("rank"), std::string::npos);
  const std::string group_error = error_of([&] {
    group_convolution(buf.data(), buf.data(), buf.data(), {1, 4, 3, 3}, {3, 1, 1, 1, 1}, {1, 3, 3, 3}, p);
  });
  EXPECT_NE(group_error.find("GroupConvolution"), std::string::npos) << group_error;
  EXPECT_NE(group_error.find("4 channels"), std::string::npos) << group_error;
}

}  // namespace
}  // namespace ferry::reference
