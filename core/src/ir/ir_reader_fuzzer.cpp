// Fuzz target for the IR reader. Input: 4 bytes little-endian XML length N, N bytes of XML, then
// the .bin bytes (a shorter input is all XML). Any input must either read or throw
// ferry::Exception: crashes, hangs, leaks and out-of-bounds reads are bugs. A model that reads is
// also written back out, so the writer sees every graph the reader accepts.
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  size_t xml_size = size;
  size_t header = 0;
  if (size >= 4) {
    header = 4;
    const uint32_t declared = static_cast<uint32_t>(data[0]) | static_cast<uint32_t>(data[1]) << 8 |
                              static_cast<uint32_t>(data[2]) << 16 | static_cast<uint32_t>(data[3]) << 24;
    xml_size = std::min<size_t>(declared, size - header);
  }
  const std::string xml(reinterpret_cast<const char*>(data) + header, xml_size);
  const size_t bin_size = size - header - xml_size;
  // An exact-size copy, so reading past the weights is caught by ASan.
  auto weights = std::make_shared<ferry::AlignedBuffer>(bin_size);
  if (bin_size > 0) std::memcpy(weights->data(), data + header + xml_size, bin_size);
  try {
    const auto model = ferry::read_ir_from_memory(xml, weights, "fuzz.xml");
    std::ostringstream xml_out, bin_out;
    ferry::serialize(model, xml_out, bin_out);
  } catch (const ferry::Exception&) {
  }
  return 0;
}
