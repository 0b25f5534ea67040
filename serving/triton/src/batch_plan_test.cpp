// The batch plan against hand-made requests: which requests run together, and that gathering
// refuses (copying nothing) parts that do not add up to the batch.
#include "batch_plan.hpp"

#include <gtest/gtest.h>

#include "ferry/testing/error_of.hpp"
#include "model_config.hpp"

namespace ferry::serving::triton {
namespace {

using ::ferry::testing::error_of;

std::vector<InputBuffers> tokens(int64_t rows, int64_t length) { return {{{rows, length, 8}, {}}}; }

TEST(BatchPlan, OnlyRequestsOfOneSampleShapeRunTogether) {
  // Lengths 5, 5, 10, 10, 5 (Triton's ragged batching hands such a mix to one execute()).
  const std::vector<std::vector<InputBuffers>> inputs = {tokens(1, 5), tokens(2, 5), tokens(1, 10), tokens(1, 10),
                                                         tokens(1, 5)};
  std::vector<BatchCandidate> requests;
  for (const auto& input : inputs) requests.push_back({input.front().shape[0], &input});
  EXPECT_EQ(plan_batches(requests, 8), (std::vector<std::vector<size_t>>{{0, 1}, {2, 3}, {4}}));
}

TEST(BatchPlan, BatchesStopAtMaxRowsAndUnbatchedModelsRunEachRequestAlone) {
  const std::vector<std::vector<InputBuffers>> inputs = {tokens(3, 5), tokens(3, 5), tokens(3, 5)};
  std::vector<BatchCandidate> requests;
  for (const auto& input : inputs) requests.push_back({3, &input});
  EXPECT_EQ(plan_batches(requests, 6), (std::vector<std::vector<size_t>>{{0, 1}, {2}}));
  EXPECT_EQ(plan_batches(requests, 0), (std::vector<std::vector<size_t>>{{0}, {1}, {2}}));
}

TEST(BatchPlan, InputsOfAnotherRankOrCountNeverRunTogether) {
  const std::vector<InputBuffers> a = {{{1, 4}, {}}}, b = {{{1, 4, 1}, {}}}, c = {{{1, 4}, {}}, {{1, 4}, {}}};
  EXPECT_FALSE(same_sample_shapes(a, b, true));
  EXPECT_FALSE(same_sample_shapes(a, c, true));
  EXPECT_TRUE(same_sample_shapes(a, {{{7, 4}, {}}}, true));
  EXPECT_FALSE(same_sample_shapes(a, {{{7, 4}, {}}}, false));
}

TEST(BatchPlan, GatherCopiesThePartsInOrder) {
  const unsigned char first[] = {1, 2, 3}, second[] = {4}, third[] = {5, 6};
  const InputBuffers one{{1, 3}, {{first, 2}, {first + 2, 1}}}, two{{1, 3}, {{second, 1}, {third, 2}}};
  unsigned char batch[6] = {};
  gather({&one, &two}, batch, sizeof(batch), "input 'x'");
  EXPECT_EQ(std::vector<unsigned char>(batch, batch + 6), (std::vector<unsigned char>{1, 2, 3, 4, 5, 6}));
}

TEST(BatchPlan, GatherRefusesPartsThatOverflowOrUnderfillTheBatch) {
  std::vector<unsigned char> big(64, 7);
  const InputBuffers large{{1, 16}, {{big.data(), big.size()}}}, small{{1, 1}, {{big.data(), 4}}};
  unsigned char batch[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  const std::string overflow = error_of<ConfigError>([&] {
    gather({&small, &large}, batch, sizeof(batch), "input 'x'");
  });
  EXPECT_NE(overflow.find("input 'x': the batch's requests hold more than its 8 bytes"), std::string::npos) << overflow;
  const std::string short_by = error_of<ConfigError>([&] { gather({&small}, batch, sizeof(batch), "input 'x'"); });
  EXPECT_NE(short_by.find("hold 4 bytes, its shape takes 8"), std::string::npos) << short_by;
  EXPECT_EQ(std::vector<unsigned char>(batch, batch + 8), std::vector<unsigned char>(8, 0));  // nothing copied
}

}  // namespace
}  // namespace ferry::serving::triton
