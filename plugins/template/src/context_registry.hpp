#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "ferry/value/any.hpp"
#include "remote_context.hpp"

namespace ferry::template_plugin {

// The plugin's remote contexts, by id. One object per live id, so that passing a context's
// get_params() to Core::create_context gives back that same context (and its tensors stay
// usable with models compiled for it). The default context (id 0) lives as long as the plugin.
class ContextRegistry {
 public:
  explicit ContextRegistry(std::shared_ptr<CopyCounter> copies) : m_copies(std::move(copies)) {}

  // params: CONTEXT_TYPE (TEMPLATE_HOST) and CONTEXT_ID, both optional; no CONTEXT_ID means a
  // new context with an unused id. Throws naming an unknown key or a bad value.
  std::shared_ptr<RemoteContext> create(const std::string& device, const AnyMap& params);
  std::shared_ptr<RemoteContext> get_default(const std::string& device);

 private:
  std::shared_ptr<RemoteContext> get_or_create(const std::string& device, int64_t id);

  std::shared_ptr<CopyCounter> m_copies;
  std::mutex m_mutex;
  std::map<int64_t, std::weak_ptr<RemoteContext>> m_contexts;
  std::shared_ptr<RemoteContext> m_default;
  int64_t m_next_id = 1;
};

}  // namespace ferry::template_plugin
