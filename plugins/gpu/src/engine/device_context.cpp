#include "device_context.hpp"

#include <algorithm>

#include "cl_error.hpp"
#include "ferry/base/exception.hpp"

namespace ferry::gpu {

void SvmAllocations::add(void* base, size_t bytes) {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_allocations[static_cast<const char*>(base)] = bytes;
}

void SvmAllocations::remove(void* base) {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_allocations.erase(static_cast<const char*>(base));
}

std::pair<void*, size_t> SvmAllocations::find(const void* pointer, size_t bytes) const {
  const char* begin = static_cast<const char*>(pointer);
  std::lock_guard<std::mutex> lock(m_mutex);
  auto after = m_allocations.upper_bound(begin);
  if (after == m_allocations.begin()) return {nullptr, 0};
  const auto& [base, size] = *std::prev(after);
  if (begin + bytes > base + size) return {nullptr, 0};
  return {const_cast<char*>(base), size};
}

DeviceContext::DeviceContext(DeviceEntry entry, std::shared_ptr<MemoryCounters> counters, OfflineCompiler offline)
    : m_entry(std::move(entry)),
      m_counters(counters ? std::move(counters) : std::make_shared<MemoryCounters>()),
      m_svm(std::make_unique<SvmAllocations>()),
      m_intel_usm(IntelUsm::load(m_entry.device.get(), m_entry.info)) {
  cl_int status = CL_SUCCESS;
  const cl_device_id device = m_entry.device.get();
  m_context = ClContext(clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status));
  cl_check(status, "clCreateContext for device ", m_entry.id, " (", m_entry.info.name, ")");
  m_programs = std::make_unique<ProgramCache>(m_context, device, std::move(offline));
}

DeviceContext::DeviceContext(DeviceEntry entry, cl_context context, std::shared_ptr<MemoryCounters> counters,
                             OfflineCompiler offline)
    : m_entry(std::move(entry)),
      m_context(ClContext::retain(context)),
      m_counters(std::move(counters)),
      m_svm(std::make_unique<SvmAllocations>()),
      m_intel_usm(IntelUsm::load(m_entry.device.get(), m_entry.info)) {
  m_programs = std::make_unique<ProgramCache>(m_context, m_entry.device.get(), std::move(offline));
}

ClQueue DeviceContext::create_queue(bool profiling, const QueueHints& hints) const {
  const std::vector<cl_queue_properties> properties = queue_properties(m_entry.info, profiling, hints);
  cl_int status = CL_SUCCESS;
  ClQueue queue(clCreateCommandQueueWithProperties(m_context.get(), device(), properties.data(), &status));
  cl_check(status, "clCreateCommandQueueWithProperties on device ", m_entry.id);
  return queue;
}

cl_command_queue DeviceContext::transfer_queue() const {
  std::lock_guard<std::mutex> lock(m_transfer_mutex);
  if (!m_transfer_queue) m_transfer_queue = create_queue(false);
  return m_transfer_queue.get();
}

ClMem DeviceContext::create_buffer(size_t bytes, cl_mem_flags flags, void* host_ptr, const std::string& what) const {
  // Refused here with the sizes named, before the driver answers with a bare status (or, for
  // some drivers, succeeds and fails at first use).
  if (bytes > m_entry.info.max_alloc_size && m_entry.info.max_alloc_size) {
    Exception::raise("GPU.", m_entry.id, ": ", what, " needs ", bytes, " bytes in one buffer, more than device ",
                     m_entry.id, " (", m_entry.info.name, ") allocates at once (", m_entry.info.max_alloc_size,
                     " bytes; ", m_entry.info.global_mem_size, " bytes in all)");
  }
  cl_int status = CL_SUCCESS;
  ClMem buffer(clCreateBuffer(m_context.get(), flags, std::max<size_t>(bytes, 1), host_ptr, &status));
  if (status == CL_MEM_OBJECT_ALLOCATION_FAILURE || status == CL_OUT_OF_RESOURCES || status == CL_OUT_OF_HOST_MEMORY) {
    Exception::raise("GPU.", m_entry.id, ": out of memory allocating ", bytes, " bytes for ", what, " (",
                     cl_error_text(status), "; device ", m_entry.id, " has ", m_entry.info.global_mem_size, " bytes)");
  }
  cl_check(status, "clCreateBuffer of ", bytes, " bytes for ", what, " on device ", m_entry.id);
  return buffer;
}

std::shared_ptr<DeviceContext> ContextPool::get(const DeviceEntry& entry) {
  std::shared_ptr<MemoryCounters> counters_of_device = counters(entry.id);
  std::lock_guard<std::mutex> lock(m_mutex);
  auto& context = m_contexts[entry.id];
  if (!context) context = std::make_shared<DeviceContext>(entry, counters_of_device, m_offline);
  return context;
}

std::shared_ptr<MemoryCounters> ContextPool::counters(const std::string& id) {
  std::lock_guard<std::mutex> lock(m_mutex);
  auto& counters = m_counters[id];
  if (!counters) counters = std::make_shared<MemoryCounters>();
  return counters;
}

void ContextPool::reset() {
  std::lock_guard<std::mutex> lock(m_mutex);
  m_contexts.clear();
}

}  // namespace ferry::gpu
