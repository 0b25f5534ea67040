// Fuzz target for the ONNX reader: the input is a serialized ModelProto. Any input must either
// read or throw ferry::Exception; crashes, hangs and leaks are bugs. External data is resolved
// against a folder that does not exist, so no input reaches outside files.
#include <cstdint>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/graph/onnx/onnx_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    ferry::read_onnx_from_memory(bytes, "/nonexistent-ferry-fuzz-dir", "fuzz.onnx");
  } catch (const ferry::Exception&) {
  }
  return 0;
}
