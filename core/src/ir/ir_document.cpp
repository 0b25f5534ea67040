#include "ir_document.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <queue>
#include <set>
#include <unordered_map>

#include "ferry/base/exception.hpp"
#include "ir_text.hpp"

namespace ferry {
namespace ir {
namespace {

// Line and column of a byte offset, for pugixml's parse errors.
std::string position_of(const std::string& text, ptrdiff_t offset) {
  offset = std::max<ptrdiff_t>(0, std::min<ptrdiff_t>(offset, static_cast<ptrdiff_t>(text.size())));
  size_t line = 1, column = 1;
  for (ptrdiff_t i = 0; i < offset; ++i) {
    if (text[static_cast<size_t>(i)] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

int64_t required_int(const pugi::xml_node& node, const char* attribute, const std::string& where) {
  const pugi::xml_attribute value = node.attribute(attribute);
  FERRY_ASSERT(value, where, ": <", node.name(), "> has no '", attribute, "' attribute");
  try {
    return parse_int64(value.value());
  } catch (const Exception& e) {
    Exception::raise(where, ": <", node.name(), "> attribute '", attribute, "': ", e.what());
  }
}

std::vector<IrPort> read_ports(const pugi::xml_node& group, const std::string& where) {
  std::vector<IrPort> ports;
  for (const auto& node : group.children()) {
    FERRY_ASSERT(std::strcmp(node.name(), "port") == 0, where, ": unexpected <", node.name(), "> in <", group.name(),
                 ">");
    IrPort port;
    port.node = node;
    port.id = required_int(node, "id", where);
    port.precision = node.attribute("precision").value();
    port.names = node.attribute("names").value();
    for (const auto& dim : node.children("dim")) {
      try {
        port.dims.push_back(parse_int64(dim.child_value()));
      } catch (const Exception& e) {
        Exception::raise(where, ": port ", port.id, " has a bad <dim>: ", e.what());
      }
      FERRY_ASSERT(port.dims.back() >= -1, where, ": port ", port.id, " has a negative <dim> ", port.dims.back());
    }
    ports.push_back(std::move(port));
  }
  return ports;
}

const IrPort* find_port(const std::vector<IrPort>& ports, int64_t id, size_t* index) {
  for (size_t i = 0; i < ports.size(); ++i) {
    if (ports[i].id == id) {
      *index = i;
      return &ports[i];
    }
  }
  return nullptr;
}

void check_unique_port_ids(const IrLayer& layer, const std::string& where) {
  std::set<int64_t> ids;
  for (const auto* group : {&layer.inputs, &layer.outputs})
    for (const auto& port : *group)
      FERRY_ASSERT(ids.insert(port.id).second, where, ": port id ", port.id, " is used twice");
}

void read_layers(IrDocument& document) {
  const pugi::xml_node layers = document.net.child("layers");
  FERRY_ASSERT(layers, "IR '", document.source, "': <net> has no <layers>");
  for (const auto& node : layers.children()) {
    FERRY_ASSERT(std::strcmp(node.name(), "layer") == 0, "IR '", document.source, "': unexpected <", node.name(),
                 "> in <layers>");
    IrLayer layer;
    layer.node = node;
    layer.name = node.attribute("name").value();
    layer.type = node.attribute("type").value();
    layer.version = node.attribute("version").value();
    const std::string where = "IR '" + document.source + "': layer name='" + layer.name + "'";
    layer.id = required_int(node, "id", where);
    const std::string full = describe_layer(document, layer);
    FERRY_ASSERT(!layer.type.empty(), full, ": no 'type' attribute");
    layer.data = node.child("data");
    layer.inputs = read_ports(node.child("input"), full);
    layer.outputs = read_ports(node.child("output"), full);
    check_unique_port_ids(layer, full);
    document.layers.push_back(std::move(layer));
  }
}

void read_edges(IrDocument& document, const std::unordered_map<int64_t, size_t>& index_of) {
  const std::string where = "IR '" + document.source + "'";
  std::vector<std::vector<bool>> fed(document.layers.size());
  for (size_t i = 0; i < document.layers.size(); ++i) {
    fed[i].assign(document.layers[i].inputs.size(), false);
    document.layers[i].sources.resize(document.layers[i].inputs.size());
  }
  const pugi::xml_node edges = document.net.child("edges");
  for (const auto& edge : edges.children()) {
    FERRY_ASSERT(std::strcmp(edge.name(), "edge") == 0, where, ": unexpected <", edge.name(), "> in <edges>");
    const int64_t from_layer = required_int(edge, "from-layer", where);
    const int64_t from_port = required_int(edge, "from-port", where);
    const int64_t to_layer = required_int(edge, "to-layer", where);
    const int64_t to_port = required_int(edge, "to-port", where);
    const std::string edge_text = "edge " + std::to_string(from_layer) + ":" + std::to_string(from_port) + " -> " +
                                  std::to_string(to_layer) + ":" + std::to_string(to_port);
    const auto from = index_of.find(from_layer);
    FERRY_ASSERT(from != index_of.end(), where, ": ", edge_text, " starts at unknown layer id ", from_layer);
    const auto to = index_of.find(to_layer);
    FERRY_ASSERT(to != index_of.end(), where, ": ", edge_text, " ends at unknown layer id ", to_layer);
    IrLayer& producer = document.layers[from->second];
    IrLayer& consumer = document.layers[to->second];
    size_t output = 0, input = 0;
    FERRY_ASSERT(find_port(producer.outputs, from_port, &output), where, ": ", edge_text, ": ",
                 describe_layer(document, producer), " has no output port ", from_port);
    FERRY_ASSERT(find_port(consumer.inputs, to_port, &input), where, ": ", edge_text, ": ",
                 describe_layer(document, consumer), " has no input port ", to_port);
    FERRY_ASSERT(!fed[to->second][input], where, ": ", edge_text, ": input port ", to_port, " of ",
                 describe_layer(document, consumer), " already has an edge");
    fed[to->second][input] = true;
    consumer.sources[input] = IrEdge{from->second, output};
  }
  for (size_t i = 0; i < document.layers.size(); ++i)
    for (size_t p = 0; p < fed[i].size(); ++p)
      FERRY_ASSERT(fed[i][p], describe_layer(document, document.layers[i]), ": input port ",
                   document.layers[i].inputs[p].id, " has no incoming edge");
}

// Kahn's algorithm, taking the earliest ready layer in file order so the result is stable;
// leftover layers lie on (or behind) a cycle.
void order_layers(IrDocument& document) {
  const size_t count = document.layers.size();
  std::vector<size_t> pending(count);
  std::vector<std::vector<size_t>> consumers(count);
  for (size_t i = 0; i < count; ++i) {
    pending[i] = document.layers[i].sources.size();
    for (const auto& source : document.layers[i].sources) consumers[source.from_layer].push_back(i);
  }
  std::priority_queue<size_t, std::vector<size_t>, std::greater<size_t>> ready;
  for (size_t i = 0; i < count; ++i)
    if (pending[i] == 0) ready.push(i);
  while (!ready.empty()) {
    const size_t layer = ready.top();
    ready.pop();
    document.order.push_back(layer);
    for (size_t consumer : consumers[layer])
      if (--pending[consumer] == 0) ready.push(consumer);
  }
  if (document.order.size() != count) {
    for (size_t i = 0; i < count; ++i)
      FERRY_ASSERT(pending[i] == 0, describe_layer(document, document.layers[i]),
                   ": the graph has a cycle through this layer");
  }
}

}  // namespace

std::string describe_layer(const IrDocument& document, const IrLayer& layer) {
  return "IR '" + document.source + "': layer id=" + std::to_string(layer.id) + " name='" + layer.name + "' type='" +
         layer.type + "'" + (layer.version.empty() ? "" : " version='" + layer.version + "'");
}

IrDocument parse_ir_document(const std::string& xml_text, const std::string& source) {
  IrDocument document;
  document.source = source;
  document.xml = std::make_shared<pugi::xml_document>();
  const pugi::xml_parse_result parsed = document.xml->load_buffer(xml_text.data(), xml_text.size());
  FERRY_ASSERT(parsed, "IR '", source, "': malformed XML at ", position_of(xml_text, parsed.offset), ": ",
               parsed.description());
  document.net = document.xml->child("net");
  FERRY_ASSERT(document.net, "IR '", source, "': no <net> root element");
  const pugi::xml_attribute version = document.net.attribute("version");
  FERRY_ASSERT(version, "IR '", source, "': <net> has no 'version' attribute");
  FERRY_ASSERT(std::strcmp(version.value(), "11") == 0, "IR '", source, "': unsupported IR version '", version.value(),
               "' (only version 11 is supported)");
  document.name = document.net.attribute("name").value();
  read_layers(document);
  std::unordered_map<int64_t, size_t> index_of;
  for (size_t i = 0; i < document.layers.size(); ++i)
    FERRY_ASSERT(index_of.emplace(document.layers[i].id, i).second, describe_layer(document, document.layers[i]),
                 ": layer id ", document.layers[i].id, " is used twice");
  read_edges(document, index_of);
  order_layers(document);
  return document;
}

}  // namespace ir
}  // namespace ferry
