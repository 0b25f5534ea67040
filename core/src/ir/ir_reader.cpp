#include "ferry/graph/ir/ir_reader.hpp"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ir_document.hpp"
#include "ir_op_names.hpp"
#include "ir_rt_info.hpp"
#include "ir_text.hpp"
#include "ir_weights.hpp"
#include "xml_attribute_reader.hpp"

namespace ferry {
namespace {

using ir::describe_layer;
using ir::IrDocument;
using ir::IrLayer;
using ir::IrPort;

// Attributes without which an op cannot mean anything (others keep the op's defaults).
std::set<std::string> required_attributes(const std::string& op_type) {
  if (op_type == "Parameter") return {"shape", "element_type"};
  if (op_type == "Constant") return {"shape", "element_type", "offset", "size"};
  if (op_type == "Convert") return {"destination_type"};
  return {};
}

std::string default_bin_path(const std::string& xml_path) {
  const size_t slash = xml_path.find_last_of('/');
  const size_t dot = xml_path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return xml_path + ".bin";
  return xml_path.substr(0, dot) + ".bin";
}

// Runs `step`, turning any failure into a ferry::Exception that starts with `where`.
template <typename Step>
void with_context(const std::string& where, Step step) {
  try {
    step();
  } catch (const Exception& e) {
    Exception::raise(where, ": ", e.what());
  } catch (const std::exception& e) {  // e.g. std::bad_alloc for an absurd shape: still a bad model
    Exception::raise(where, ": ", e.what());
  }
}

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

// The IR's port element type and dims must agree with what the op inferred: a disagreement
// means the file is inconsistent (or the op is not the one that wrote it).
void check_output_port(const IrDocument& document, const IrLayer& layer, const IrPort& port, const Node& node,
                       size_t index) {
  const std::string where = describe_layer(document, layer) + ": output port " + std::to_string(port.id);
  const element::Type inferred_type = node.get_output_element_type(index);
  const PartialShape& inferred = node.get_output_partial_shape(index);
  if (!port.precision.empty()) {
    element::Type written;
    with_context(where, [&] { written = element::Type::from_string(port.precision); });
    if (written == element::undefined) written = element::dynamic;  // "UNSPECIFIED"
    FERRY_ASSERT(written.compatible(inferred_type), where, ": the IR says precision ", port.precision,
                 ", but the op produces ", inferred_type);
  }
  if (port.dims.empty() || inferred.rank().is_dynamic()) return;  // no dims: scalar or dynamic rank
  std::ostringstream written;
  written << "[";
  for (size_t i = 0; i < port.dims.size(); ++i) written << (i ? "," : "") << port.dims[i];
  written << "]";
  bool same = port.dims.size() == inferred.size();
  for (size_t i = 0; same && i < port.dims.size(); ++i) same = port.dims[i] == -1 || inferred[i].contains(port.dims[i]);
  FERRY_ASSERT(same, where, ": the IR says shape ", written.str(), ", but the op infers ", inferred);
}

class ModelBuilder {
 public:
  ModelBuilder(IrDocument& document, ir::IrWeights& weights, const OpRegistry& registry)
      : m_document(document), m_weights(weights), m_registry(registry), m_nodes(document.layers.size()) {}

  std::shared_ptr<Model> build() {
    for (size_t index : m_document.order) add_layer(index);
    ParameterVector parameters;
    ResultVector results;
    for (size_t i = 0; i < m_document.layers.size(); ++i) {  // file order, as the IR lists them
      if (auto parameter = std::dynamic_pointer_cast<op::v0::Parameter>(m_nodes[i])) parameters.push_back(parameter);
      if (auto result = std::dynamic_pointer_cast<op::v0::Result>(m_nodes[i])) results.push_back(result);
    }
    std::shared_ptr<Model> model;
    const std::string where = "IR '" + m_document.source + "'";
    with_context(where, [&] { model = std::make_shared<Model>(results, parameters, m_document.name); });
    model->set_friendly_name(m_document.name);
    ir::read_model_rt_info(m_document.net.child("rt_info"), model->get_rt_info(), where);
    return model;
  }

