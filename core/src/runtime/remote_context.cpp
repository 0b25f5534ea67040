#include "ferry/runtime/remote_context.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iremote_context.hpp"
#include "ferry/plugin/iremote_tensor.hpp"
#include "remote_params.hpp"

namespace ferry {

RemoteContext::RemoteContext(std::shared_ptr<IRemoteContext> impl, std::vector<std::shared_ptr<void>> so)
    : m_so(std::move(so)), m_impl(std::move(impl)) {
  FERRY_ASSERT(m_impl, "RemoteContext: null implementation");
}

#define FERRY_CHECK_CONTEXT() FERRY_ASSERT(m_impl, "RemoteContext is empty (default-constructed)")

std::string RemoteContext::get_device_name() const {
  FERRY_CHECK_CONTEXT();
  return m_impl->get_device_name();
}

AnyMap RemoteContext::get_params() const {
  FERRY_CHECK_CONTEXT();
  return m_impl->get_property();
}

RemoteTensor RemoteContext::create_tensor(const element::Type& type, const Shape& shape, const AnyMap& params) {
  FERRY_CHECK_CONTEXT();
  auto tensor = m_impl->create_tensor(type, shape, params);
  FERRY_ASSERT(tensor, "device '", m_impl->get_device_name(), "' returned no remote tensor");
  return RemoteTensor(tensor, m_so.empty() ? std::shared_ptr<void>() : m_so.front());
}

Tensor RemoteContext::create_host_tensor(const element::Type& type, const Shape& shape) {
  FERRY_CHECK_CONTEXT();
  auto tensor = m_impl->create_host_tensor(type, shape);
  FERRY_ASSERT(tensor, "device '", m_impl->get_device_name(), "' returned no host tensor");
  return Tensor(tensor, m_so.empty() ? std::shared_ptr<void>() : m_so.front());
}

void RemoteContext::type_check(const RemoteContext& context,
                               const std::map<std::string, std::vector<std::string>>& type_info) {
  FERRY_ASSERT(context.m_impl, "not a remote context: the context is empty");
  check_remote_params(context.m_impl->get_property(), type_info, "remote context");
}

void RemoteContext::raise_bad_as(const std::string& type, const std::string& reason) const {
  Exception::raise("RemoteContext of device '", m_impl ? m_impl->get_device_name() : std::string("none"),
                   "' cannot be used as ", type, ": ", reason);
}

}  // namespace ferry
