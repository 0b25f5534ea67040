#include "ferry/value/tensor.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/base/float16.hpp"
#include "ferry/testing/error_of.hpp"

namespace {

using ferry::Shape;
using ferry::Strides;
using ferry::Tensor;
namespace element = ferry::element;

using ::ferry::testing::error_of;

TEST(Tensor, OwningTensorIsAlignedAndDense) {
  Tensor t(element::f32, {2, 3, 4});
  EXPECT_TRUE(t);
  EXPECT_EQ(t.get_shape(), (Shape{2, 3, 4}));
  EXPECT_EQ(t.get_element_type(), element::f32);
  EXPECT_EQ(t.get_size(), 24u);
  EXPECT_EQ(t.get_byte_size(), 96u);
  EXPECT_EQ(t.get_strides(), (Strides{48, 16, 4}));
  EXPECT_TRUE(t.is_continuous());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data()) % 64, 0u);
  float* values = t.data<float>();
  for (int i = 0; i < 24; ++i) values[i] = float(i);
  Tensor shared = t;  // handles share the elements
  EXPECT_EQ(shared.data<float>()[23], 23.f);
}

TEST(Tensor, MoreThanTheHostsMemoryIsRefusedWithTheSizes) {
  EXPECT_ERROR_CONTAINS(Tensor(element::f32, Shape{1ull << 40, 1024}),
                        "out of host memory: a tensor of f32 [1099511627776,1024] needs 4503599627370496 bytes");
  Tensor small(element::f32, Shape{2});
  EXPECT_ERROR_CONTAINS(small.set_shape(Shape{1ull << 50}), "this machine has");
  EXPECT_EQ(small.get_shape(), Shape{2});  // unchanged
}

TEST(Tensor, EmptyHandleErrors) {
  Tensor t;
  EXPECT_FALSE(t);
  EXPECT_TRUE(!t);
  EXPECT_NE(error_of([&] { (void)t.get_shape(); }).find("empty"), std::string::npos);
  EXPECT_NE(error_of([&] { t.copy_to(Tensor(element::f32, {1})); }).find("empty"), std::string::npos);
}

TEST(Tensor, WrapsUserMemoryWithoutCopy) {
  std::vector<int32_t> memory(6);
  std::iota(memory.begin(), memory.end(), 0);
  Tensor t(element::i32, {2, 3}, memory.data());
  EXPECT_EQ(t.data(), memory.data());
  EXPECT_EQ(t.data<int32_t>()[4], 4);
  t.data<int32_t>()[5] = 50;
  EXPECT_EQ(memory[5], 50);
  EXPECT_EQ(t.get_strides(), (Strides{12, 4}));
}

TEST(Tensor, WrapsStridedUserMemory) {
  // A 2x3 i32 view of rows that are 5 elements (20 bytes) apart.
  std::vector<int32_t> memory(10);
  std::iota(memory.begin(), memory.end(), 0);
  Tensor t(element::i32, {2, 3}, memory.data(), Strides{20, 4});
  EXPECT_EQ(t.data(), memory.data());
  EXPECT_FALSE(t.is_continuous());
  EXPECT_EQ(t.get_strides(), (Strides{20, 4}));
  Tensor dense(element::i32, {2, 3});
  t.copy_to(dense);
  const std::vector<int32_t> expected{0, 1, 2, 5, 6, 7};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(dense.data<int32_t>()[i], expected[i]) << i;
}

TEST(Tensor, RejectsBadStrides) {
  std::vector<float> memory(32);
  EXPECT_NE(error_of([&] {
              Tensor(element::f32, {2, 3}, memory.data(), Strides{12, 3});
            }).find("multiple"),
            std::string::npos);
  EXPECT_NE(error_of([&] { Tensor(element::f32, {2, 3}, memory.data(), Strides{4}); }).find("rank"), std::string::npos);
  EXPECT_NE(error_of([&] {
              Tensor(element::f32, {2, 3}, memory.data(), Strides{8, 4});
            }).find("overlap"),
            std::string::npos);
  EXPECT_NE(error_of([&] { Tensor(element::f32, {2, 3}, nullptr); }).find("null"), std::string::npos);
  EXPECT_NE(error_of([&] { Tensor(element::u4, {4}, memory.data(), Strides{1}); }).find("sub-byte"), std::string::npos);
  EXPECT_NE(error_of([&] { Tensor(element::dynamic, {4}); }).find("dynamic"), std::string::npos);
}

