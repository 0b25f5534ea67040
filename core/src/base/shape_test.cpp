#include "ferry/base/shape.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace ferry {
namespace {

TEST(Shape, SizeAndStrides) {
  EXPECT_EQ(shape_size(Shape{2, 3, 4}), 24u);
  EXPECT_EQ(shape_size(Shape{}), 1u);
  EXPECT_EQ(shape_size(Shape{2, 0, 4}), 0u);
  EXPECT_EQ(row_major_strides(Shape{2, 3, 4}), (Strides{12, 4, 1}));
  EXPECT_EQ(row_major_strides(Shape{}), Strides{});
  EXPECT_EQ(row_major_strides(Shape{5}), (Strides{1}));
}

TEST(Shape, Printing) {
  EXPECT_EQ(to_string(Shape{1, 2}), "[1,2]");
  EXPECT_EQ(Shape{}.to_string(), "[]");
  std::ostringstream out;
  out << Shape{3} << Strides{2, 1} << CoordinateDiff{-1, 2};
  EXPECT_EQ(out.str(), "[3][2,1][-1,2]");
}

TEST(Shape, IsAVector) {
  Shape shape(3, 7);
  shape.push_back(1);
  EXPECT_EQ(shape.size(), 4u);
  EXPECT_EQ(shape[0], 7u);
  std::vector<size_t> raw{1, 2};
  EXPECT_EQ(Shape(raw.begin(), raw.end()), (Shape{1, 2}));
}

}  // namespace
}  // namespace ferry