 private:
  void add_layer(size_t index) {
    const IrLayer& layer = m_document.layers[index];
    const std::string where = describe_layer(m_document, layer);
    FERRY_ASSERT(!layer.version.empty(), where, ": no 'version' attribute");
    const std::string op_type = ir::op_type_from_ir(layer.type);
    std::shared_ptr<Node> node;
    with_context(where, [&] { node = m_registry.create(op_type, layer.version); });
    node->set_friendly_name(layer.name);

    ir::XmlAttributeReader attributes(layer.data, m_weights, required_attributes(op_type));
    with_context(where, [&] { node->visit_attributes(attributes); });
    const auto unused = attributes.unused();
    FERRY_ASSERT(unused.empty(), where, ": unknown attribute(s) ", join(unused), " for ", node->get_type_info(),
                 " (the IR was written for an op version Ferry does not have?)");

    OutputVector arguments;
    for (const auto& source : layer.sources)
      arguments.push_back(m_nodes[source.from_layer]->output(source.from_output));
    try {
      node->set_arguments(arguments);
      node->validate_and_infer_types();
    } catch (const std::exception& e) {
      const auto& missing = attributes.missing();
      Exception::raise(where, missing.empty() ? "" : " (attributes not in the IR: " + join(missing) + ")", ": ",
                       e.what());
    }
    // A Result has an output in the graph (the model output) but none in the IR.
    const bool is_result = op_type == "Result";
    FERRY_ASSERT(is_result || node->get_output_size() == layer.outputs.size(), where, ": the IR lists ",
                 layer.outputs.size(), " output ports, but the op has ", node->get_output_size(), " outputs");

    for (size_t i = 0; i < layer.outputs.size(); ++i) {
      const IrPort& port = layer.outputs[i];
      check_output_port(m_document, layer, port, *node, i);
      const auto names = ir::parse_tensor_names(port.names);
      if (!names.empty()) node->output(i).add_names(TensorNames(names.begin(), names.end()));
      ir::read_node_rt_info(port.node.child("rt_info"), node->output(i).get_rt_info(), where);
    }
    // OpenVINO 2025+ also lists a Result's tensor names on the layer; Ferry's Result shares the
    // names of the value it reads.
    const pugi::xml_attribute output_names = layer.node.attribute("output_names");
    if (is_result && output_names) {
      const auto names = ir::parse_tensor_names(output_names.value());
      if (!names.empty()) node->output(0).add_names(TensorNames(names.begin(), names.end()));
    }
    ir::read_node_rt_info(layer.node.child("rt_info"), node->get_rt_info(), where);
    m_nodes[index] = node;
  }

  IrDocument& m_document;
  ir::IrWeights& m_weights;
  const OpRegistry& m_registry;
  std::vector<std::shared_ptr<Node>> m_nodes;  // by layer index
};

std::shared_ptr<Model> read(const std::string& xml_text, const std::string& source, ir::IrWeights& weights,
                            const OpRegistry& registry) {
  IrDocument document = ir::parse_ir_document(xml_text, source);
  return ModelBuilder(document, weights, registry).build();
}

}  // namespace

std::shared_ptr<Model> read_ir(const std::string& xml_path, const std::string& bin_path, const OpRegistry& registry) {
  std::ifstream file(xml_path, std::ios::binary);
  FERRY_ASSERT(file, "cannot open IR file '", xml_path, "'");
  std::ostringstream text;
  text << file.rdbuf();
  FERRY_ASSERT(!file.bad(), "cannot read IR file '", xml_path, "'");
  auto weights = ir::IrWeights::from_file(bin_path.empty() ? default_bin_path(xml_path) : bin_path);
  return read(text.str(), xml_path, weights, registry);
}

std::shared_ptr<Model> read_ir_from_memory(const std::string& xml_text, std::shared_ptr<AlignedBuffer> weights,
                                           const std::string& source_name, const OpRegistry& registry) {
  auto source = ir::IrWeights::from_buffer(std::move(weights), source_name + " weights");
  return read(xml_text, source_name, source, registry);
}

}  // namespace ferry
