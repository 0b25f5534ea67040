#pragma once

// Which device, model, run mode, input binding and length the soak's n-th request gets. Targets
// take turns by weight (a slow device gets fewer requests), and every target meets every run
// mode and binding in turn.

#include <cstdint>
#include <vector>

#include "soak_session.hpp"

namespace ferry::tools {

struct ScheduledSession {
  size_t target = 0;  // index into the weights given to SoakSchedule
  RunMode mode = RunMode::SYNC;
  InputBinding binding = InputBinding::SET_TENSOR;
  uint32_t inferences = 1;  // 1..kMaxInferencesPerRequest
};

class SoakSchedule {
 public:
  static constexpr uint32_t kMaxInferencesPerRequest = 16;

  // weights[i] > 0: target i gets weights[i] requests of every sum(weights).
  explicit SoakSchedule(const std::vector<uint32_t>& weights);
  ScheduledSession session(uint64_t n) const;

 private:
  std::vector<size_t> m_wheel;  // target indices, each repeated by its weight
};

}  // namespace ferry::tools
