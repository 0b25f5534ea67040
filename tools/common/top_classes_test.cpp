#include "top_classes.hpp"

#include <gtest/gtest.h>

namespace ferry::tools {
namespace {

TEST(TopClasses, HighestScoresOfTheFirstRowHighestFirst) {
  Tensor scores(element::f32, Shape{2, 6});
  const float values[] = {0.1f, 0.4f, 0.05f, 0.4f, 0.3f, 0.0f, 9, 9, 9, 9, 9, 9};
  std::copy(std::begin(values), std::end(values), scores.data<float>());
  const std::vector<ScoredClass> top = top_classes(scores, 3);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0].index, 1u);  // ties: the lower index first
  EXPECT_EQ(top[1].index, 3u);
  EXPECT_EQ(top[2].index, 4u);
  EXPECT_FLOAT_EQ(top[2].score, 0.3f);
  EXPECT_EQ(format_top_classes(top), "1 (0.4)  3 (0.4)  4 (0.3)");
}

TEST(TopClasses, NothingForTensorsThatAreNotScores) {
  EXPECT_TRUE(top_classes(Tensor(element::f32, Shape{1, 4}), 5).empty());        // fewer classes than k
  EXPECT_TRUE(top_classes(Tensor(element::f32, Shape{1, 3, 8, 8}), 5).empty());  // not [N, C]
  EXPECT_TRUE(top_classes(Tensor(element::i64, Shape{1, 10}), 5).empty());       // not scores
  EXPECT_TRUE(top_classes(Tensor(element::f32, Shape{0, 10}), 5).empty());       // no row
}

}  // namespace
}  // namespace ferry::tools
