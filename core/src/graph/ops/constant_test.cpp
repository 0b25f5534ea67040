#include "ferry/graph/ops/constant.hpp"

#include <gtest/gtest.h>

#include "core/src/graph/ops/op_test_util.hpp"

namespace ferry {
namespace {

using namespace testing;
using op::v0::Constant;

TEST(Constant, ValuesAndTypes) {
  auto c = Constant::create<int>(element::f32, Shape{2, 2}, {1, 2, 3, 4});
  EXPECT_EQ(c->get_output_element_type(0), element::f32);
  EXPECT_EQ(c->get_output_partial_shape(0), PartialShape("[2,2]"));
  EXPECT_EQ(c->get_vector<float>(), (std::vector<float>{1, 2, 3, 4}));
  EXPECT_EQ(c->cast_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(c->get_byte_size(), 16u);
  auto filled = Constant::create<float>(element::f16, Shape{3}, {0.5f});
  EXPECT_EQ(filled->cast_vector<float>(), (std::vector<float>{0.5f, 0.5f, 0.5f}));
  const int64_t big = (int64_t(1) << 62) + 1;  // not representable as a double: must stay exact
  EXPECT_EQ(Constant::create<int64_t>(element::i64, Shape{1}, {big})->cast_vector<int64_t>()[0], big);
  EXPECT_EQ(Constant::create<float>(element::boolean, Shape{2}, {0.f, 2.f})->cast_vector<int>(),
            (std::vector<int>{0, 1}));
  EXPECT_THROW_WITH(Constant::create<int>(element::f32, Shape{3}, {1, 2}), "Constant '", "got 2 values", "[3]");
  EXPECT_THROW_WITH(c->get_vector<int32_t>(), "get_vector", "f32");
  auto zeros = std::make_shared<Constant>(element::i32, Shape{2});
  EXPECT_EQ(zeros->get_vector<int32_t>(), (std::vector<int32_t>{0, 0}));
}

TEST(Constant, PackedTypes) {
  auto bits = Constant::create<int>(element::u1, Shape{10}, {1, 0, 1, 1, 0, 0, 0, 1, 1, 0});
  EXPECT_EQ(bits->get_byte_size(), 2u);
  EXPECT_EQ(bits->get_data_ptr<uint8_t>()[0], 0xb1);  // MSB first
  EXPECT_EQ(bits->get_data_ptr<uint8_t>()[1], 0x80);
  EXPECT_EQ(bits->cast_vector<int>(), (std::vector<int>{1, 0, 1, 1, 0, 0, 0, 1, 1, 0}));
  auto nibbles = Constant::create<int>(element::i4, Shape{3}, {-8, 7, -1});
  EXPECT_EQ(nibbles->get_byte_size(), 2u);
  EXPECT_EQ(nibbles->get_data_ptr<uint8_t>()[0], 0x78);  // low nibble first
  EXPECT_EQ(nibbles->cast_vector<int>(), (std::vector<int>{-8, 7, -1}));
  EXPECT_EQ(Constant::create<int>(element::u4, Shape{2}, {15, 3})->cast_vector<int>(), (std::vector<int>{15, 3}));
}

TEST(Constant, SharedBuffersAndAlignment) {
  auto buffer = std::make_shared<AlignedBuffer>(64);
  float* floats = reinterpret_cast<float*>(buffer->data());
  for (int i = 0; i < 16; ++i) floats[i] = float(i);
  auto shared = std::make_shared<Constant>(element::f32, Shape{2}, buffer, 8);
  EXPECT_EQ(shared->get_data_ptr(), buffer->data() + 8);  // no copy
  EXPECT_EQ(shared->get_vector<float>(), (std::vector<float>{2, 3}));
  auto misaligned = std::make_shared<Constant>(element::f32, Shape{1}, buffer, 2);
  EXPECT_NE(misaligned->get_data_ptr(), buffer->data() + 2);  // copied to an aligned place
  EXPECT_EQ(reinterpret_cast<uintptr_t>(misaligned->get_data_ptr()) % 4, 0u);
  EXPECT_THROW_WITH(std::make_shared<Constant>(element::f32, Shape{16}, buffer, 4), "does not fit", "64 bytes");
  auto clone = std::static_pointer_cast<Constant>(shared->clone_with_new_inputs({}));
  EXPECT_EQ(clone->get_data_ptr(), shared->get_data_ptr());  // clones share the bytes
  auto empty = std::make_shared<Constant>();
  EXPECT_EQ(empty->get_data_ptr(), nullptr);
  EXPECT_THROW_WITH(empty->cast_vector<int>(), "has no data");
}

TEST(Constant, EvaluateGivesAViewOrACopy) {
  auto c = Constant::create<int32_t>(element::i32, Shape{3}, {7, 8, 9});
  auto view = run(c, {})[0];
  EXPECT_EQ(view.data(), c->get_data_ptr());
  Tensor preallocated(element::i32, Shape{3});
  TensorVector outputs{preallocated};
  ASSERT_TRUE(c->evaluate(outputs, {}));
  EXPECT_NE(preallocated.data(), c->get_data_ptr());
  EXPECT_EQ(values_of<int32_t>(preallocated), (std::vector<int32_t>{7, 8, 9}));
}

}  // namespace
}  // namespace ferry
