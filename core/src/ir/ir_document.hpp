#pragma once

// The structure of an IR v11 XML file, checked but not yet turned into nodes: the layers with
// their ports, the edges between them, and an order in which every layer follows its producers.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <pugixml.hpp>

namespace ferry {
namespace ir {

struct IrPort {
  int64_t id = 0;
  std::string precision;      // "FP32"... ; empty when not written
  std::vector<int64_t> dims;  // -1: dynamic; empty for scalars and for a dynamic rank
  std::string names;          // the "names" attribute as written (comma-separated)
  pugi::xml_node node;
};

struct IrEdge {
  size_t from_layer = 0;   // index into IrDocument::layers
  size_t from_output = 0;  // index into that layer's outputs
};

struct IrLayer {
  int64_t id = 0;
  std::string name, type, version;
  pugi::xml_node node;
  pugi::xml_node data;  // <data>, possibly empty
  std::vector<IrPort> inputs, outputs;
  std::vector<IrEdge> sources;  // one per input, in input order
};

struct IrDocument {
  std::string source;  // the file name (or "<memory>") used in messages
  std::shared_ptr<pugi::xml_document> xml;
  pugi::xml_node net;
  std::string name;
  std::vector<IrLayer> layers;  // in file order
  std::vector<size_t> order;    // layer indices, producers before consumers
};

// Parses and checks the XML: well-formed, <net version="11">, unique layer ids, ports with ids,
// every input port fed by exactly one edge from an existing output port, no cycles. Throws
// ferry::Exception naming `source`, the layer (id, name, type) and the port or edge.
IrDocument parse_ir_document(const std::string& xml_text, const std::string& source);

// "IR 'file.xml': layer id=3 name='conv' type='Convolution'" for messages.
std::string describe_layer(const IrDocument& document, const IrLayer& layer);

}  // namespace ir
}  // namespace ferry
