#pragma once

#include <memory>
#include <string>

#include "ferry/base/element_type.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/runtime/remote_tensor.hpp"
#include "ferry/value/any.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {

class IRemoteContext;

// A device context shared between Ferry and the application (Core::get_default_context,
// Core::create_context). Device-specific classes (ferry::gpu::ocl::ClContext, ...) derive from it.
class RemoteContext {
 public:
  RemoteContext() = default;
  RemoteContext(std::shared_ptr<IRemoteContext> impl, std::vector<std::shared_ptr<void>> so);

  std::string get_device_name() const;
  // Parameters that recreate an equal context through Core::create_context.
  AnyMap get_params() const;
  RemoteTensor create_tensor(const element::Type& type, const Shape& shape, const AnyMap& params = {});
  Tensor create_host_tensor(const element::Type& type, const Shape& shape);

  template <typename T>
  bool is() const noexcept {
    static_assert(std::is_base_of<RemoteContext, T>::value, "T must derive from ferry::RemoteContext");
    try {
      T::type_check(*this);
      return true;
    } catch (...) {
      return false;
    }
  }
  // Throws ferry::Exception naming T's requirement when this context is not a T.
  template <typename T>
  const T as() const {
    static_assert(std::is_base_of<RemoteContext, T>::value, "T must derive from ferry::RemoteContext");
    try {
      T::type_check(*this);
    } catch (const std::exception& e) {
      raise_bad_as(util::type_name<T>(), e.what());
    }
    return *static_cast<const T*>(this);
  }

  // Checks that `context` is a remote context with the given parameter values.
  static void type_check(const RemoteContext& context,
                         const std::map<std::string, std::vector<std::string>>& type_info = {});

  // Throws "RemoteContext of device 'X' cannot be used as <type>: <reason>".
  [[noreturn]] void raise_bad_as(const std::string& type, const std::string& reason) const;

  explicit operator bool() const noexcept { return static_cast<bool>(m_impl); }
  const std::shared_ptr<IRemoteContext>& get_impl() const { return m_impl; }

 protected:
  std::vector<std::shared_ptr<void>> m_so;  // destroyed after m_impl: keeps the plugin loaded
  std::shared_ptr<IRemoteContext> m_impl;
};

}  // namespace ferry
