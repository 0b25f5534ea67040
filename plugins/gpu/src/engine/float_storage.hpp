#pragma once

// The storage of the float kernels of kernels/storage.cl (gemm, convolution, pooling, softmax):
// f32, or f16 read and written through vload_half/vstore_half with float arithmetic (what
// INFERENCE_PRECISION_HINT f16 turns nodes into; see precision_pass.hpp).

#include <string>

#include "ferry/graph/node.hpp"

namespace ferry::gpu {

// True for the element types those kernels store: f32 and f16.
inline bool is_float_storage(const element::Type& type) { return type == element::f32 || type == element::f16; }

// The build option selecting f16 storage ("-DHALF_STORAGE"), or "" for f32.
inline std::string storage_option(const element::Type& type) { return type == element::f16 ? "-DHALF_STORAGE" : ""; }

// `options` plus the storage option of `type`, space-separated; f32 leaves them unchanged.
inline std::string with_storage(const std::string& options, const element::Type& type) {
  const std::string storage = storage_option(type);
  if (storage.empty()) return options;
  return options.empty() ? storage : options + " " + storage;
}

}  // namespace ferry::gpu
