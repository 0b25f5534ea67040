#include "random_fill.hpp"

#include <random>

namespace ferry::tools {
namespace {

// Uniform in [0, 1) from the generator's top 53 bits.
double unit(std::mt19937_64& generator) { return static_cast<double>(generator() >> 11) * 0x1.0p-53; }

template <typename T>
void fill_real(const Tensor& tensor, std::mt19937_64& generator) {
  T* data = static_cast<T*>(tensor.data());
  for (size_t i = 0; i < tensor.get_size(); ++i)
    data[i] = static_cast<T>(static_cast<float>(unit(generator) * 2.0 - 1.0));
}

template <typename T>
void fill_integer(const Tensor& tensor, std::mt19937_64& generator, uint64_t range) {
  T* data = static_cast<T*>(tensor.data());
  for (size_t i = 0; i < tensor.get_size(); ++i) data[i] = static_cast<T>(generator() % range);
}

}  // namespace

void fill_random(const Tensor& tensor, uint64_t seed) {
  FERRY_ASSERT(tensor, "fill_random: the tensor is empty");
  FERRY_ASSERT(tensor.get_impl()->is_host_accessible(), "fill_random: the tensor is not in host memory");
  FERRY_ASSERT(tensor.is_continuous(), "fill_random: the tensor is not dense");
  std::mt19937_64 generator(seed);
  using element::Type_t;
  switch (tensor.get_element_type()) {
    case Type_t::f32:
      return fill_real<float>(tensor, generator);
    case Type_t::f64:
      return fill_real<double>(tensor, generator);
    case Type_t::f16:
      return fill_real<float16>(tensor, generator);
    case Type_t::bf16:
      return fill_real<bfloat16>(tensor, generator);
    case Type_t::boolean:
      return fill_integer<char>(tensor, generator, 2);
    case Type_t::i8:
      return fill_integer<int8_t>(tensor, generator, 10);
    case Type_t::i16:
      return fill_integer<int16_t>(tensor, generator, 10);
    case Type_t::i32:
      return fill_integer<int32_t>(tensor, generator, 10);
    case Type_t::i64:
      return fill_integer<int64_t>(tensor, generator, 10);
    case Type_t::u8:
      return fill_integer<uint8_t>(tensor, generator, 10);
    case Type_t::u16:
      return fill_integer<uint16_t>(tensor, generator, 10);
    case Type_t::u32:
      return fill_integer<uint32_t>(tensor, generator, 10);
    case Type_t::u64:
      return fill_integer<uint64_t>(tensor, generator, 10);
    case Type_t::u1:
    case Type_t::u4:
    case Type_t::i4: {
      auto* bytes = static_cast<uint8_t*>(tensor.data());
      for (size_t i = 0; i < tensor.get_byte_size(); ++i) bytes[i] = static_cast<uint8_t>(generator());
      return;
    }
    default:
      Exception::raise("fill_random: cannot fill a tensor of element type ", tensor.get_element_type());
  }
}

}  // namespace ferry::tools
