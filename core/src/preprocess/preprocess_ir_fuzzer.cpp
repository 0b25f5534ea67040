// Fuzz target for the pre- and post-processing information a PrePostProcessor takes from a model
// read from IR: the ports' layouts (<rt_info><attribute name="layout" layout="[N,C,H,W]"/>) and
// the rest of their runtime info. Input: as //core:ir_reader_fuzzer's, 4 bytes little-endian XML
// length N, N bytes of XML, then the .bin bytes (a shorter input is all XML). A model that reads
// gets u8 NHWC tensors converted to each input's IR layout and type and each output converted from
// its IR layout to NHWC, is built and written back out. Any input must either succeed or throw
// ferry::Exception: crashes, hangs, leaks and out-of-bounds reads are bugs.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/preprocess/pre_post_processor.hpp"

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
    ferry::preprocess::PrePostProcessor processor(model);
    // The model side of every conversion is what the IR says (convert_layout() with no layout,
    // convert_element_type() with no type).
    for (size_t i = 0; i < model->inputs().size(); ++i) {
      auto& input = processor.input(i);
      input.tensor().set_element_type(ferry::element::u8).set_layout(ferry::Layout("NHWC"));
      input.preprocess().convert_element_type().convert_layout();
    }
    for (size_t i = 0; i < model->outputs().size(); ++i) processor.output(i).postprocess().convert_layout("NHWC");
    const auto processed = processor.build();
    std::ostringstream xml_out, bin_out;
    ferry::serialize(processed, xml_out, bin_out);
  } catch (const ferry::Exception&) {
  }
  return 0;
}
