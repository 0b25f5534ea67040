#include "config.hpp"

namespace ferry::gpu {

int Config::host_task_niceness() const {
  switch (host_task_priority) {
    case ferry::hint::Priority::LOW:
      return 10;
    case ferry::hint::Priority::HIGH:
      return -5;
    default:
      return 0;
  }
}

}  // namespace ferry::gpu
