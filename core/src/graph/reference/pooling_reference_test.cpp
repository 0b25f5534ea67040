#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "core/src/graph/reference/pooling.hpp"
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

bool is(const ConvPoolCase& c, const char* op) { return std::string(c.op) == op; }

// Expected values come from OpenVINO's CPU plugin (make_conv_pool_vectors.py). Max-pool inputs
// are distinct multiples of 1/8 (exact in f16, no ties); average-pool inputs multiples of 1/16.
// Tolerances: f32 1e-5 relative, f16 1e-2 relative, bf16 2e-2 relative.
template <typename T>
void expect_all_pools(const char* op, double rel, double abs) {
  int ran = 0;
  for (const ConvPoolCase& c : conv_pool_cases()) {
    if (!is(c, op)) continue;
    SCOPED_TRACE(c.name);
    // A max-pool window without input taps yields the lowest value of the element type.
    std::vector<double> expected(c.expected.begin(), c.expected.end());
    for (double& e : expected) {
      if (e == std::numeric_limits<float>::lowest()) e = static_cast<double>(std::numeric_limits<T>::lowest());
    }
    std::vector<std::int64_t> indices;
    EXPECT_EQ(mismatches(run_case<T>(c, 1.0f, 0.0f, &indices), expected, rel, abs), "");
    if (!c.expected_indices.empty()) {
      EXPECT_EQ(indices, c.expected_indices);
    }
    ++ran;
  }
  EXPECT_GE(ran, 9);
}

TEST(MaxPoolReference, F32MatchesOpenVino) { expect_all_pools<float>("max_pool", 1e-5, 1e-6); }
TEST(MaxPoolReference, F64MatchesOpenVino) { expect_all_pools<double>("max_pool", 1e-5, 1e-6); }
TEST(MaxPoolReference, F16MatchesOpenVino) { expect_all_pools<float16>("max_pool", 1e-2, 1e-3); }
TEST(AvgPoolReference, F32MatchesOpenVino) { expect_all_pools<float>("avg_pool", 1e-5, 1e-6); }
TEST(AvgPoolReference, F64MatchesOpenVino) { expect_all_pools<double>("avg_pool", 1e-5, 1e-6); }
TEST(AvgPoolReference, F16MatchesOpenVino) { expect_all_pools<float16>("avg_pool", 1e-2, 1e-3); }
TEST(AvgPoolReference, Bf16MatchesOpenVino) { expect_all_pools<bfloat16>("avg_pool", 2e-2, 1e-2); }

// Integer max pooling: data * 8 are distinct integers, so values scale exactly and the arg-max
// (the indices) cannot change; u8 shifts them into [0, 255] first.
TEST(MaxPoolReference, IntegersKeepValuesAndIndices) {
  for (const ConvPoolCase& c : conv_pool_cases()) {
    if (!is(c, "max_pool")) continue;
    SCOPED_TRACE(c.name);
    const float shift = static_cast<float>(c.data.size() / 2);
    std::vector<std::int64_t> i32_indices, u8_indices, i8_indices;
    const std::vector<double> i32 = run_case<std::int32_t>(c, 8.0f, 0.0f, &i32_indices);
    const std::vector<double> u8 = run_case<std::uint8_t>(c, 8.0f, shift, &u8_indices);
    for (std::size_t i = 0; i < c.expected.size(); ++i) {
      if (c.expected[i] == std::numeric_limits<float>::lowest()) {  // a window without input taps
        EXPECT_EQ(i32[i], std::numeric_limits<std::int32_t>::lowest()) << i;
        EXPECT_EQ(u8[i], 0) << i;
        continue;
      }
      EXPECT_EQ(i32[i], c.expected[i] * 8.0) << i;
      EXPECT_EQ(u8[i], c.expected[i] * 8.0 + shift) << i;
    }
    if (c.expected_indices.empty()) continue;
    EXPECT_EQ(i32_indices, c.expected_indices);
    EXPECT_EQ(u8_indices, c.expected_indices);
    if (c.data.size() <= 200) {  // fits in int8 after scaling
      run_case<std::int8_t>(c, 8.0f, 0.0f, &i8_indices);
      EXPECT_EQ(i8_indices, c.expected_indices);
    }
  }
}

TEST(MaxPoolReference, I32IndicesAndNoIndices) {
  // [1, 1, 4]: kernel 2, stride 2 -> maxima at 1 and 2; int32 indices, then without indices.
  const std::vector<float> data = {0, 5, 7, 1};
  std::vector<float> out(2);
  std::vector<std::int32_t> indices(2);
  max_pool(data.data(), out.data(), indices.data(), {1, 1, 4}, {1, 1, 2}, {2}, {{2}, {1}, {0}, {0}});
  EXPECT_EQ(out, (std::vector<float>{5, 7}));
  EXPECT_EQ(indices, (std::vector<std::int32_t>{1, 2}));
  max_pool<float, std::int32_t>(data.data(), out.data(), nullptr, {1, 1, 4}, {1, 1, 2}, {2}, {{2}, {1}, {0}, {0}});
  EXPECT_EQ(out, (std::vector<float>{5, 7}));
}

