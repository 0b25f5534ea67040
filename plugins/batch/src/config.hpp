#pragma once

#include <cstdint>
#include <string>

namespace ferry::batch {

// The BATCH device's settings: the device it runs on, and how long a request waits for its group.
struct Config {
  std::string priorities;      // MULTI_DEVICE_PRIORITIES: "GPU(8)", or "GPU" for its OPTIMAL_BATCH_SIZE
  uint32_t timeout_ms = 1000;  // AUTO_BATCH_TIMEOUT
};

}  // namespace ferry::batch