TEST(Tensor, TypedDataChecksTheElementType) {
  Tensor t(element::f32, {4});
  EXPECT_NE(t.data<float>(), nullptr);
  EXPECT_NE(t.data<const float>(), nullptr);
  const std::string m = error_of([&] { (void)t.data<int32_t>(); });
  EXPECT_NE(m.find("f32"), std::string::npos) << m;
  EXPECT_NE(m.find("i32"), std::string::npos) << m;
  EXPECT_EQ(t.data(element::dynamic), t.data());
  EXPECT_NE(error_of([&] { (void)t.data(element::f16); }), "<no exception>");
}

TEST(Tensor, SetShapeGrowsOwnedMemoryOnlyWhenNeeded) {
  Tensor t(element::f32, {4, 4});
  void* first = t.data();
  t.set_shape({2, 4});  // smaller: same memory
  EXPECT_EQ(t.data(), first);
  EXPECT_EQ(t.get_strides(), (Strides{16, 4}));
  t.set_shape({4, 4});  // back to the capacity: same memory
  EXPECT_EQ(t.data(), first);
  t.set_shape({8, 8});  // larger: new memory
  EXPECT_EQ(t.get_byte_size(), 256u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data()) % 64, 0u);
  t.data<float>()[63] = 1.f;  // the whole new size is usable (asan checks)

  Tensor empty(element::f32, {0, 3});
  EXPECT_EQ(empty.get_byte_size(), 0u);
  empty.set_shape({2, 3});
  EXPECT_NE(empty.data(), nullptr);
}

TEST(Tensor, WrappedMemoryCannotGrow) {
  std::vector<float> memory(12);
  Tensor t(element::f32, {3, 4}, memory.data());
  t.set_shape({2, 6});
  EXPECT_EQ(t.data(), memory.data());
  EXPECT_EQ(t.get_strides(), (Strides{24, 4}));
  t.set_shape({1, 12});
  const std::string m = error_of([&] { t.set_shape({4, 4}); });
  EXPECT_NE(m.find("cannot grow"), std::string::npos) << m;

  std::vector<float> strided(20);
  Tensor s(element::f32, {2, 3}, strided.data(), Strides{40, 4});
  s.set_shape({2, 3});  // unchanged shape is fine
  EXPECT_NE(error_of([&] { s.set_shape({3, 2}); }).find("strides"), std::string::npos);
}

TEST(Tensor, SubByteSizesRoundUp) {
  Tensor u1(element::u1, {3, 3});
  EXPECT_EQ(u1.get_size(), 9u);
  EXPECT_EQ(u1.get_byte_size(), 2u);
  Tensor u4(element::u4, {5});
  EXPECT_EQ(u4.get_byte_size(), 3u);
  Tensor i4(element::i4, {2, 2});
  EXPECT_EQ(i4.get_byte_size(), 2u);
  EXPECT_TRUE(i4.is_continuous());
  EXPECT_NE(i4.data<int8_t>(), nullptr);  // packed bytes are reachable as bytes
  EXPECT_NE(u4.data<uint8_t>(), nullptr);
  EXPECT_NE(error_of([&] { (void)u4.get_strides(); }).find("sub-byte"), std::string::npos);

  uint8_t packed[3] = {0x21, 0x43, 0x05};
  Tensor wrapped(element::u4, {5}, packed);
  Tensor copy(element::u4, {1});
  wrapped.copy_to(copy);
  EXPECT_EQ(copy.get_shape(), (Shape{5}));
  EXPECT_EQ(copy.data<uint8_t>()[0], 0x21);
  EXPECT_EQ(copy.data<uint8_t>()[2] & 0x0f, 0x05);
}

TEST(Tensor, HalfPrecisionData) {
  Tensor t(element::f16, {3});
  EXPECT_EQ(t.get_byte_size(), 6u);
  auto* values = t.data<ferry::float16>();
  values[0] = 1.5f;
  values[1] = -2.f;
  values[2] = 65504.f;
  Tensor copy(element::f16, {3});
  t.copy_to(copy);
  EXPECT_EQ(float(copy.data<ferry::float16>()[0]), 1.5f);
  EXPECT_EQ(float(copy.data<ferry::float16>()[1]), -2.f);
  EXPECT_EQ(copy.data<ferry::float16>()[2].to_bits(), 0x7bffu);
  EXPECT_NE(error_of([&] { (void)t.data<float>(); }), "<no exception>");
}

