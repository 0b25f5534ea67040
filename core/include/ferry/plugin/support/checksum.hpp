#pragma once

// The one checksum of the tree: FNV-1a, 64-bit. It guards export blobs and cache entries
// against truncation and corruption, and keys caches; it is not cryptographic (blobs and caches
// are the user's own files).

#include <cstdint>
#include <string_view>

namespace ferry::sdk {

inline constexpr uint64_t kFnv1a64OffsetBasis = 14695981039346656037ull;

// FNV-1a 64 of `bytes`, continuing from `basis` (the standard offset basis by default; another
// basis gives an independent second hash, which is how a 128-bit cache key is made).
uint64_t fnv1a64(std::string_view bytes, uint64_t basis = kFnv1a64OffsetBasis);

}  // namespace ferry::sdk
