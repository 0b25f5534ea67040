#pragma once

#include <level_zero/ze_api.h>

#include <string>

namespace ferry::npu::simulator {

// Records `message` as the calling thread's last error (ferrySimulatorGetLastError) and
// returns `code`, so that every failure path reads `return fail(code, "why");`.
ze_result_t fail(ze_result_t code, std::string message);

// The calling thread's last error message; "" before its first error.
const char* last_error();

}  // namespace ferry::npu::simulator
