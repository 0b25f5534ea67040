// Mutant: remote tensors set on a request are not used in place: each inference copies remote
// inputs into host buffers and the host results back into remote outputs. Results are right,
// but the device's copy counter (TEMPLATE_COPIED_BYTES) grows. Caught by
// Remote.InferenceOnRemoteTensorsCopiesNothing.

#include <map>

#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/runtime/remote_tensor.hpp"
#include "mutant_plugin.hpp"

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

class RemoteTensorCopied final : public MutantPlugin {
 protected:
  RequestFactory request_factory(bool) const override { return factory_of<CopyingRequest>(); }
};

}  // namespace ferry::conformance::mutants

FERRY_DEFINE_PLUGIN(ferry::conformance::mutants::RemoteTensorCopied)
