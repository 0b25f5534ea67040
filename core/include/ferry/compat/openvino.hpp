#pragma once

// Lets code written against OpenVINO's C++ API compile against Ferry with only its includes
// changed: `ov::` spells `ferry::`, `ov::intel_gpu` the GPU plugin's namespace, `ov::intel_npu`
// the NPU plugin's, `ov::intel_cpu` the CPU keys (those the CPU device does not implement are
// refused by name) and `ov::intel_auto` the AUTO device's (ferry/auto/properties.hpp). `ov::opsetN` are OpenVINO's op
// sets (ferry/graph/opsets.hpp), and the OPENVINO_ASSERT / OPENVINO_THROW macros throw ferry::AssertFailure /
// ferry::Exception.
#include <iostream>  // openvino/openvino.hpp brings it in, and code relies on it for std::cout
#include <sstream>
#include <string>

#include "ferry/ferry.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/opsets.hpp"
#include "ferry/value/cpu_properties.hpp"

namespace ferry {
namespace gpu {}
namespace npu {}
namespace auto_device {}
namespace intel_gpu = ::ferry::gpu;
namespace intel_npu = ::ferry::npu;
namespace intel_cpu = ::ferry::cpu;
namespace intel_auto = ::ferry::auto_device;  // the AUTO device's keys: ferry/auto/properties.hpp

namespace compat {
// Throws E with "<what> at <file>:<line>", followed by ": <parts>" when the parts print text.
template <typename E, typename... Parts>
[[noreturn]] void throw_at(const char* file, int line, const std::string& what, const Parts&... parts) {
  std::ostringstream details;
  if constexpr (sizeof...(Parts) > 0) (details << ... << parts);
  std::ostringstream message;
  message << what << " at " << file << ':' << line;
  if (!details.str().empty()) message << ": " << details.str();
  throw E(message.str());
}
}  // namespace compat
}  // namespace ferry

namespace ov = ::ferry;

// OPENVINO_ASSERT(cond, parts...): the parts are streamed only when cond is false. The trailing ""
// lets the message be left out, as OpenVINO allows.
#define OPENVINO_ASSERT(...) FERRY_COMPAT_ASSERT_(__VA_ARGS__, "")
#define FERRY_COMPAT_ASSERT_(cond, ...)                                                                               \
  do {                                                                                                                \
    if (!(cond))                                                                                                      \
      ::ferry::compat::throw_at<::ferry::AssertFailure>(__FILE__, __LINE__, "Check '" #cond "' failed", __VA_ARGS__); \
  } while (0)
#define OPENVINO_THROW(...) ::ferry::compat::throw_at<::ferry::Exception>(__FILE__, __LINE__, "Error", __VA_ARGS__)
#define OPENVINO_THROW_NOT_IMPLEMENTED(...) \
  ::ferry::compat::throw_at<::ferry::NotImplemented>(__FILE__, __LINE__, "Not implemented", __VA_ARGS__)
#define OPENVINO_NOT_IMPLEMENTED \
  ::ferry::compat::throw_at<::ferry::NotImplemented>(__FILE__, __LINE__, "Not implemented")
