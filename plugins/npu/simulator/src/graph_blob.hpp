#pragma once

#include <level_zero/ze_api.h>

#include <string>

namespace ferry::npu::simulator {

// The native blob of a graph: a header naming the blob format, the driver version and the
// device, then the model it was compiled from (compiling again is cheap; the header is what
// keeps a blob from another driver or device out).
std::string write_graph_blob(const std::string& xml, const std::string& weights);
// Reads a blob back into `xml` and `weights`; ZE_RESULT_ERROR_INVALID_NATIVE_BINARY (with the
// reason) for a blob that is truncated or of another format, driver version or device.
ze_result_t read_graph_blob(const void* blob, size_t size, std::string& xml, std::string& weights);

}  // namespace ferry::npu::simulator
