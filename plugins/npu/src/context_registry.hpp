#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "ferry/value/any.hpp"
#include "remote_context.hpp"

namespace ferry::npu::plugin {

// The plugin's contexts: one default context per NPU (created on first use, kept while the
// plugin lives), contexts created on request, and the application's Level Zero contexts it was
// given: one object per handle while any user holds it, so that a context's get_params() passed
// to Core::create_context gives back the same context.
class ContextRegistry {
 public:
  ContextRegistry(std::shared_ptr<CopyCounter> copies, std::shared_ptr<std::atomic<uint64_t>> allocated)
      : m_copies(std::move(copies)), m_allocated(std::move(allocated)) {}

  // params: L0_CONTEXT (the application's context, or one of the plugin's; absent: a new Level
  // Zero context), DEVICE_ID, and MEM_TYPE / TENSOR_TYPE as defaults for the context's tensors.
  // Throws naming an unknown key or a bad value.
  std::shared_ptr<RemoteContext> create(const std::string& device_name, const std::string& default_id,
                                        const AnyMap& params);
  std::shared_ptr<RemoteContext> get_default(const std::string& device_name, const std::string& device_id);

 private:
  std::shared_ptr<CopyCounter> m_copies;
  std::shared_ptr<std::atomic<uint64_t>> m_allocated;
  std::mutex m_mutex;
  std::map<std::string, std::shared_ptr<RemoteContext>> m_defaults;               // by DEVICE_ID
  std::map<std::pair<std::string, void*>, std::weak_ptr<RemoteContext>> m_known;  // by id and handle
};

}  // namespace ferry::npu::plugin
