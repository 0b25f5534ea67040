#pragma once

#include <level_zero/ze_api.h>

#include "allocation_table.hpp"

namespace ferry::npu::simulator {

// What zeMemAlloc* asked for, once its descriptors are read.
struct StorageRequest {
  size_t size = 0;
  size_t alignment = 0;  // 0: the default
  bool exportable = false;
  int import_fd = -1;  // >= 0: map this memfd / DMA-BUF instead of allocating
};

// Fills `allocation`'s memory fields (base, fd, mapping) for `request`; an error names why.
ze_result_t allocate_storage(const StorageRequest& request, Allocation& allocation);
// Gives back what allocate_storage took (memory, mapping, fd).
void release_storage(const Allocation& allocation);

// The device's memory: the host's physical memory.
uint64_t device_memory_size();

}  // namespace ferry::npu::simulator
