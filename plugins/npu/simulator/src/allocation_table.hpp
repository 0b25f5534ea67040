#pragma once

#include <level_zero/ze_api.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

namespace ferry::npu::simulator {

struct Context;

// One allocation handed out by zeMemAlloc*: what it is and how to give its memory back.
struct Allocation {
  Context* context = nullptr;
  ze_memory_type_t type = ZE_MEMORY_TYPE_UNKNOWN;
  void* base = nullptr;
  size_t size = 0;
  uint64_t id = 0;
  // The memfd behind a shareable allocation (exportable or imported), else -1; owned.
  int fd = -1;
  // The mmap'ed range behind a shareable allocation (base lies inside it), else null.
  void* mapping = nullptr;
  size_t mapping_size = 0;
};

// Every live allocation of the process, found by any address inside it.
class AllocationTable {
 public:
  void add(const Allocation& allocation);
  // The allocation whose [base, base + size) holds `address`.
  std::optional<Allocation> find(const void* address) const;
  // Removes and returns the allocation starting at `base`.
  std::optional<Allocation> remove(const void* base);
  // Removes and returns every allocation of `context`.
  std::vector<Allocation> remove_all(const Context* context);

 private:
  mutable std::mutex m_mutex;
  std::map<uintptr_t, Allocation> m_by_base;
};

AllocationTable& allocations();

}  // namespace ferry::npu::simulator
