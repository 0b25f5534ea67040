#include "device_context.hpp"

#include <algorithm>

#include "cl_error.hpp"

namespace ferry::gpu {

std::map<std::string, uint64_t> MemoryCounters::statistics() const {
  return {{"weights", weights.load()}, {"intermediates", intermediates.load()}, {"io", io.load()}};
}

DeviceContext::DeviceContext(DeviceEntry entry, OfflineCompiler offline)
    : m_entry(std::move(entry)), m_counters(std::make_unique<MemoryCounters>()) {
  cl_int status = CL_SUCCESS;
  const cl_device_id device = m_entry.device.get();
  m_context = ClContext(clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status));
  cl_check(status, "clCreateContext for device ", m_entry.id, " (", m_entry.info.name, ")");
  m_programs = std::make_unique<ProgramCache>(m_context, device, std::move(offline));
}

ClQueue DeviceContext::create_queue(bool profiling, const QueueHints& hints) const {
  const std::vector<cl_queue_properties> properties = queue_properties(m_entry.info, profiling, hints);
  cl_int status = CL_SUCCESS;
  ClQueue queue(clCreateCommandQueueWithProperties(m_context.get(), device(), properties.data(), &status));
  cl_check(status, "clCreateCommandQueueWithProperties on device ", m_entry.id);
  return queue;
}

ClMem DeviceContext::create_buffer(size_t bytes, cl_mem_flags flags, void* host_ptr, const char* what) const {
  cl_int status = CL_SUCCESS;
  ClMem buffer(clCreateBuffer(m_context.get(), flags, std::max<size_t>(bytes, 1), host_ptr, &status));
  cl_check(status, "clCreateBuffer of ", bytes, " bytes for ", what, " on device ", m_entry.id);
  return buffer;
}

std::shared_ptr<DeviceContext> ContextPool::get(const DeviceEntry& entry) {
  std::lock_guard<std::mutex> lock(m_mutex);
  auto& context = m_contexts[entry.id];
  if (!context) context = std::make_shared<DeviceContext>(entry, m_offline);
  return context;
}

std::shared_ptr<DeviceContext> ContextPool::find(const std::string& id) const {
  std::lock_guard<std::mutex> lock(m_mutex);
  const auto found = m_contexts.find(id);
  return found == m_contexts.end() ? nullptr : found->second;
}

}  // namespace ferry::gpu
