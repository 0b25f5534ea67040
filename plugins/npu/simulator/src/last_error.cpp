#include "last_error.hpp"

namespace ferry::npu::simulator {
namespace {
thread_local std::string last_message;
}

ze_result_t fail(ze_result_t code, std::string message) {
  last_message = std::move(message);
  return code;
}

const char* last_error() { return last_message.c_str(); }

}  // namespace ferry::npu::simulator
