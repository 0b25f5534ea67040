#pragma once

#include <level_zero/ze_api.h>

#include <memory>
#include <vector>

#include "command_list.hpp"
#include "event_pool.hpp"
#include "ferry/plugin/isync_infer_request.hpp"
#include "zero_memory.hpp"

namespace ferry::npu::plugin {

class CompiledModel;

// Runs one inference on the NPU: binds the graph's arguments to the tensors' memory, submits the
// request's command list to its stream's queue and waits on the request's fence.
//
// Where each argument lives:
// - Level Zero memory of the model's context (remote tensors, create_host_tensor's tensors, and
//   the request's own initial tensors): bound in place, nothing copied;
// - any other host tensor: a staging buffer of the request in Level Zero host memory, filled by a
//   copy the command list makes before the graph runs (inputs) or emptied after it (outputs):
//   exactly one counted copy each way; a strided tensor (an ROI view) is copied on the host.
// In the list, events order the copies and the graph (see event_pool.hpp); the fence is the
// one point where the host waits.
// The command list is recorded once and executed again while the bound addresses stay the same;
// a different tensor re-records it. Nothing is allocated per inference beyond a staging buffer
// the first time a port needs one.
class SyncInferRequest final : public ISyncInferRequest {
 public:
  explicit SyncInferRequest(const std::shared_ptr<const CompiledModel>& compiled_model);
  ~SyncInferRequest() override;

  void infer() override;

 protected:
  // Also refuses remote tensors of another device or another NPU context.
  void check_tensor(const Output<const Node>& port, const Tensor& tensor) const override;

 private:
  // How argument `index` (inputs, then outputs) reaches the graph this inference.
  struct Binding {
    void* device = nullptr;  // what the graph reads or writes
    void* host = nullptr;    // a host tensor copied through staging by the command list, else null
    bool host_copy = false;  // a strided host tensor, copied through staging on the host
    bool operator==(const Binding& other) const {
      return device == other.device && host == other.host && host_copy == other.host_copy;
    }
  };

  const CompiledModel& compiled_model() const;
  const Tensor& argument_tensor(size_t index) const;
  Binding bind(size_t index);
  // Whether `data` (of `tensor`) is Level Zero memory of the model's context. Remembered per
  // argument while the tensor and its address stay the same, so the steady state costs no driver
  // query; a new tensor is asked about again, even at a reused address.
  bool is_context_memory(size_t index, const std::shared_ptr<ITensor>& tensor, void* data);
  void* staging(size_t index);
  void record(const std::vector<Binding>& bindings);
  void run_on_device();

  CommandList m_list;
  EventPool m_events;                                // per input copy, then the graph's
  std::vector<ze_event_handle_t> m_recorded_events;  // those the recorded list signals
  std::vector<ze_fence_handle_t> m_fences;           // per queue of the compiled model, made on first use
  size_t m_request_index;
  std::vector<Binding> m_recorded;                  // the bindings m_list was recorded with
  std::vector<std::shared_ptr<ITensor>> m_staging;  // per argument, made on first use
  std::vector<Binding> m_bindings;                  // this inference's, reused
  struct AddressKind {
    std::weak_ptr<ITensor> tensor;
    void* address = nullptr;
    bool context_memory = false;
  };
  std::vector<AddressKind> m_address_kinds;  // per argument: the last host address queried
  std::shared_ptr<ZeroMemory> m_empty;       // what arguments without elements are bound to
};

}  // namespace ferry::npu::plugin
