#pragma once

// The walk of a broadcast kernel (eltwise.cl: binary ops, Select) with as few dimensions as
// possible: every dimension costs each work-item an index division. Adjacent dimensions merge
// where every operand steps through them as through one (contiguous in it, or broadcast in both),
// and dimensions of size 1 go: an input broadcast from a scalar walks one dimension, a
// per-channel bias over NCHW three (N, C, H*W).

#include <cstdint>
#include <vector>

namespace ferry::gpu {

struct BroadcastWalk {
  std::vector<int64_t> dims;                  // at least one (a single element walks {1})
  std::vector<std::vector<int64_t>> strides;  // per operand, one element stride per dimension
  int64_t rank() const { return static_cast<int64_t>(dims.size()); }
};

// `strides`: per operand, its element stride for each of `dims` (0 where it is broadcast).
BroadcastWalk collapse_broadcast(const std::vector<int64_t>& dims, const std::vector<std::vector<int64_t>>& strides);

}  // namespace ferry::gpu
