// Reads an ONNX ModelProto into a Ferry Model: inputs, initializers, nodes in dependency order,
// outputs named after their ONNX tensors.
#include "ferry/graph/onnx/onnx_reader.hpp"

#include <onnx/onnx_pb.h>

#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <unordered_map>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"
#include "onnx_graph_order.hpp"
#include "onnx_tensor.hpp"

namespace ferry {
namespace {

using onnx_frontend::NodeContext;

constexpr int64_t kMinOpset = 1;  // older opsets: converters refuse any attribute they do not read
constexpr int64_t kMaxOpset = 17;

int64_t default_domain_opset(const onnx::ModelProto& model, const std::string& source) {
  int64_t opset = -1;
  for (const auto& entry : model.opset_import())
    if (entry.domain().empty() || entry.domain() == "ai.onnx") opset = entry.version();
  FERRY_ASSERT(opset >= 0, "ONNX model '", source, "': imports no opset of the default domain");
  FERRY_ASSERT(opset >= kMinOpset && opset <= kMaxOpset, "ONNX model '", source, "': opset ", opset,
               " is not supported (supported: ", kMinOpset, "-", kMaxOpset, ")");
  return opset;
}

std::shared_ptr<op::v0::Parameter> make_parameter(const onnx::ValueInfoProto& input, const std::string& source) {
  FERRY_ASSERT(input.type().has_tensor_type(), "ONNX model '", source, "': input '", input.name(), "' is not a tensor");
  const auto& tensor_type = input.type().tensor_type();
  const element::Type type =
      onnx_frontend::element_type_from_onnx(tensor_type.elem_type(), "input '" + input.name() + "'");
  PartialShape shape = PartialShape::dynamic();
  if (tensor_type.has_shape()) {
    std::vector<Dimension> dims;
    for (const auto& dim : tensor_type.shape().dim()) {
      // dim_param (a symbolic name) and unset dims are dynamic.
      if (dim.has_dim_value()) {
        FERRY_ASSERT(dim.dim_value() >= 0, "ONNX model '", source, "': input '", input.name(),
                     "' has negative dimension ", dim.dim_value());
        dims.emplace_back(dim.dim_value());
      } else {
        dims.emplace_back(Dimension::dynamic());
      }
    }
    shape = PartialShape(dims);
  }
  auto parameter = std::make_shared<op::v0::Parameter>(type, shape);
  parameter->set_friendly_name(input.name());
  parameter->output(0).set_names({input.name()});
  return parameter;
}

// Identity-like converters hand back an input; its node keeps its own name.
bool is_input_node(const OutputVector& inputs, const Output<Node>& value) {
  for (const auto& input : inputs)
    if (input.get_node() == value.get_node()) return true;
  return false;
}

class GraphConverter {
 public:
  GraphConverter(const onnx::ModelProto& model, std::string base_dir, std::string source)
      : m_model(model), m_base_dir(std::move(base_dir)), m_source(std::move(source)) {}

  std::shared_ptr<Model> convert() {
    const int64_t opset = default_domain_opset(m_model, m_source);
    const auto& graph = m_model.graph();
    for (const auto& initializer : graph.initializer()) {
      FERRY_ASSERT(!initializer.name().empty(), "ONNX model '", m_source, "': an initializer has no name");
      auto constant = onnx_frontend::constant_from_tensor(initializer, m_base_dir, initializer.name());
      constant->set_friendly_name(initializer.name());
      define(initializer.name(), constant);
    }
    ParameterVector parameters;
    for (const auto& input : graph.input()) {
      if (m_values.count(input.name())) continue;  // an initializer: a Constant, not an input
      auto parameter = make_parameter(input, m_source);
      parameters.push_back(parameter);
      define(input.name(), parameter);
    }
    std::vector<const onnx::NodeProto*> nodes;
    for (const auto& node : graph.node()) nodes.push_back(&node);
    std::vector<std::string> known;
    for (const auto& entry : m_values) known.push_back(entry.first);
    for (const size_t index : onnx_frontend::order_nodes(nodes, known, m_source))
      convert_node(*nodes[index], index, opset);

    ResultVector results;
    for (const auto& output : graph.output()) {
      const auto it = m_values.find(output.name());
      FERRY_ASSERT(it != m_values.end(), "ONNX model '", m_source, "': output '", output.name(),
                   "' is not produced by any node");
      auto result = std::make_shared<op::v0::Result>(it->second);
      result->set_friendly_name(output.name());
      results.push_back(result);
    }
    FERRY_ASSERT(!results.empty(), "ONNX model '", m_source, "': the graph has no outputs");
    return std::make_shared<Model>(results, parameters, graph.name());
  }

 private:
  void define(const std::string& name, const Output<Node>& value) {
    FERRY_ASSERT(m_values.emplace(name, value).second, "ONNX model '", m_source, "': tensor '", name,
                 "' is defined twice");
    value.add_names({name});
  }

  void convert_node(const onnx::NodeProto& node, size_t index, int64_t opset) {
    OutputVector inputs;
    for (const auto& name : node.input()) inputs.push_back(name.empty() ? Output<Node>() : m_values.at(name));
    const NodeContext context(node, index, opset, inputs, m_base_dir);
    if (!node.domain().empty() && node.domain() != "ai.onnx")
      context.fail("the domain is not supported (model '", m_source, "')");
    const auto* converter = onnx_frontend::find_converter(node.op_type());
    if (!converter)
      context.fail("no converter for ONNX op '", node.op_type(), "' (domain '", node.domain(), "', opset ", opset,
                   "): the op type is not supported (model '", m_source, "')");
    OutputVector outputs;
    try {
      outputs = (*converter)(context);
    } catch (const Exception& error) {
      const std::string message = error.what();
      if (message.rfind("ONNX node", 0) == 0) throw;
      context.fail(message);
    }
    const auto unread = context.unread_attributes();
    if (!unread.empty()) context.fail("attribute '", unread.front(), "' is not supported");
    for (int i = 0; i < node.output_size(); ++i) {
      if (node.output(i).empty()) continue;
      if (static_cast<size_t>(i) >= outputs.size()) context.fail("output #", i, " is not supported");
      if (i == 0 && !node.name().empty() && !is_input_node(inputs, outputs[0]))
        outputs[0].get_node()->set_friendly_name(node.name());
      define(node.output(i), outputs[i]);
    }
  }

  const onnx::ModelProto& m_model;
  std::string m_base_dir;
  std::string m_source;
  std::unordered_map<std::string, Output<Node>> m_values;
};

std::shared_ptr<Model> convert(const onnx::ModelProto& model, const std::string& base_dir, const std::string& source) {
  return GraphConverter(model, base_dir, source).convert();
}

}  // namespace

std::shared_ptr<Model> read_onnx_from_memory(const std::string& bytes, const std::string& base_dir,
                                             const std::string& source_name) {
  onnx::ModelProto model;
  FERRY_ASSERT(bytes.size() <= static_cast<size_t>(std::numeric_limits<int>::max()) && model.ParseFromString(bytes),
               "ONNX model '", source_name, "': not a valid ONNX protobuf (", bytes.size(), " bytes)");
  return convert(model, base_dir, source_name);
}

std::shared_ptr<Model> read_onnx(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  FERRY_ASSERT(file, "cannot open ONNX model '", path, "'");
  std::ostringstream bytes;
  bytes << file.rdbuf();
  const auto slash = path.find_last_of('/');
  const std::string base_dir = slash == std::string::npos ? "" : path.substr(0, slash);
  return read_onnx_from_memory(bytes.str(), base_dir, path);
}

}  // namespace ferry
