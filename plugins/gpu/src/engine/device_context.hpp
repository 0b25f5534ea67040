#pragma once

// One OpenCL context per exposed device, created on first use and shared by every compiled
// model and request of the plugin on that device: programs are built once per context, and the
// memory counters behind GPU_MEMORY_STATISTICS / GPU_COPIED_BYTES live here.

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "cl_handle.hpp"
#include "device_enumerator.hpp"
#include "program_cache.hpp"
#include "queue_hints.hpp"

namespace ferry::gpu {

// Bytes of device memory held, by kind, and bytes moved between host and device.
struct MemoryCounters {
  std::atomic<uint64_t> weights{0};
  std::atomic<uint64_t> intermediates{0};
  std::atomic<uint64_t> io{0};
  std::atomic<uint64_t> copied{0};
  std::map<std::string, uint64_t> statistics() const;
};

class DeviceContext {
 public:
  // `offline`: how the programs are compiled (program_cache.hpp); empty: by the driver.
  explicit DeviceContext(DeviceEntry entry, OfflineCompiler offline = {});

  const DeviceEntry& entry() const { return m_entry; }
  const DeviceInfo& info() const { return m_entry.info; }
  cl_device_id device() const { return m_entry.device.get(); }
  cl_context context() const { return m_context.get(); }
  ProgramCache& programs() const { return *m_programs; }
  MemoryCounters& counters() const { return *m_counters; }

  // An in-order queue on the device, with event profiling when `profiling`, and `hints` where the
  // device applies them (queue_hints.hpp).
  ClQueue create_queue(bool profiling, const QueueHints& hints = {}) const;
  // A buffer of `bytes` (at least 1 byte); throws naming `what`. Callers count it in counters().
  ClMem create_buffer(size_t bytes, cl_mem_flags flags, void* host_ptr, const char* what) const;

 private:
  DeviceEntry m_entry;
  ClContext m_context;
  std::unique_ptr<ProgramCache> m_programs;
  std::unique_ptr<MemoryCounters> m_counters;
};

// The plugin's contexts by device id, created on first use.
class ContextPool {
 public:
  // The contexts' programs are compiled by `offline` (program_cache.hpp); empty: by the driver.
  explicit ContextPool(OfflineCompiler offline = {}) : m_offline(std::move(offline)) {}
  std::shared_ptr<DeviceContext> get(const DeviceEntry& entry);
  // The contexts made so far (for counters).
  std::shared_ptr<DeviceContext> find(const std::string& id) const;

 private:
  OfflineCompiler m_offline;
  mutable std::mutex m_mutex;
  std::map<std::string, std::shared_ptr<DeviceContext>> m_contexts;
};

}  // namespace ferry::gpu
