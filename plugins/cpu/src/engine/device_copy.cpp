#include "device_copy.hpp"

#include <cstring>

namespace ferry::cpu::engine {

void device_copy(void* destination, const void* source, size_t bytes, uint64_t& copied) {
  if (bytes) std::memcpy(destination, source, bytes);
  copied += bytes;
}

void device_copy(void* destination, const void* source, size_t bytes, std::atomic<uint64_t>& copied) {
  if (bytes) std::memcpy(destination, source, bytes);
  copied += bytes;
}

}  // namespace ferry::cpu::engine
