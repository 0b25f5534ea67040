#pragma once

// The evaluate() loop shared by the activations: applies a per-element function to input 0.
// f16/bf16 compute in f32 and round back; f32 and f64 compute in their own type; integer types
// are handled only when the op passes kIntegers.

#include <cstdint>
#include <vector>

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace internal {

// `fn` is a generic callable: fn(T x) -> T for each supported element type T (integer T only
// when kIntegers, so floating-only functions need not compile for them).
template <bool kIntegers, typename Fn>
bool map_elements(const Node& node, TensorVector& outputs, const TensorVector& inputs, Fn fn) {
  const Tensor in = dense(inputs.at(0));
  const element::Type type = in.get_element_type();
  const size_t count = in.get_size();
  if (is_half(type)) {
    std::vector<float> values = to_floats(in);
    for (float& v : values) v = fn(v);
    Tensor& out = prepare_output(node, outputs, 0, type, in.get_shape());
    from_floats(values, out);
    return true;
  }
  auto run = [&](auto tag) {
    using T = decltype(tag);
    Tensor& out = prepare_output(node, outputs, 0, type, in.get_shape());
    const T* src = static_cast<const T*>(in.data());
    T* dst = static_cast<T*>(out.data());
    for (size_t i = 0; i < count; ++i) dst[i] = fn(src[i]);
    return true;
  };
  switch (type.get_type()) {
    case element::Type_t::f32:
      return run(float{});
    case element::Type_t::f64:
      return run(double{});
    default:
      break;
  }
  if constexpr (kIntegers) {
    switch (type.get_type()) {
      case element::Type_t::i8:
        return run(int8_t{});
      case element::Type_t::i16:
        return run(int16_t{});
      case element::Type_t::i32:
        return run(int32_t{});
      case element::Type_t::i64:
        return run(int64_t{});
      case element::Type_t::u8:
        return run(uint8_t{});
      case element::Type_t::u16:
        return run(uint16_t{});
      case element::Type_t::u32:
        return run(uint32_t{});
      case element::Type_t::u64:
        return run(uint64_t{});
      default:
        break;
    }
  }
  return false;
}

}  // namespace internal
}  // namespace op
}  // namespace ferry
