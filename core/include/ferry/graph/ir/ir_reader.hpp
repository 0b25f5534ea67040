#pragma once

// Reads OpenVINO IR version 11 (an .xml graph plus a .bin of constant data) into a ferry::Model.
//
// Constants do not copy their data: they share one buffer holding the whole .bin and point at
// their offsets in it. Every problem with the input (malformed XML, unknown op, bad attribute
// text, dangling edge, cycle, shape inconsistency, a constant outside the .bin...) throws
// ferry::Exception naming the file, the layer (id, name, type) and the port or attribute.
#include <memory>
#include <string>

#include "ferry/base/aligned_buffer.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/graph/op_registry.hpp"

namespace ferry {

// `bin_path` defaults to `xml_path` with its extension replaced by ".bin". The .bin is read only
// when some Constant needs bytes, so a missing .bin is an error only then.
std::shared_ptr<Model> read_ir(const std::string& xml_path, const std::string& bin_path = "",
                               const OpRegistry& registry = OpRegistry::global());

// The same from memory (Core::read_model(model_text, weights)). `weights` may be null when no
// Constant needs bytes; Constants keep `weights` alive. `source_name` names the model in errors.
std::shared_ptr<Model> read_ir_from_memory(const std::string& xml_text, std::shared_ptr<AlignedBuffer> weights,
                                           const std::string& source_name = "<memory>",
                                           const OpRegistry& registry = OpRegistry::global());

}  // namespace ferry
