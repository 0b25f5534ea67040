#include "context_registry.hpp"

#include <algorithm>
#include <iterator>

#include "ferry/base/exception.hpp"
#include "ferry/template/properties.hpp"

namespace ferry::template_plugin {

std::shared_ptr<RemoteContext> ContextRegistry::create(const std::string& device, const AnyMap& params) {
  int64_t id = -1;
  for (const auto& [key, value] : params) {
    if (key == context_params::CONTEXT_TYPE) {
      const std::string type = value.as<std::string>();
      FERRY_ASSERT(type == context_params::HOST, device, " create_context: CONTEXT_TYPE '", type,
                   "' is not supported (supported: ", context_params::HOST, ")");
    } else if (key == context_params::context_id.name()) {
      id = value.as<int64_t>();
      FERRY_ASSERT(id >= 0, device, " create_context: CONTEXT_ID ", id, " is negative");
    } else {
      Exception::raise(device, " create_context: unknown parameter '", key, "' (known: ", context_params::CONTEXT_TYPE,
                       ", ", context_params::context_id.name(), ")");
    }
  }
  if (id == 0) return get_default(device);
  return get_or_create(device, id);
}

std::shared_ptr<RemoteContext> ContextRegistry::get_default(const std::string& device) {
  std::lock_guard<std::mutex> lock(m_mutex);
  if (!m_default) m_default = std::make_shared<RemoteContext>(device, 0, m_copies);
  return m_default;
}

std::shared_ptr<RemoteContext> ContextRegistry::get_or_create(const std::string& device, int64_t id) {
  std::lock_guard<std::mutex> lock(m_mutex);
  for (auto it = m_contexts.begin(); it != m_contexts.end();) {  // forget contexts nobody holds
    it = it->second.expired() ? m_contexts.erase(it) : std::next(it);
  }
  if (id < 0) id = m_next_id;
  m_next_id = std::max(m_next_id, id + 1);
  std::shared_ptr<RemoteContext> context = m_contexts[id].lock();
  if (!context) {
    context = std::make_shared<RemoteContext>(device, id, m_copies);
    m_contexts[id] = context;
  }
  return context;
}

}  // namespace ferry::template_plugin