TEST(Tensor, CopyToSetsShapeAndChecksTypes) {
  Tensor src(element::f32, {2, 2});
  for (int i = 0; i < 4; ++i) src.data<float>()[i] = float(i) + 0.5f;
  Tensor dst(element::f32, {1});
  src.copy_to(dst);
  EXPECT_EQ(dst.get_shape(), (Shape{2, 2}));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(dst.data<float>()[i], float(i) + 0.5f);

  Tensor wrong(element::i32, {2, 2});
  const std::string m = error_of([&] { src.copy_to(wrong); });
  EXPECT_NE(m.find("f32"), std::string::npos) << m;
  EXPECT_NE(m.find("i32"), std::string::npos) << m;

  std::vector<float> small(2);
  Tensor cannot_grow(element::f32, {2}, small.data());
  EXPECT_NE(error_of([&] { src.copy_to(cannot_grow); }).find("cannot grow"), std::string::npos);
  src.copy_to(src);  // a copy onto itself does nothing
  EXPECT_EQ(src.data<float>()[3], 3.5f);
}

TEST(Tensor, CopyBetweenStridedTensors) {
  // Source: a 2x3x2 f32 tensor inside padded memory; destination padded differently.
  const Shape shape{2, 3, 2};
  std::vector<float> from(2 * 4 * 3, -1.f), to(2 * 3 * 4, -1.f);
  Tensor src(element::f32, shape, from.data(), Strides{48, 12, 4});  // rows of 3 floats, planes of 4 rows
  Tensor dst(element::f32, shape, to.data(), Strides{48, 16, 4});    // rows of 4 floats, planes of 3 rows
  for (size_t a = 0; a < 2; ++a)
    for (size_t b = 0; b < 3; ++b)
      for (size_t c = 0; c < 2; ++c) from[a * 12 + b * 3 + c] = float(100 * a + 10 * b + c);
  src.copy_to(dst);
  for (size_t a = 0; a < 2; ++a)
    for (size_t b = 0; b < 3; ++b) {
      for (size_t c = 0; c < 2; ++c) EXPECT_EQ(to[a * 12 + b * 4 + c], float(100 * a + 10 * b + c));
      for (size_t c = 2; c < 4; ++c) EXPECT_EQ(to[a * 12 + b * 4 + c], -1.f);  // padding untouched
    }
}

// A handle type with its own check, like RemoteTensor subclasses.
class EvenSizedTensor : public Tensor {
 public:
  static void type_check(const Tensor& tensor) {
    FERRY_ASSERT(tensor && tensor.get_size() % 2 == 0, "the tensor has an odd number of elements");
  }
  size_t half() const { return get_size() / 2; }
};

TEST(Tensor, IsAndAsForDerivedHandles) {
  Tensor even(element::u8, {4});
  Tensor odd(element::u8, {3});
  EXPECT_TRUE(even.is<EvenSizedTensor>());
  EXPECT_FALSE(odd.is<EvenSizedTensor>());
  EXPECT_TRUE(odd.is<Tensor>());
  EXPECT_EQ(even.as<EvenSizedTensor>().half(), 2u);
  EXPECT_EQ(even.as<EvenSizedTensor>().data(), even.data());
  const std::string m = error_of([&] { (void)odd.as<EvenSizedTensor>(); });
  EXPECT_NE(m.find("EvenSizedTensor"), std::string::npos) << m;
  EXPECT_NE(m.find("odd number"), std::string::npos) << m;
}

TEST(Tensor, KeepsLibraryHandleAlive) {
  auto library = std::make_shared<int>(0);
  std::weak_ptr<int> watch = library;
  {
    Tensor t(ferry::make_tensor(element::f32, {1}), library);
    library.reset();
    Tensor roi(t, {0}, {1});
    t = Tensor();
    EXPECT_FALSE(watch.expired());
    EXPECT_EQ(roi.get_so().size(), 1u);
  }
  EXPECT_TRUE(watch.expired());
}

// A host allocator that counts what it hands out.
struct CountingAllocator : ferry::HostAllocator {
  void* allocate(size_t bytes, size_t alignment) override {
    ++allocations;
    live += bytes;
    return ::operator new(bytes, std::align_val_t(alignment));
  }
  void deallocate(void* p, size_t bytes, size_t alignment) override {
    live -= bytes;
    ::operator delete(p, std::align_val_t(alignment));
  }
  int allocations = 0;
  size_t live = 0;
};

TEST(Tensor, AllocatorHook) {
  auto allocator = std::make_shared<CountingAllocator>();
  {
    Tensor t(ferry::make_tensor(element::f32, {4}, allocator));
    EXPECT_EQ(allocator->live, 16u);
    t.set_shape({2});
    EXPECT_EQ(allocator->allocations, 1);
    t.set_shape({8});
    EXPECT_EQ(allocator->allocations, 2);
    EXPECT_EQ(allocator->live, 32u);
  }
  EXPECT_EQ(allocator->live, 0u);
}

}  // namespace
