#include "allocation_table.hpp"

namespace ferry::npu::simulator {

void AllocationTable::add(const Allocation& allocation) {
  std::lock_guard<std::mutex> lock(mutex_);
  by_base_[reinterpret_cast<uintptr_t>(allocation.base)] = allocation;
}

std::optional<Allocation> AllocationTable::find(const void* address) const {
  const auto key = reinterpret_cast<uintptr_t>(address);
  std::lock_guard<std::mutex> lock(mutex_);
  auto after = by_base_.upper_bound(key);
  if (after == by_base_.begin()) return std::nullopt;
  const Allocation& candidate = std::prev(after)->second;
  if (key - reinterpret_cast<uintptr_t>(candidate.base) >= candidate.size) return std::nullopt;
  return candidate;
}

std::optional<Allocation> AllocationTable::remove(const void* base) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = by_base_.find(reinterpret_cast<uintptr_t>(base));
  if (it == by_base_.end()) return std::nullopt;
  Allocation removed = it->second;
  by_base_.erase(it);
  return removed;
}

std::vector<Allocation> AllocationTable::remove_all(const Context* context) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<Allocation> removed;
  for (auto it = by_base_.begin(); it != by_base_.end();) {
    if (it->second.context == context) {
      removed.push_back(it->second);
      it = by_base_.erase(it);
    } else {
      ++it;
    }
  }
  return removed;
}

AllocationTable& allocations() {
  static AllocationTable* table = new AllocationTable();
  return *table;
}

}  // namespace ferry::npu::simulator
