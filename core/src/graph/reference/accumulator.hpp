#pragma once

#include <cstdint>
#include <type_traits>

namespace ferry::reference {

// The type a reduction over T runs in: f16/bf16 (class types) and f32 compute in float, f64 in
// double, integers in int64_t so that sums of narrow products do not overflow before the final
// conversion back to T (which wraps, as the element type's arithmetic would).
template <typename T>
using accumulator_t = std::conditional_t<std::is_integral_v<T>, std::int64_t,
                                         std::conditional_t<std::is_same_v<T, double>, double, float>>;

}  // namespace ferry::reference
