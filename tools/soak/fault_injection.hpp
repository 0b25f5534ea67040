#pragma once

// The faults --inject plants, each where a real one would show: memory kept per inference,
// a descriptor kept per request, an output value changed after an inference.

#include <cstdint>
#include <mutex>
#include <vector>

#include "ferry/runtime/infer_request.hpp"
#include "soak_options.hpp"

namespace ferry::tools {

class FaultInjection {
 public:
  explicit FaultInjection(Injection injection) : m_injection(injection) {}
  ~FaultInjection();

  // After inference number `index` (counted over the whole soak), before its outputs are checked.
  void after_inference(InferRequest& request, uint64_t index);
  // When a request is destroyed.
  void after_request();

  // WRONG_OUTPUT changes one inference in this many.
  static constexpr uint64_t kWrongOutputEvery = 1000;
  // LEAK keeps this much per inference (touched, so it is resident).
  static constexpr size_t kLeakBytes = 16 * 1024;

 private:
  Injection m_injection;
  std::mutex m_mutex;
  std::vector<char*> m_leaked;  // freed at exit only, so the soak sees it as a leak
  std::vector<int> m_fds;
};

}  // namespace ferry::tools
