#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace ferry {

// The one exception type Ferry throws. Messages name what was wrong: the file, op, port,
// property or device, and the cause.
class Exception : public std::runtime_error {
 public:
  explicit Exception(const std::string& what) : std::runtime_error(what) {}

  // Builds a message from streamable parts: Exception::raise("node '", name, "': bad rank").
  template <typename... Parts>
  [[noreturn]] static void raise(const Parts&... parts) {
    std::ostringstream message;
    (message << ... << parts);
    throw Exception(message.str());
  }
};

// A checked condition did not hold (OpenVINO's OPENVINO_ASSERT through the compat header).
class AssertFailure : public Exception {
 public:
  using Exception::Exception;
};

// What was asked for is not implemented (OPENVINO_NOT_IMPLEMENTED through the compat header).
class NotImplemented : public AssertFailure {
 public:
  using AssertFailure::AssertFailure;
};

// An infer request was touched while it was running.
class Busy : public Exception {
 public:
  using Exception::Exception;
};

// An infer request was cancelled before it finished.
class Cancelled : public Exception {
 public:
  using Exception::Exception;
};

}  // namespace ferry

// FERRY_ASSERT(cond, parts...): throws ferry::Exception with the parts when cond is false.
#define FERRY_ASSERT(cond, ...)                          \
  do {                                                   \
    if (!(cond)) ::ferry::Exception::raise(__VA_ARGS__); \
  } while (0)
