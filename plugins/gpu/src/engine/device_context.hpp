#pragma once

// One OpenCL context on one device: the plugin's own (one per device, shared by every compiled
// model made without a user context), or an application's cl_context adopted by a remote context
// (retained while Ferry uses it). Programs are built once per context. The memory counters behind
// GPU_MEMORY_STATISTICS / GPU_COPIED_BYTES belong to the device: every context on it shares them.

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "cl_handle.hpp"
#include "device_enumerator.hpp"
#include "intel_usm.hpp"
#include "memory_counters.hpp"
#include "program_cache.hpp"
#include "queue_hints.hpp"

namespace ferry::gpu {

// SVM allocations made through one context (the plugin's USM tensors): which pointers the
// context knows, since OpenCL has no query for SVM pointers. Thread-safe.
class SvmAllocations {
 public:
  void add(void* base, size_t bytes);
  void remove(void* base);
  // The allocation containing [pointer, pointer + bytes): its base and size, or {nullptr, 0}.
  std::pair<void*, size_t> find(const void* pointer, size_t bytes) const;

 private:
  mutable std::mutex m_mutex;
  std::map<const char*, size_t> m_allocations;  // base -> bytes
};

class DeviceContext {
 public:
  // A new context on `entry`'s device, counting into `counters` (null: counters of its own).
  // `offline`: how the programs are compiled (program_cache.hpp); empty: by the driver.
  explicit DeviceContext(DeviceEntry entry, std::shared_ptr<MemoryCounters> counters = nullptr,
                         OfflineCompiler offline = {});
  // The application's `context` (retained, released with this object), used on `entry`'s device.
  DeviceContext(DeviceEntry entry, cl_context context, std::shared_ptr<MemoryCounters> counters,
                OfflineCompiler offline = {});

  const DeviceEntry& entry() const { return m_entry; }
  const DeviceInfo& info() const { return m_entry.info; }
  cl_device_id device() const { return m_entry.device.get(); }
  cl_context context() const { return m_context.get(); }
  ProgramCache& programs() const { return *m_programs; }
  MemoryCounters& counters() const { return *m_counters; }
  SvmAllocations& svm_allocations() const { return *m_svm; }
  // The device's cl_intel_unified_shared_memory functions; null without the extension.
  const IntelUsm* intel_usm() const { return m_intel_usm.get(); }

  // An in-order queue on the device, with event profiling when `profiling`, and `hints` where the
  // device applies them (queue_hints.hpp).
  ClQueue create_queue(bool profiling, const QueueHints& hints = {}) const;
  // The queue remote-tensor copies and host-tensor maps go through (created on first use).
  cl_command_queue transfer_queue() const;
  // A buffer of `bytes` (at least 1 byte); throws naming `what`, the bytes asked and the
  // device's memory. Callers count it in counters().
  ClMem create_buffer(size_t bytes, cl_mem_flags flags, void* host_ptr, const std::string& what) const;

 private:
  DeviceEntry m_entry;
  ClContext m_context;
  std::unique_ptr<ProgramCache> m_programs;
  std::shared_ptr<MemoryCounters> m_counters;
  std::unique_ptr<SvmAllocations> m_svm;
  std::shared_ptr<const IntelUsm> m_intel_usm;
  mutable std::mutex m_transfer_mutex;
  mutable ClQueue m_transfer_queue;
};

// The plugin's own contexts (one per device id, created on first use) and the devices' memory
// counters.
class ContextPool {
 public:
  // The contexts' programs are compiled by `offline` (program_cache.hpp); empty: by the driver.
  explicit ContextPool(OfflineCompiler offline = {}) : m_offline(std::move(offline)) {}
  std::shared_ptr<DeviceContext> get(const DeviceEntry& entry);
  // Device `id`'s counters (shared by every context on it).
  std::shared_ptr<MemoryCounters> counters(const std::string& id);
  const OfflineCompiler& offline() const { return m_offline; }
  // Forgets the contexts (the device list changed); models keep theirs alive.
  void reset();

 private:
  OfflineCompiler m_offline;
  mutable std::mutex m_mutex;
  std::map<std::string, std::shared_ptr<DeviceContext>> m_contexts;
  std::map<std::string, std::shared_ptr<MemoryCounters>> m_counters;
};

}  // namespace ferry::gpu
