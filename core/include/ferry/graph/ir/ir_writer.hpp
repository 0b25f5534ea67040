#pragma once

// Writes a ferry::Model as OpenVINO IR version 11: an .xml graph and a .bin holding every
// Constant's bytes (identical constants stored once). Layers carry the ops' friendly names,
// IR type names and opset versions, every attribute from Node::visit_attributes, port element
// types, shapes and tensor names, and string-valued rt_info. Throws ferry::Exception naming the
// file (or node) when writing fails.
#include <memory>
#include <ostream>
#include <string>

#include "ferry/graph/model.hpp"

namespace ferry {

void serialize(const std::shared_ptr<const Model>& model, const std::string& xml_path, const std::string& bin_path);

// In memory: the XML text to `xml`, the constant data to `bin`.
void serialize(const std::shared_ptr<const Model>& model, std::ostream& xml, std::ostream& bin);

// `xml_path` and, next to it, the same name with ".bin" (as ov::save_model does). Constants are
// stored in their own element types: `compress_to_fp16 = true` (OpenVINO's default) is not
// supported and throws.
void save_model(const std::shared_ptr<const Model>& model, const std::string& xml_path, bool compress_to_fp16 = false);

}  // namespace ferry
