#pragma once

// OpenCL status codes as text, and the check every OpenCL call in the plugin goes through:
// a failure becomes a ferry::Exception naming the call, what it was doing, and the code's name.

#include <CL/cl.h>

#include <string>

#include "ferry/base/exception.hpp"

namespace ferry::gpu {

// "CL_OUT_OF_RESOURCES (-5)"; unknown codes print as "CL error <code>".
std::string cl_error_text(cl_int code);

// Throws naming `what` (e.g. "clCreateBuffer of 4096 bytes") when `code` is not CL_SUCCESS.
template <typename... Parts>
void cl_check(cl_int code, const Parts&... what) {
  if (code != CL_SUCCESS) Exception::raise("GPU: ", what..., " failed: ", cl_error_text(code));
}

}  // namespace ferry::gpu
