#include "remote_context.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/template/properties.hpp"

namespace ferry::template_plugin {

RemoteContext::RemoteContext(std::string device_name, int64_t id, std::shared_ptr<CopyCounter> copies)
    : m_device_name(std::move(device_name)),
      m_id(id),
      m_params{{context_params::CONTEXT_TYPE, std::string(context_params::HOST)},
               {context_params::context_id.name(), id}},
      m_copies(std::move(copies)) {}

std::string RemoteContext::describe() const { return m_device_name + " context " + std::to_string(m_id); }

std::shared_ptr<IRemoteTensor> RemoteContext::create_tensor(const element::Type& type, const Shape& shape,
                                                            const AnyMap& params) {
  for (const auto& [key, value] : params) {
    if (key == tensor_params::SHARED_MEM_TYPE) {
      const std::string kind = value.as<std::string>();
      FERRY_ASSERT(kind == tensor_params::HOST_BUFFER, describe(), ": create_tensor: SHARED_MEM_TYPE '", kind,
                   "' is not supported (supported: ", tensor_params::HOST_BUFFER, ")");
    } else if (key == context_params::context_id.name()) {
      const int64_t id = value.as<int64_t>();
      FERRY_ASSERT(id == m_id, describe(), ": create_tensor: CONTEXT_ID ", id, " names another context");
    } else {
      Exception::raise(describe(), ": create_tensor: unknown parameter '", key,
                       "' (known: ", tensor_params::SHARED_MEM_TYPE, ", ", context_params::context_id.name(), ")");
    }
  }
  FERRY_ASSERT(type.is_static(), describe(), ": create_tensor: element type ", type, " is not a static type");
  return std::make_shared<RemoteTensor>(type, shape, m_device_name, m_id, m_copies);
}

}  // namespace ferry::template_plugin
