#pragma once

// The device's memory counters: bytes of device memory held, by kind (GPU_MEMORY_STATISTICS), and
// bytes copied (GPU_COPIED_BYTES, GPU_DEVICE_COPIED_BYTES), which only counted_transfers.hpp adds to.

#include <atomic>
#include <cstdint>
#include <map>
#include <string>

namespace ferry::gpu {

struct MemoryCounters {
  std::atomic<uint64_t> weights{0};
  std::atomic<uint64_t> intermediates{0};
  std::atomic<uint64_t> io{0};
  std::atomic<uint64_t> remote{0};         // memory of remote tensors the plugin allocated
  std::atomic<uint64_t> copied{0};         // bytes moved between host and device memory (GPU_COPIED_BYTES)
  std::atomic<uint64_t> device_copied{0};  // bytes copied within device memory (GPU_DEVICE_COPIED_BYTES)

  std::map<std::string, uint64_t> statistics() const {
    return {{"weights", weights.load()},
            {"intermediates", intermediates.load()},
            {"io", io.load()},
            {"remote", remote.load()}};
  }
};

}  // namespace ferry::gpu
