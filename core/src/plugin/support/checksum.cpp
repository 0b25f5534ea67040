#include "ferry/plugin/support/checksum.hpp"

namespace ferry::sdk {

uint64_t fnv1a64(std::string_view bytes, uint64_t basis) {
  constexpr uint64_t kPrime = 1099511628211ull;
  uint64_t hash = basis;
  for (const char c : bytes) hash = (hash ^ static_cast<unsigned char>(c)) * kPrime;
  return hash;
}

}  // namespace ferry::sdk
