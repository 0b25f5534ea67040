#include "broadcast_walk.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::gpu {

BroadcastWalk collapse_broadcast(const std::vector<int64_t>& dims, const std::vector<std::vector<int64_t>>& strides) {
  BroadcastWalk walk;
  walk.strides.resize(strides.size());
  for (const auto& operand : strides)
    FERRY_ASSERT(operand.size() == dims.size(), "GPU broadcast walk: an operand has ", operand.size(), " strides for ",
                 dims.size(), " dimensions");
  for (size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] == 1) continue;  // one coordinate: no offset, whatever the stride
    // Dimension k folds into the previous one when, for every operand, a step of the previous
    // one is dims[k] steps of this one (0 == 0: broadcast in both).
    bool merges = !walk.dims.empty();
    for (size_t i = 0; merges && i < strides.size(); ++i) merges = walk.strides[i].back() == strides[i][k] * dims[k];
    if (merges) {
      walk.dims.back() *= dims[k];
      for (size_t i = 0; i < strides.size(); ++i) walk.strides[i].back() = strides[i][k];
      continue;
    }
    walk.dims.push_back(dims[k]);
    for (size_t i = 0; i < strides.size(); ++i) walk.strides[i].push_back(strides[i][k]);
  }
  if (walk.dims.empty()) {  // every dimension is 1: one element
    walk.dims.push_back(1);
    for (auto& operand : walk.strides) operand.push_back(0);
  }
  return walk;
}

}  // namespace ferry::gpu
