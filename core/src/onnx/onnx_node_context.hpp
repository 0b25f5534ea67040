#pragma once

// What one op converter sees of an ONNX node: its converted inputs, its attributes (typed, with
// defaults) and the opset in force. Converters raise errors through `fail`, which names the node.
#include <onnx/onnx_pb.h>

#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/graph/port.hpp"

namespace ferry {
namespace onnx_frontend {

class NodeContext {
 public:
  // `inputs[i]` has no node where the ONNX input name is empty (an absent optional input).
  NodeContext(const onnx::NodeProto& node, size_t index, int64_t opset, OutputVector inputs, std::string base_dir);

  int64_t opset() const { return m_opset; }
  const onnx::NodeProto& proto() const { return m_node; }
  const std::string& base_dir() const { return m_base_dir; }

  size_t input_count() const { return m_inputs.size(); }
  bool has_input(size_t i) const { return i < m_inputs.size() && m_inputs[i].get_node() != nullptr; }
  const Output<Node>& input(size_t i) const;  // fails naming the node when absent
  size_t output_count() const { return static_cast<size_t>(m_node.output_size()); }

  bool has_attribute(const std::string& name) const;
  int64_t attr_int(const std::string& name, int64_t fallback) const;
  float attr_float(const std::string& name, float fallback) const;
  std::string attr_string(const std::string& name, const std::string& fallback) const;
  std::vector<int64_t> attr_ints(const std::string& name, const std::vector<int64_t>& fallback) const;
  std::vector<float> attr_floats(const std::string& name) const;
  const onnx::TensorProto& attr_tensor(const std::string& name) const;

  // Attributes no converter read: they change the op's meaning, so the reader refuses them.
  std::vector<std::string> unread_attributes() const;

  // "node 'conv1' (#3, Conv, domain '', opset 13)"
  std::string describe() const;

  template <typename... Parts>
  [[noreturn]] void fail(const Parts&... parts) const {
    std::ostringstream message;
    message << "ONNX " << describe() << ": ";
    (message << ... << parts);
    throw Exception(message.str());
  }

 private:
  const onnx::AttributeProto* find(const std::string& name, onnx::AttributeProto::AttributeType type) const;

  const onnx::NodeProto& m_node;
  size_t m_index;
  int64_t m_opset;
  OutputVector m_inputs;
  std::string m_base_dir;
  std::map<std::string, const onnx::AttributeProto*> m_attributes;
  mutable std::set<std::string> m_read;
};

}  // namespace onnx_frontend
}  // namespace ferry
