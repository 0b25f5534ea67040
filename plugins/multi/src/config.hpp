#pragma once

#include <string>

namespace ferry::multi {

// The MULTI device's settings: the devices it spreads requests over, in order.
struct Config {
  std::string priorities;  // MULTI_DEVICE_PRIORITIES: "GPU.1,GPU.0"
};

}  // namespace ferry::multi
