#include "onnx_node_context.hpp"

#include <utility>

namespace ferry {
namespace onnx_frontend {

NodeContext::NodeContext(const onnx::NodeProto& node, size_t index, int64_t opset, OutputVector inputs,
                         std::string base_dir)
    : m_node(node), m_index(index), m_opset(opset), m_inputs(std::move(inputs)), m_base_dir(std::move(base_dir)) {
  for (const auto& attribute : node.attribute()) {
    if (!m_attributes.emplace(attribute.name(), &attribute).second)
      fail("attribute '", attribute.name(), "' is given twice");
  }
}

const Output<Node>& NodeContext::input(size_t i) const {
  if (!has_input(i)) fail("input #", i, " is missing (the node has ", m_inputs.size(), " inputs)");
  return m_inputs[i];
}

bool NodeContext::has_attribute(const std::string& name) const {
  m_read.insert(name);
  return m_attributes.count(name) != 0;
}

const onnx::AttributeProto* NodeContext::find(const std::string& name, onnx::AttributeProto::AttributeType type) const {
  m_read.insert(name);
  const auto it = m_attributes.find(name);
  if (it == m_attributes.end()) return nullptr;
  // Old exporters leave `type` unset; then trust the field the converter asks for.
  const auto given = it->second->type();
  if (given != onnx::AttributeProto::UNDEFINED && given != type)
    fail("attribute '", name, "' has type ", onnx::AttributeProto::AttributeType_Name(given), ", expected ",
         onnx::AttributeProto::AttributeType_Name(type));
  return it->second;
}

int64_t NodeContext::attr_int(const std::string& name, int64_t fallback) const {
  const auto* attribute = find(name, onnx::AttributeProto::INT);
  return attribute ? attribute->i() : fallback;
}

float NodeContext::attr_float(const std::string& name, float fallback) const {
  const auto* attribute = find(name, onnx::AttributeProto::FLOAT);
  return attribute ? attribute->f() : fallback;
}

std::string NodeContext::attr_string(const std::string& name, const std::string& fallback) const {
  const auto* attribute = find(name, onnx::AttributeProto::STRING);
  return attribute ? attribute->s() : fallback;
}

std::vector<int64_t> NodeContext::attr_ints(const std::string& name, const std::vector<int64_t>& fallback) const {
  const auto* attribute = find(name, onnx::AttributeProto::INTS);
  return attribute ? std::vector<int64_t>(attribute->ints().begin(), attribute->ints().end()) : fallback;
}

std::vector<float> NodeContext::attr_floats(const std::string& name) const {
  const auto* attribute = find(name, onnx::AttributeProto::FLOATS);
  if (!attribute) fail("attribute '", name, "' is missing");
  return std::vector<float>(attribute->floats().begin(), attribute->floats().end());
}

const onnx::TensorProto& NodeContext::attr_tensor(const std::string& name) const {
  const auto* attribute = find(name, onnx::AttributeProto::TENSOR);
  if (!attribute) fail("attribute '", name, "' is missing");
  return attribute->t();
}

std::vector<std::string> NodeContext::unread_attributes() const {
  std::vector<std::string> unread;
  for (const auto& entry : m_attributes)
    if (!m_read.count(entry.first)) unread.push_back(entry.first);
  return unread;
}

std::string NodeContext::describe() const {
  std::ostringstream text;
  text << "node '" << m_node.name() << "' (#" << m_index << ", " << m_node.op_type() << ", domain '" << m_node.domain()
       << "', opset " << m_opset << ")";
  return text.str();
}

}  // namespace onnx_frontend
}  // namespace ferry
