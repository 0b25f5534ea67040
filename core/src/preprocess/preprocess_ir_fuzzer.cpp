// Fuzz target for the pre- and post-processing information a PrePostProcessor takes from a model
// read from IR: the ports' layouts (<rt_info><attribute name="layout" layout="[N,C,H,W]"/>) and
// the rest of their runtime info. Input: as //core:ir_reader_fuzzer's, 4 bytes little-endian XML
// length N, N bytes of XML, then the .bin bytes (a shorter input is all XML). A model that reads
// gets steps on every port whose IR names a layout (inputs: a u8 tensor in that layout, resized
// when it names H and W, converted to the model's type; outputs: axes reversed), is built and
// written back out. Any input must either succeed or throw ferry::Exception: crashes, hangs, leaks
// and out-of-bounds reads are bugs.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
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
    // Steps only where the IR gives a layout, each from what it says: a u8 tensor of any H and W
    // resized to the model's when the layout names H and W, and outputs transposed (reversed axes).
    const auto parameters = model->get_parameters();
    for (size_t i = 0; i < parameters.size(); ++i) {
      const ferry::Layout layout = parameters[i]->get_layout();
      if (layout.empty()) continue;
      auto& input = processor.input(i);
      input.tensor().set_element_type(ferry::element::u8).set_layout(layout);
      if (ferry::layout::has_height(layout) && ferry::layout::has_width(layout)) {
        input.tensor().set_spatial_dynamic_shape();
        input.preprocess().resize(ferry::preprocess::ResizeAlgorithm::RESIZE_LINEAR);
      }
      input.preprocess().convert_element_type();
    }
    const auto results = model->get_results();
    for (size_t i = 0; i < results.size(); ++i) {
      if (results[i]->get_layout().empty()) continue;
      const auto& shape = results[i]->get_input_partial_shape(0);
      if (shape.rank().is_dynamic()) continue;
      std::vector<uint64_t> reversed(shape.rank().get_length());
      for (size_t axis = 0; axis < reversed.size(); ++axis) reversed[axis] = reversed.size() - 1 - axis;
      processor.output(i).postprocess().convert_layout(reversed);
    }
    const auto processed = processor.build();
    std::ostringstream xml_out, bin_out;
    ferry::serialize(processed, xml_out, bin_out);
  } catch (const ferry::Exception&) {
  }
  return 0;
}
