#include "ferry/graph/ir/ir_writer.hpp"

#include <algorithm>
#include <fstream>
#include <unordered_map>

#include <pugixml.hpp>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ir_op_names.hpp"
#include "ir_rt_info.hpp"
#include "ir_text.hpp"
#include "xml_attribute_writer.hpp"

namespace ferry {
namespace {

// Parameters first and Results last, each in the model's order, so that reading the file back
// gives the same input and output order; everything else in topological order.
std::vector<std::shared_ptr<Node>> layer_order(const Model& model) {
  std::vector<std::shared_ptr<Node>> order(model.get_parameters().begin(), model.get_parameters().end());
  for (const auto& node : model.get_ordered_ops()) {
    const bool listed = std::find(order.begin(), order.end(), node) != order.end();
    const auto& results = model.get_results();
    const bool result = std::find(results.begin(), results.end(), node) != results.end();
    if (!listed && !result) order.push_back(node);
  }
  order.insert(order.end(), model.get_results().begin(), model.get_results().end());
  return order;
}

std::vector<std::string> sorted_names(const TensorNames& names) {
  std::vector<std::string> sorted(names.begin(), names.end());
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

void write_port(pugi::xml_node group, size_t id, const element::Type& type, const PartialShape& shape) {
  pugi::xml_node port = group.append_child("port");
  port.append_attribute("id").set_value(std::to_string(id).c_str());
  port.append_attribute("precision").set_value(type.get_precision_name().c_str());
  if (shape.rank().is_dynamic()) return;
  for (const auto& dim : shape)
    port.append_child("dim").text().set(std::to_string(dim.is_static() ? dim.get_length() : -1).c_str());
}

class IrWriter {
 public:
  IrWriter(const Model& model, std::ostream& bin) : m_model(model), m_bin(bin) {}

  void write(std::ostream& xml) {
    pugi::xml_document document;
    pugi::xml_node net = document.append_child("net");
    net.append_attribute("name").set_value(m_model.get_friendly_name().c_str());
    net.append_attribute("version").set_value("11");
    pugi::xml_node layers = net.append_child("layers");
    const auto order = layer_order(m_model);
    for (size_t i = 0; i < order.size(); ++i) m_ids[order[i].get()] = i;
    for (const auto& node : order) write_layer(layers, *node);
    pugi::xml_node edges = net.append_child("edges");
    for (const auto& node : order) write_edges(edges, *node);
    ir::write_model_rt_info(m_model.get_rt_info(), net);
    document.save(xml, "\t");
    FERRY_ASSERT(xml, "cannot write the IR XML of model '", m_model.get_friendly_name(), "'");
  }

 private:
  void write_layer(pugi::xml_node layers, Node& node) {
    pugi::xml_node layer = layers.append_child("layer");
    layer.append_attribute("id").set_value(std::to_string(m_ids.at(&node)).c_str());
    layer.append_attribute("name").set_value(node.get_friendly_name().c_str());
    layer.append_attribute("type").set_value(ir::ir_type_from_op(node.get_type_info().name).c_str());
    layer.append_attribute("version").set_value(node.get_type_info().version_id);
    if (dynamic_cast<op::v0::Result*>(&node) && node.get_output_size() > 0) {
      const auto names = sorted_names(node.output(0).get_names());
      if (!names.empty()) layer.append_attribute("output_names").set_value(ir::format_tensor_names(names).c_str());
    }

    pugi::xml_node data = layer.append_child("data");
    ir::XmlAttributeWriter attributes(data, m_bin);
    try {
      node.visit_attributes(attributes);
    } catch (const Exception& e) {
      Exception::raise("cannot write ", node.describe(), " to IR: ", e.what());
    }
    if (!data.first_attribute()) layer.remove_child(data);

    const size_t input_count = node.get_input_size();
    if (input_count > 0) {
      pugi::xml_node inputs = layer.append_child("input");
      for (size_t i = 0; i < input_count; ++i)
        write_port(inputs, i, node.get_input_element_type(i), node.get_input_partial_shape(i));
    }
    if (node.get_output_size() > 0 && !dynamic_cast<op::v0::Result*>(&node)) {
      pugi::xml_node outputs = layer.append_child("output");
      for (size_t i = 0; i < node.get_output_size(); ++i) {
        write_port(outputs, input_count + i, node.get_output_element_type(i), node.get_output_partial_shape(i));
        pugi::xml_node port = outputs.last_child();
        const auto names = sorted_names(node.output(i).get_names());
        if (!names.empty()) {
          // "names" goes right after "precision", before the <dim>s, as OpenVINO writes it.
          port.insert_attribute_after("names", port.attribute("precision"))
              .set_value(ir::format_tensor_names(names).c_str());
        }
        ir::write_node_rt_info(node.output(i).get_rt_info(), port);
      }
    }
    ir::write_node_rt_info(node.get_rt_info(), layer);
  }

  void write_edges(pugi::xml_node edges, Node& node) {
    for (size_t i = 0; i < node.get_input_size(); ++i) {
      const Output<Node> source = node.input_value(i);
      const auto producer = m_ids.find(source.get_node());
      FERRY_ASSERT(producer != m_ids.end(), "cannot write model '", m_model.get_friendly_name(),
                   "' to IR: ", node.describe(), " reads ", source.get_node()->describe(),
                   ", which is not in the model");
      pugi::xml_node edge = edges.append_child("edge");
      edge.append_attribute("from-layer").set_value(std::to_string(producer->second).c_str());
      edge.append_attribute("from-port")
          .set_value(std::to_string(source.get_node()->get_input_size() + source.get_index()).c_str());
      edge.append_attribute("to-layer").set_value(std::to_string(m_ids.at(&node)).c_str());
      edge.append_attribute("to-port").set_value(std::to_string(i).c_str());
    }
  }

  const Model& m_model;
  ir::BinWriter m_bin;
  std::unordered_map<const Node*, size_t> m_ids;
};

std::string bin_path_for(const std::string& xml_path) {
  const size_t slash = xml_path.find_last_of('/');
  const size_t dot = xml_path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return xml_path + ".bin";
  return xml_path.substr(0, dot) + ".bin";
}

}  // namespace

void serialize(const std::shared_ptr<const Model>& model, std::ostream& xml, std::ostream& bin) {
  FERRY_ASSERT(model, "serialize: the model is null");
  IrWriter(*model, bin).write(xml);
}

void serialize(const std::shared_ptr<const Model>& model, const std::string& xml_path, const std::string& bin_path) {
  FERRY_ASSERT(model, "serialize: the model is null");
  std::ofstream xml_file(xml_path, std::ios::binary | std::ios::trunc);
  FERRY_ASSERT(xml_file, "cannot create IR file '", xml_path, "'");
  std::ofstream bin_file(bin_path, std::ios::binary | std::ios::trunc);
  FERRY_ASSERT(bin_file, "cannot create IR weights file '", bin_path, "'");
  serialize(model, xml_file, bin_file);
  FERRY_ASSERT(xml_file.flush(), "cannot write IR file '", xml_path, "'");
  FERRY_ASSERT(bin_file.flush(), "cannot write IR weights file '", bin_path, "'");
}

void save_model(const std::shared_ptr<const Model>& model, const std::string& xml_path, bool compress_to_fp16) {
  FERRY_ASSERT(!compress_to_fp16, "save_model('", xml_path,
               "'): compress_to_fp16 is not supported; constants are saved in their own element types");
  serialize(model, xml_path, bin_path_for(xml_path));
}

}  // namespace ferry
