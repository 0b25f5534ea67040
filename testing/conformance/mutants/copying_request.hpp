#pragma once

// The async request of the copying mutants (remote_tensor_copied, host_copy_behind_device_counter):
// remote tensors set on it are not used in place. Each inference copies remote inputs into host
// buffers and the host results back into remote outputs, through the remote tensors' own
// copy_to/copy_from, which the device counts (TEMPLATE_COPIED_BYTES). Results stay right.

#include <map>
#include <memory>
#include <utility>

#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/isync_infer_request.hpp"
#include "ferry/runtime/remote_tensor.hpp"

namespace ferry::conformance::mutants {

class CopyingRequest final : public IAsyncInferRequest {
 public:
  CopyingRequest(const std::shared_ptr<ISyncInferRequest>& sync,
                 const std::shared_ptr<threading::ITaskExecutor>& task_executor,
                 const std::shared_ptr<threading::ITaskExecutor>& callback_executor)
      : IAsyncInferRequest(sync, task_executor, callback_executor) {
    auto infer = m_pipeline.front().second;
    m_pipeline.front().second = [this, infer] {
      for (auto& [port, bound] : m_remote)
        if (bound.input) bound.remote.copy_to(bound.host);
      infer();
      for (auto& [port, bound] : m_remote)
        if (!bound.input) bound.remote.as<RemoteTensor>().copy_from(bound.host);
    };
  }
  ~CopyingRequest() override { stop_and_wait(); }

  void set_tensor(const Output<const Node>& port, const Tensor& tensor) override {
    const auto found = sync_request()->find_port(port);
    const auto key = std::make_pair(found.is_input(), found.index);
    if (!tensor || !tensor.is<RemoteTensor>()) {
      IAsyncInferRequest::set_tensor(port, tensor);
      m_remote.erase(key);
      return;
    }
    IAsyncInferRequest::set_tensor(port, tensor);  // validates, and takes the request's Busy check
    Bound bound{found.is_input(), tensor, Tensor(tensor.get_element_type(), tensor.get_shape())};
    IAsyncInferRequest::set_tensor(port, bound.host);
    m_remote[key] = bound;
  }

  Tensor get_tensor(const Output<const Node>& port) const override {
    const auto found = sync_request()->find_port(port);
    const auto it = m_remote.find(std::make_pair(found.is_input(), found.index));
    const Tensor bound = IAsyncInferRequest::get_tensor(port);  // the request's Busy check
    return it == m_remote.end() ? bound : it->second.remote;
  }

 private:
  struct Bound {
    bool input = true;
    Tensor remote, host;
  };
  std::map<std::pair<bool, size_t>, Bound> m_remote;  // (is input, index) -> tensors
};

}  // namespace ferry::conformance::mutants
