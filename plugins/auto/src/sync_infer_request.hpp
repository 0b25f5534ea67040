#pragma once

#include <atomic>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiled_model.hpp"
#include "device_completion.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/isync_infer_request.hpp"

namespace ferry::auto_device {

// An AUTO request: the application's tensors, and a request of each device it has run on (made
// on first use), bound to those tensors. Each inference goes to the slot the compiled model
// names, and with runtime fallback on to the next ready slots when it fails there.
//
// Tensors: the initial ones are the first device's own (filling get_tensor()'s input copies
// nothing, and that device reads it in place); another device is given the same tensors with
// set_tensor, once, and again only when the application replaces one. A dynamic output is the
// device's own, taken after each inference.
class AutoSyncInferRequest final : public ISyncInferRequest {
 public:
  explicit AutoSyncInferRequest(const std::shared_ptr<const AutoCompiledModel>& compiled_model);

  void infer() override;
  // The asynchronous request's two stages (AutoAsyncInferRequest): binds the tensors and starts the
  // inference on the device the compiled model names, whose end calls `completion.complete` (on
  // the device's thread); then, with the device's error or none, takes dynamic outputs back, or
  // runs the inference on the next devices (runtime fallback). Nothing is allocated per inference.
  void start_on_device(DeviceCompletion& completion);
  void finish_on_device(std::exception_ptr error);
  // Also marks an output the application set: devices write into it from then on.
  void set_tensor(const Output<const Node>& port, const Tensor& tensor) override;
  // The records of the device that ran the latest inference, their exec type prefixed with it
  // ("CPU:onednn").
  std::vector<ProfilingInfo> get_profiling_info() const override;
  // Cancels the device request that runs now, if any.
  void cancel_running();

 private:
  struct Worker {
    SoPtr<ICompiledModel> compiled;
    SoPtr<IAsyncInferRequest> request;
    std::vector<Tensor> inputs;   // what each input port is bound to
    std::vector<Tensor> outputs;  // what each output port is bound to
  };
  // The request on `slot`'s device, made on first use.
  Worker& worker_on(size_t slot, const SoPtr<ICompiledModel>& compiled);
  // Binds the tensors that changed to `worker`'s request.
  void bind(Worker& worker);
  // Dynamic outputs are the device's own: taken after each inference.
  void take_outputs(Worker& worker);
  // Runs on `slot` (compiling it first when `compile` and it never was): true when it succeeded;
  // false when the slot is not ready or failed (the failure added to `failures`, runtime fallback
  // on; off, the device's error is thrown).
  bool try_on(size_t slot, bool compile, std::string& failures);
  // Runtime fallback: every slot but `failed`, in priority order, until one succeeds; else an
  // error naming each device tried.
  void run_fallbacks(size_t failed, std::string failures);

  const AutoCompiledModel& m_compiled;
  std::vector<std::unique_ptr<Worker>> m_workers;  // per slot; null until used
  std::optional<size_t> m_bound_slot;              // DEVICE_BIND_BUFFER with CUMULATIVE_THROUGHPUT
  std::optional<size_t> m_last_slot;               // where the latest inference ran
  size_t m_started_slot = 0;                       // where start_on_device started it
  // Set by start_on_device, cleared by the device request's callback, which then reports the end
  // to m_completion; infer() runs devices with it clear.
  bool m_awaiting_device = false;
  DeviceCompletion* m_completion = nullptr;
  std::vector<bool> m_output_set;  // per output: a tensor the application set
  std::atomic<IAsyncInferRequest*> m_running{nullptr};
};

}  // namespace ferry::auto_device
