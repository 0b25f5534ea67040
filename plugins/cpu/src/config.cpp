#include "config.hpp"

#include <algorithm>

#include "ferry/base/exception.hpp"
#include "ferry/cpu/properties.hpp"

namespace ferry::cpu_plugin {

int Config::usable_threads() const {
  if (inference_num_threads > 0) return inference_num_threads;
  const HostCpu& host = host_cpu();
  return enable_hyper_threading ? host.logical_cores : host.physical_cores;
}

int Config::resolve_streams() const { return sdk::BaseConfig::resolve_streams(usable_threads()); }

int Config::threads_per_stream() const { return std::max(1, usable_threads() / resolve_streams()); }

cpu::engine::MatrixPrecision Config::matrix_precision() const {
  return inference_precision == element::bf16 ? cpu::engine::MatrixPrecision::bf16 : cpu::engine::MatrixPrecision::f32;
}

std::vector<std::vector<int>> Config::stream_cpus() const {
  const int streams = resolve_streams();
  if (!enable_cpu_pinning || streams == 1) return {};
  const std::vector<int>& cpus = host_cpu().cpus_by_core;
  const int threads = threads_per_stream();
  std::vector<std::vector<int>> sets(streams);
  // More streams than CPUs (NUM_STREAMS up to the hardware threads, fewer usable ones) share
  // CPUs round the list rather than leave a stream unpinned.
  for (int stream = 0; stream < streams; ++stream)
    for (int thread = 0; thread < threads; ++thread)
      sets[stream].push_back(cpus[(stream * threads + thread) % cpus.size()]);
  return sets;
}

void add_settings(sdk::PropertyTable<Config>& table) {
  const HostCpu& host = host_cpu();
  sdk::BaseRules rules;
  rules.max_streams = host.logical_cores;
  // bf16: the products (convolutions, MatMuls) on the processor's bf16 instructions; without
  // them oneDNN would emulate bf16 more slowly than f32 computes, so it is refused by name.
  rules.precisions = {element::f32};
  if (host.bf16) {
    rules.precisions.push_back(element::bf16);
  } else {
    rules.precisions_note = "bf16 needs a processor with AVX512_BF16 or AMX-BF16, and this one has neither";
  }
  sdk::add_base_settings(table, rules)
      .setting(inference_num_threads, &Config::inference_num_threads,
               [host](int32_t threads) {
                 FERRY_ASSERT(threads >= 0 && threads <= host.logical_cores, "INFERENCE_NUM_THREADS ", threads,
                              " is out of range: 0 (every core) to ", host.logical_cores,
                              " (the hardware threads of this host)");
               })
      .setting(hint::enable_hyper_threading, &Config::enable_hyper_threading,
               [host](bool enable) {
                 FERRY_ASSERT(!enable || host.has_hyper_threading(),
                              "ENABLE_HYPER_THREADING true: this host's cores have one hardware thread each (",
                              host.physical_cores, " cores, ", host.logical_cores, " threads)");
               })
      .setting(hint::scheduling_core_type, &Config::scheduling_core_type,
               [host](hint::SchedulingCoreType type) {
                 FERRY_ASSERT(type != hint::SchedulingCoreType::ECORE_ONLY || host.hybrid,
                              "SCHEDULING_CORE_TYPE ECORE_ONLY: this host's processor has no efficient cores");
               })
      .setting(hint::enable_cpu_pinning, &Config::enable_cpu_pinning)
      .setting(cpu::runtime_cache_capacity, &Config::runtime_cache_capacity, [](int32_t capacity) {
        FERRY_ASSERT(capacity >= 1, "CPU_RUNTIME_CACHE_CAPACITY ", capacity, " is out of range: at least 1");
      });
}

}  // namespace ferry::cpu_plugin
