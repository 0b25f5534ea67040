// Triton's C errors and C++ exceptions, both ways: a failed Triton call throws, and whatever
// an entry point throws goes back to Triton as a TRITONSERVER_Error with the message.
#pragma once

#include <exception>
#include <stdexcept>
#include <string>
#include <utility>

#include "model_config.hpp"
#include "triton_api.h"

namespace ferry::serving::triton {

// A Triton call that failed, or an error that should reach the client with a given code.
class TritonError : public std::runtime_error {
 public:
  TritonError(TRITONSERVER_Error_Code code, const std::string& message) : std::runtime_error(message), m_code(code) {}
  TRITONSERVER_Error_Code code() const { return m_code; }

 private:
  TRITONSERVER_Error_Code m_code;
};

// Throws TritonError, naming the call, when `error` is set (and deletes it).
inline void check_call(TRITONSERVER_Error* error, const char* call) {
  if (!error) return;
  const std::string message = std::string(call) + ": " + TRITONSERVER_ErrorMessage(error);
  const TRITONSERVER_Error_Code code = TRITONSERVER_ErrorCode(error);
  TRITONSERVER_ErrorDelete(error);
  throw TritonError(code, message);
}
#define FERRY_TRITON_CALL(call) ::ferry::serving::triton::check_call((call), #call)

// The current exception as a new TRITONSERVER_Error: configuration and request errors are the
// client's (INVALID_ARG, HTTP 400), anything else the server's (INTERNAL, HTTP 500).
inline TRITONSERVER_Error* to_triton_error(std::exception_ptr exception) {
  try {
    std::rethrow_exception(std::move(exception));
  } catch (const TritonError& error) {
    return TRITONSERVER_ErrorNew(error.code(), error.what());
  } catch (const ConfigError& error) {
    return TRITONSERVER_ErrorNew(TRITONSERVER_ERROR_INVALID_ARG, error.what());
  } catch (const std::exception& error) {
    return TRITONSERVER_ErrorNew(TRITONSERVER_ERROR_INTERNAL, error.what());
  } catch (...) {
    return TRITONSERVER_ErrorNew(TRITONSERVER_ERROR_INTERNAL, "unknown exception in Ferry's backend");
  }
}

// Runs `body`, turning what it throws into the TRITONSERVER_Error an entry point returns.
template <typename Body>
TRITONSERVER_Error* guarded(Body&& body) {
  try {
    body();
    return nullptr;
  } catch (...) {
    return to_triton_error(std::current_exception());
  }
}

void log_message(TRITONSERVER_LogLevel level, const std::string& message);

}  // namespace ferry::serving::triton
