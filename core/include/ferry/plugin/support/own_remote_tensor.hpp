#pragma once

// A request's check_tensor given a tensor for one of its ports: the tensor as the plugin's own
// remote tensor class, null for a host tensor, or an error naming the port and the device whose
// remote tensor it is. The plugin then checks that the tensor is of the model's context with
// check_same_context, its own test of "same".

#include <memory>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iremote_tensor.hpp"
#include "ferry/plugin/support/port_name.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::sdk {

// `context` is the model's context (a plugin RemoteContext with describe()).
template <typename RemoteTensorClass, typename Context>
std::shared_ptr<RemoteTensorClass> own_remote_tensor(const Output<const Node>& port, const Tensor& tensor,
                                                     const Context& context) {
  const auto remote = std::dynamic_pointer_cast<IRemoteTensor>(tensor.get_impl());
  if (!remote) return nullptr;
  auto own = std::dynamic_pointer_cast<RemoteTensorClass>(remote);
  FERRY_ASSERT(own, "tensor for port '", port_name(port), "' is a remote tensor of device '", remote->get_device_name(),
               "'; a model compiled for ", context.describe(), " takes host tensors or remote tensors of that context");
  return own;
}

// Refuses a remote tensor of another context than the model's: `tensor_context` and
// `model_context` describe both.
inline void check_same_context(const Output<const Node>& port, bool same, const std::string& tensor_context,
                               const std::string& model_context) {
  FERRY_ASSERT(same, "tensor for port '", port_name(port), "' is a remote tensor of ", tensor_context,
               ", but the model was compiled for ", model_context,
               " (copy it with copy_to, or compile the model for that context)");
}

}  // namespace ferry::sdk
