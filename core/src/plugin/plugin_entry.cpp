#include "ferry/plugin/plugin_entry.hpp"

#include <algorithm>
#include <cstring>

namespace ferry::plugin_entry {

// Runs inside a plugin's entry point, on the failure path: it must never throw, and it truncates
// rather than overflow the core's buffer. The result is always NUL-terminated.
void write_error(char* error, size_t error_size, const char* message) {
  if (error == nullptr || error_size == 0) return;
  if (message == nullptr) message = "";
  const size_t length = std::min(std::strlen(message), error_size - 1);
  std::memcpy(error, message, length);
  error[length] = '\0';
}

}  // namespace ferry::plugin_entry
