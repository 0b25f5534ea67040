#pragma once

// An op's attributes read by their IR names through Node::visit_attributes, for the ones its
// class has no getter for (ScatterElementsUpdate's "reduction", StridedSlice's masks...).

#include <map>
#include <string>
#include <vector>

#include "ferry/graph/attribute_visitor.hpp"
#include "ferry/graph/node.hpp"

namespace ferry::gpu {

class NodeAttributes : public AttributeVisitor {
 public:
  // visit_attributes is non-const because readers use it to overwrite attributes; this visitor
  // only copies the values out, so the node is left as it was.
  explicit NodeAttributes(const Node& node) { const_cast<Node&>(node).visit_attributes(*this); }

  std::map<std::string, bool> bools;
  std::map<std::string, int64_t> ints;
  std::map<std::string, std::string> strings;
  std::map<std::string, std::vector<int64_t>> int_lists;

  void on_attribute(const std::string& name, bool& value) override { bools[name] = value; }
  void on_attribute(const std::string& name, int64_t& value) override { ints[name] = value; }
  void on_attribute(const std::string&, double&) override {}
  void on_attribute(const std::string& name, std::string& value) override { strings[name] = value; }
  void on_attribute(const std::string& name, std::vector<int64_t>& value) override { int_lists[name] = value; }
  void on_attribute(const std::string&, std::vector<float>&) override {}
  void on_attribute(const std::string&, std::vector<std::string>&) override {}
  void on_attribute(const std::string&, element::Type&) override {}
  void on_attribute(const std::string&, Shape&) override {}
  void on_attribute(const std::string&, Strides&) override {}
  void on_attribute(const std::string&, CoordinateDiff&) override {}
  void on_attribute(const std::string&, PartialShape&) override {}
  void on_constant_data(const std::string&, op::v0::Constant&) override {}
};

}  // namespace ferry::gpu
