#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ferry/plugin/iremote_context.hpp"
#include "remote_tensor.hpp"

namespace ferry::template_plugin {

// A TEMPLATE device context: a scope of device memory, named by an integer id (the default
// context is 0). Its tensors are RemoteTensors; a model compiled for this context accepts only
// tensors of a context with the same device name and id.
class RemoteContext final : public IRemoteContext {
 public:
  RemoteContext(std::string device_name, int64_t id, std::shared_ptr<CopyCounter> copies);

  const std::string& get_device_name() const override { return m_device_name; }
  // {CONTEXT_TYPE: TEMPLATE_HOST, CONTEXT_ID: <id>}: Core::create_context with these returns
  // this context again.
  const AnyMap& get_property() const override { return m_params; }
  // params: empty, or SHARED_MEM_TYPE = TEMPLATE_HOST_BUFFER (and CONTEXT_ID = this id, so a
  // tensor's get_params can be passed back). Anything else throws naming the key or value.
  std::shared_ptr<IRemoteTensor> create_tensor(const element::Type& type, const Shape& shape,
                                               const AnyMap& params = {}) override;

  int64_t get_id() const { return m_id; }
  // "TEMPLATE context 3": how errors name a context.
  std::string describe() const;

 private:
  std::string m_device_name;
  int64_t m_id;
  AnyMap m_params;
  std::shared_ptr<CopyCounter> m_copies;
};

}  // namespace ferry::template_plugin
