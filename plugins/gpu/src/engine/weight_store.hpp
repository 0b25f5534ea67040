#pragma once

// The device copies of a compiled model's weights, one per Constant's host data, shared by every
// CompiledGraph of the model: the static graph, or every shape instance of a dynamic model
// (Model::clone shares Constant data, so the instances' Constants point at the same bytes and
// find the buffer already uploaded). Counts its bytes in the context's "weights" counter while
// it lives. Thread-safe.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "cl_handle.hpp"
#include "device_context.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::gpu {

class WeightStore {
 public:
  explicit WeightStore(std::shared_ptr<DeviceContext> context);
  ~WeightStore();
  WeightStore(const WeightStore&) = delete;
  WeightStore& operator=(const WeightStore&) = delete;

  // The read-only buffer over (unified memory) or holding (otherwise) `host`, the data of
  // `constant`; uploaded on the first call for that data, the same buffer afterwards. The store
  // keeps `constant` alive, and with it the memory a unified-memory buffer uses in place.
  ClMem buffer(const std::shared_ptr<const Node>& constant, const Tensor& host);

  uint64_t bytes() const;  // bytes uploaded (each Constant's data once)
  size_t uploads() const;

 private:
  struct Upload {
    std::shared_ptr<const Node> constant;
    ClMem buffer;
  };

  std::shared_ptr<DeviceContext> m_context;
  mutable std::mutex m_mutex;
  std::map<std::pair<const void*, size_t>, Upload> m_uploads;  // by (host data, bytes)
  uint64_t m_bytes = 0;
};

}  // namespace ferry::gpu
