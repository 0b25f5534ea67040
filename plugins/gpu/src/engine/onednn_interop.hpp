#pragma once

// oneDNN (2.6, Debian's libdnnl, built with its OpenCL GPU runtime) on the plugin's own OpenCL
// context, queue and cl_mems: dnnl::ocl_interop::make_engine / make_stream / make_memory, so no
// data moves between Ferry's kernels and oneDNN's. oneDNN accepts Intel GPUs only: elsewhere
// (PoCL, NVIDIA...) make_engine fails, and the plugin runs its own kernels.
//
// - OneDnnDetector: whether oneDNN accepts a device, asked once per device (cached,
//   thread-safe), with the reason when it refuses (GPU_ONEDNN_ENGINE / GPU_ONEDNN_REFUSAL).
// - OneDnnEngine: an engine on one context; makes the DeviceRoutine of a Convolution or MatMul it
//   can run (f32, static shapes), or null for Ferry's kernels. Used by CompiledGraph at
//   compile_model time only. dnnl.hpp stays inside onednn_interop.cpp.

#include <CL/cl.h>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "device_routine.hpp"
#include "ferry/graph/node.hpp"

namespace ferry::gpu {

class DeviceContext;

// The values of GPU_ONEDNN_ENGINE.
inline constexpr char kOneDnnEngineName[] = "onednn";
inline constexpr char kFerryKernelsName[] = "ferry_kernels";

struct OneDnnVerdict {
  bool accepted = false;
  std::string reason;  // why oneDNN refused the device ("" when accepted)
  const char* engine_name() const { return accepted ? kOneDnnEngineName : kFerryKernelsName; }
};

// Asks oneDNN for an engine on (device, context): "" when it makes one, else why not.
std::string probe_onednn(cl_device_id device, cl_context context);

class OneDnnDetector {
 public:
  using Probe = std::function<std::string(cl_device_id, cl_context)>;
  explicit OneDnnDetector(Probe probe = probe_onednn) : m_probe(std::move(probe)) {}

  // The verdict for `context`'s device, probed on that context the first time the device is
  // asked about and remembered: concurrent first calls probe once, the others wait for it.
  OneDnnVerdict verdict(const DeviceContext& context);
  // How many times the probe ran (once per device).
  size_t probes() const;

  // The plugin's detector (process-wide, like the OpenCL devices it judges).
  static OneDnnDetector& instance();

 private:
  Probe m_probe;
  mutable std::mutex m_mutex;
  std::map<cl_device_id, OneDnnVerdict> m_verdicts;
  size_t m_probes = 0;
};

class OneDnnEngine {
 public:
  // An engine on `context`'s device and cl_context; throws when oneDNN refuses them.
  explicit OneDnnEngine(const DeviceContext& context);
  ~OneDnnEngine();
  OneDnnEngine(const OneDnnEngine&) = delete;
  OneDnnEngine& operator=(const OneDnnEngine&) = delete;

  // True when `node` is a Convolution (2-D, one group) or MatMul (ranks 2 to 5, both inputs of
  // one rank) on f32 values with static shapes: the ops routine() tries.
  static bool candidate(const Node& node);
  // The oneDNN primitive running `node` on this engine, or null when `node` is no candidate or
  // oneDNN has no implementation for it (Ferry's kernels run it then).
  std::shared_ptr<const DeviceRoutine> routine(const Node& node) const;

 private:
  struct State;
  std::unique_ptr<State> m_state;
};

}  // namespace ferry::gpu
