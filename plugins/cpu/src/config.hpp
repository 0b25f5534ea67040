#pragma once

// The CPU device's settings: the ones every device shares (sdk::BaseConfig) and OpenVINO CPU's
// threading keys, each checked against the host (host_cpu.hpp). What Plugin::set_property
// changes, what compile_model's properties override for one model, and what an exported blob
// records. Read-only properties are facts the Plugin and CompiledModel compute.

#include <cstdint>
#include <vector>

#include "ferry/plugin/support/base_config.hpp"
#include "ferry/plugin/support/property_table.hpp"
#include "host_cpu.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"

namespace ferry::cpu_plugin {

struct Config : sdk::BaseConfig {
  int32_t inference_num_threads = 0;  // 0: every usable core
  bool enable_hyper_threading = host_cpu().has_hyper_threading();
  hint::SchedulingCoreType scheduling_core_type = hint::SchedulingCoreType::ANY_CORE;
  bool enable_cpu_pinning = true;  // OpenVINO CPU's default on Linux
  int32_t runtime_cache_capacity = 16;

  // The threads inferences may use in all: INFERENCE_NUM_THREADS, else one per hardware thread
  // (ENABLE_HYPER_THREADING) or one per core.
  int usable_threads() const;
  // Streams: NUM_STREAMS, or for AUTO 1 under LATENCY and one per usable thread under
  // THROUGHPUT (capped by PERFORMANCE_HINT_NUM_REQUESTS).
  int resolve_streams() const;
  // The threads of one stream's inference: the usable threads shared by the streams.
  int threads_per_stream() const;
  // ENABLE_CPU_PINNING: each stream's CPUs, threads_per_stream() of them, no CPU in two streams
  // while the host has enough (HostCpu::cpus_by_core in order); none when pinning is off or
  // there is one stream (pinned, its threads could not leave a core another process holds).
  std::vector<std::vector<int>> stream_cpus() const;
  // INFERENCE_PRECISION_HINT as the engine's products: bf16 or f32.
  cpu::engine::MatrixPrecision matrix_precision() const;
};

// Declares the shared settings under the CPU's limits and the CPU's own (config.cpp lists the
// rules): INFERENCE_PRECISION_HINT f32, and bf16 where the processor has bf16 instructions, NUM_STREAMS up to the
// hardware threads, INFERENCE_NUM_THREADS up to them, ENABLE_HYPER_THREADING only where the
// cores have several threads, SCHEDULING_CORE_TYPE ECORE_ONLY only on hybrid processors,
// CPU_RUNTIME_CACHE_CAPACITY at least 1.
void add_settings(sdk::PropertyTable<Config>& table);

}  // namespace ferry::cpu_plugin