TEST(MaxPoolReference, TiesPickTheFirstTap) {
  const std::vector<float> data = {3, 3, 3, 3};
  std::vector<float> out(1);
  std::vector<std::int64_t> indices(1);
  max_pool(data.data(), out.data(), indices.data(), {1, 1, 2, 2}, {1, 1, 1, 1}, {2, 2},
           {{1, 1}, {1, 1}, {0, 0}, {0, 0}});
  EXPECT_EQ(indices[0], 0);
}

// A window entirely in the padding (possible with large pads_end): max pooling writes the
// lowest value and index 0, average pooling writes 0 (as OpenVINO's CPU plugin does).
TEST(PoolingReference, WindowsWithoutInputTaps) {
  const std::vector<float> data = {1, 2, 3, 4};
  const WindowParams p{{1}, {1}, {0}, {2}};
  std::vector<float> out(5);
  std::vector<std::int64_t> indices(5);
  max_pool(data.data(), out.data(), indices.data(), {1, 1, 4}, {1, 1, 5}, {2}, p);
  EXPECT_EQ(out, (std::vector<float>{2, 3, 4, 4, std::numeric_limits<float>::lowest()}));
  EXPECT_EQ(indices, (std::vector<std::int64_t>{1, 2, 3, 3, 0}));
  std::vector<float> avg(3);
  avg_pool(data.data(), avg.data(), {1, 1, 4}, {1, 1, 3}, {2}, {{2}, {1}, {0}, {2}}, false);
  EXPECT_EQ(avg, (std::vector<float>{1.5f, 3.5f, 0.0f}));
  avg_pool(data.data(), avg.data(), {1, 1, 4}, {1, 1, 3}, {2}, {{2}, {1}, {0}, {2}}, true);
  EXPECT_EQ(avg, (std::vector<float>{1.5f, 3.5f, 0.0f}));
  std::vector<float16> half_out(5);
  const std::vector<float16> half_data(data.begin(), data.end());
  max_pool(half_data.data(), half_out.data(), indices.data(), {1, 1, 4}, {1, 1, 5}, {2}, p);
  EXPECT_EQ(static_cast<float>(half_out[4]), -65504.0f);
}

// OpenVINO's divisor with exclude_pad off: the whole kernel once any pad is set (even where a
// ceil-rounded window hangs past pads_end), the taps inside the input when there is no padding.
// Values observed on OpenVINO 2026.4's CPU plugin.
TEST(AvgPoolReference, IncludePadDivisorFollowsOpenVino) {
  const std::vector<float> data = {1, 2, 3, 4, 5};
  std::vector<float> out(3);
  avg_pool(data.data(), out.data(), {1, 1, 5}, {1, 1, 3}, {2}, {{2}, {1}, {0}, {0}}, false);
  EXPECT_EQ(out, (std::vector<float>{1.5f, 3.5f, 5.0f}));  // ceil, no pads: last window has 1 tap
  avg_pool(data.data(), out.data(), {1, 1, 5}, {1, 1, 3}, {3}, {{2}, {1}, {1}, {0}}, false);
  EXPECT_EQ(out, (std::vector<float>{1.0f, 3.0f, 3.0f}));  // ceil, pads_begin 1: always / 3
  avg_pool(data.data(), out.data(), {1, 1, 5}, {1, 1, 3}, {3}, {{2}, {1}, {1}, {0}}, true);
  EXPECT_EQ(out, (std::vector<float>{1.5f, 3.0f, 4.5f}));
}

using ::ferry::testing::error_of;

TEST(PoolingReference, RejectsInconsistentShapes) {
  std::vector<float> buf(64);
  std::vector<std::int64_t> idx(64);
  const WindowParams p{{1, 1}, {1, 1}, {0, 0}, {0, 0}};
  const auto pool = [&](std::vector<std::size_t> d, std::vector<std::size_t> o, std::vector<std::size_t> k,
                        WindowParams params, std::int64_t axis) {
    return error_of([&] { max_pool(buf.data(), buf.data(), idx.data(), d, o, k, params, axis); });
  };
  EXPECT_NE(pool({1, 2, 4, 4}, {1, 3, 3, 3}, {2, 2}, p, 0).find("channels"), std::string::npos);
  EXPECT_NE(pool({4, 4}, {4, 4}, {2, 2}, p, 0).find("rank"), std::string::npos);
  EXPECT_NE(pool({1, 2, 4, 4}, {1, 2, 3, 3}, {2}, p, 0).find("kernel"), std::string::npos);
  EXPECT_NE(pool({1, 2, 4, 4}, {1, 2, 3, 3}, {2, 2}, p, 4).find("axis 4"), std::string::npos);
  EXPECT_NE(pool({1, 2, 4, 4}, {1, 2, 3, 3}, {2, 2}, {{1, 0}, {1, 1}, {0, 0}, {0, 0}}, 0).find("stride"),
            std::string::npos);
  const std::string avg_error = error_of([&] {
    avg_pool(buf.data(), buf.data(), {1, 2, 4, 4}, {1, 2, 3, 3}, {2, 2}, {{1, 1}, {0, 1}, {0, 0}, {0, 0}}, true);
  });
  EXPECT_NE(avg_error.find("AvgPool"), std::string::npos) << avg_error;
}

}  // namespace
}  // namespace ferry::reference
