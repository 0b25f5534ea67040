#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "config.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/so_ptr.hpp"

namespace ferry::auto_device {

// AUTO's compiled model: the model compiled on the devices it chose, each a "slot" in priority
// order, and which slot inferences go to now.
//
// - One device (LATENCY, THROUGHPUT): inferences go to the first candidate that compiles. With
//   startup fallback, while that device compiles on a background thread, CPU (compiled first, in
//   compile_model) runs them; the switch happens between two inferences of a request, never
//   during one.
// - CUMULATIVE_THROUGHPUT: every candidate compiles (in parallel) and inferences spread over
//   them by SCHEDULE_POLICY.
// Runtime fallback: an inference that fails on its slot runs once on each other slot in priority
// order that is ready (a slot never compiled is compiled then), until one succeeds.
//
// Thread safety: a slot's compiled model is written once, before its state becomes kReady
// (release); readers check the state first (acquire). The log has its own mutex.
class AutoCompiledModel final : public ICompiledModel {
 public:
  using Compile = std::function<SoPtr<ICompiledModel>(const std::string& device)>;

  // Compiles as above; throws naming every device and its error when none compiles.
  AutoCompiledModel(const std::shared_ptr<const Model>& model, const std::shared_ptr<const IPlugin>& plugin,
                    std::string name, const Config& config, const std::vector<std::string>& devices, Compile compile,
                    std::string log);
  // Waits for the background compile, if one runs.
  ~AutoCompiledModel() override;

  std::shared_ptr<IAsyncInferRequest> create_infer_request() const override;
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override;
  // The blob of the device inferences settle on (waiting for its compile): import it on that
  // device (EXECUTION_DEVICES names it).
  void export_model(std::ostream& blob) const override;
  std::shared_ptr<const Model> get_runtime_model() const override;
  void set_property(const AnyMap& properties) override;
  Any get_property(const std::string& name) const override;

  // --- for AutoSyncInferRequest
  const Config& config() const { return m_config; }
  const std::string& name() const { return m_name; }
  size_t slot_count() const { return m_slots.size(); }
  const std::string& device_of(size_t slot) const { return m_slots[slot]->device; }
  // The slot a request made now is bound to first (its initial tensors are that device's).
  size_t slot_for_new_request() const;
  // The slot an inference started now goes to.
  size_t slot_for_inference() const;
  // The slot's compiled model once it is ready; null while it compiles, or when it failed.
  SoPtr<ICompiledModel> ready(size_t slot) const;
  // For runtime fallback: ready(slot), compiling the slot now when it was never tried.
  SoPtr<ICompiledModel> ready_or_compile(size_t slot) const;
  // Inferences running on each slot now (DEVICE_PRIORITY fills a device to its optimal number).
  std::atomic<uint32_t>& in_flight(size_t slot) const { return m_slots[slot]->in_flight; }
  // An inference failed on `slot` and moves on (runtime fallback): counted and logged.
  void note_runtime_fallback(size_t slot, const std::string& error) const;
  // An inference ended: the first one, on CPU standing in, lets the background compile start
  // (see compile_in_background).
  void note_result() const;

 private:
  enum class State { kNotTried, kCompiling, kReady, kFailed };
  struct Slot {
    std::string device;
    std::atomic<State> state{State::kNotTried};
    SoPtr<ICompiledModel> compiled;  // written once, before state becomes kReady
    uint32_t optimal_requests = 1;   // the device's OPTIMAL_NUMBER_OF_INFER_REQUESTS
    mutable std::atomic<uint32_t> in_flight{0};
    std::mutex compiling;  // one compile per slot
  };

  bool cumulative() const { return m_config.performance_mode == hint::PerformanceMode::CUMULATIVE_THROUGHPUT; }
  // Compiles `slot` on this thread; true when it is ready. A failure is logged.
  bool compile_slot(size_t slot) const;
  // Startup fallback's background work: the slots before `helper` in order, until one compiles.
  // It starts once the first inference on `helper` has ended, or after kHeadStart: the selected
  // device's compile is host work too (a GPU compiler), which on the same cores would slow the
  // very result startup fallback is for (ResNet-50 on 2 cores with PoCL: first result 1.2x to
  // 1.6x CPU's without the head start).
  void compile_in_background(size_t helper);
  static constexpr std::chrono::milliseconds kHeadStart{1000};
  // Appends a line to the selection log and prints it when LOG_LEVEL reaches `level`.
  void note(log::Level level, const std::string& line) const;

  std::string m_name;  // "AUTO", "AUTO:GPU,CPU"
  Config m_config;
  Compile m_compile;
  std::vector<std::unique_ptr<Slot>> m_slots;  // the candidates that can run the model, in priority order
  std::atomic<size_t> m_active{0};             // where inferences go now (not CUMULATIVE_THROUGHPUT)
  std::vector<size_t> m_spread;                // CUMULATIVE_THROUGHPUT: the slots that compiled, fixed
  mutable std::atomic<size_t> m_next_inference{0};
  mutable std::atomic<size_t> m_next_request{0};
  mutable std::vector<std::atomic<uint32_t>> m_requests_on;  // requests bound to each slot (DEVICE_BIND_BUFFER)
  mutable std::atomic<uint64_t> m_runtime_fallbacks{0};

  mutable std::mutex m_log_mutex;
  mutable std::string m_log;
  mutable std::string m_last_fallback;

  mutable std::mutex m_settle_mutex;
  mutable std::condition_variable m_settled_signal;
  bool m_settled = true;                           // no background compile runs
  mutable std::atomic<bool> m_first_result{true};  // no head start to give (false: waiting for it)
  bool m_stopping = false;                         // the destructor runs: no head start to wait for
  mutable std::condition_variable m_first_result_signal;
  std::thread m_background;
};

}  // namespace ferry::auto_device
