#include "allocation_table.hpp"

namespace ferry::npu::simulator {

void AllocationTable::add(const Allocation& allocation) {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_by_base[reinterpret_cast<uintptr_t>(allocation.base)] = allocation;
}

std::optional<Allocation> AllocationTable::find(const void* address) const {
  const auto key = reinterpret_cast<uintptr_t>(address);
  std::lock_guard<std::mutex> lock(m_mutex);
  auto after = m_by_base.upper_bound(key);
  if (after == m_by_base.begin()) return std::nullopt;
  const Allocation& candidate = std::prev(after)->second;
  if (key - reinterpret_cast<uintptr_t>(candidate.base) >= candidate.size) return std::nullopt;
  return candidate;
}

std::optional<Allocation> AllocationTable::remove(const void* base) {
  std::lock_guard<std::mutex> lock(m_mutex);
  auto it = m_by_base.find(reinterpret_cast<uintptr_t>(base));
  if (it == m_by_base.end()) return std::nullopt;
  Allocation removed = it->second;
  m_by_base.erase(it);
  return removed;
}

std::vector<Allocation> AllocationTable::remove_all(const Context* context) {
  std::lock_guard<std::mutex> lock(m_mutex);
  std::vector<Allocation> removed;
  for (auto it = m_by_base.begin(); it != m_by_base.end();) {
    if (it->second.context == context) {
      removed.push_back(it->second);
      it = m_by_base.erase(it);
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
