#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/testing/error_of.hpp"
#include "ferry/value/tensor.hpp"

namespace {

using ferry::Shape;
using ferry::Strides;
using ferry::Tensor;
namespace element = ferry::element;

using ::ferry::testing::error_of;

// A 4x5 i32 tensor holding 10 * row + column.
Tensor make_grid() {
  Tensor t(element::i32, {4, 5});
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c) t.data<int32_t>()[r * 5 + c] = 10 * r + c;
  return t;
}

TEST(RoiTensor, ViewsABoxOfTheParent) {
  Tensor grid = make_grid();
  Tensor roi(grid, {1, 2}, {3, 5});
  EXPECT_EQ(roi.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(roi.get_strides(), grid.get_strides());
  EXPECT_FALSE(roi.is_continuous());
  EXPECT_EQ(roi.data(), static_cast<void*>(grid.data<int32_t>() + 1 * 5 + 2));
  const auto* row0 = roi.data<int32_t>();
  EXPECT_EQ(row0[0], 12);
  EXPECT_EQ(row0[2], 14);
  EXPECT_EQ(row0[5], 22);  // the next row, one parent row (5 elements) further
}

TEST(RoiTensor, WritesReachTheParent) {
  Tensor grid = make_grid();
  Tensor roi(grid, {2, 0}, {4, 2});
  Tensor patch(element::i32, {2, 2});
  for (int i = 0; i < 4; ++i) patch.data<int32_t>()[i] = -1 - i;
  patch.copy_to(roi);
  const int32_t* g = grid.data<int32_t>();
  EXPECT_EQ(g[2 * 5 + 0], -1);
  EXPECT_EQ(g[2 * 5 + 1], -2);
  EXPECT_EQ(g[3 * 5 + 0], -3);
  EXPECT_EQ(g[3 * 5 + 1], -4);
  EXPECT_EQ(g[2 * 5 + 2], 22);  // outside the box: untouched
  EXPECT_EQ(g[1 * 5 + 0], 10);
}

TEST(RoiTensor, CopiesOutElementByElement) {
  Tensor grid = make_grid();
  Tensor roi(grid, {1, 1}, {4, 4});
  Tensor dense(element::i32, {1});
  roi.copy_to(dense);
  ASSERT_EQ(dense.get_shape(), (Shape{3, 3}));
  EXPECT_TRUE(dense.is_continuous());
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(dense.data<int32_t>()[r * 3 + c], 10 * (r + 1) + (c + 1));
}

TEST(RoiTensor, CopyBetweenRoisOfStridedTensors) {
  std::vector<int32_t> memory(4 * 8, 0);
  Tensor strided(element::i32, {4, 6}, memory.data(), Strides{32, 4});  // rows padded to 8
  Tensor grid = make_grid();
  Tensor src(grid, {0, 1}, {3, 3});     // 3x2
  Tensor dst(strided, {1, 3}, {4, 5});  // 3x2
  src.copy_to(dst);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 8; ++c) {
      const bool inside = r >= 1 && c >= 3 && c < 5;
      EXPECT_EQ(memory[r * 8 + c], inside ? 10 * (r - 1) + (c - 3 + 1) : 0) << r << "," << c;
    }
}

TEST(RoiTensor, NestedViews) {
  Tensor grid = make_grid();
  Tensor outer(grid, {1, 1}, {4, 5});
  Tensor inner(outer, {1, 2}, {3, 4});
  EXPECT_EQ(inner.get_shape(), (Shape{2, 2}));
  EXPECT_EQ(inner.data<int32_t>()[0], 23);
  EXPECT_EQ(inner.data<int32_t>()[5], 33);
}

TEST(RoiTensor, ViewKeepsParentAlive) {
  Tensor roi;
  {
    Tensor grid = make_grid();
    roi = Tensor(grid, {3, 3}, {4, 5});
  }
  EXPECT_EQ(roi.data<int32_t>()[1], 34);  // asan would flag freed memory
}

TEST(RoiTensor, Errors) {
  Tensor grid = make_grid();
  EXPECT_NE(error_of([&] { Tensor(grid, {0, 0}, {5, 1}); }).find("box"), std::string::npos);
  EXPECT_NE(error_of([&] { Tensor(grid, {2, 0}, {1, 1}); }).find("box"), std::string::npos);
  EXPECT_NE(error_of([&] { Tensor(grid, {0}, {1}); }).find("rank"), std::string::npos);
  Tensor packed(element::u4, {4, 4});
  EXPECT_NE(error_of([&] { Tensor(packed, {0, 0}, {1, 1}); }).find("sub-byte"), std::string::npos);
  Tensor roi(grid, {0, 0}, {2, 2});
  roi.set_shape({2, 2});
  EXPECT_NE(error_of([&] { roi.set_shape({1, 4}); }).find("ROI"), std::string::npos);
  // Copying a larger tensor into a view would need a reshape: an error, not an overflow.
  EXPECT_NE(error_of([&] { grid.copy_to(roi); }).find("ROI"), std::string::npos);
  Tensor wrong(element::f32, {2, 2});
  EXPECT_NE(error_of([&] { wrong.copy_to(roi); }).find("element types differ"), std::string::npos);
}

}  // namespace
