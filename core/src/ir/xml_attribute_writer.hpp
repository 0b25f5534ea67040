#pragma once

// Writes an op's attributes into a layer's <data> element (Node::visit_attributes with this
// visitor), in the op's visiting order and the text forms OpenVINO writes. Constant bytes go to
// the .bin through BinWriter, which stores identical byte runs once.
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <pugixml.hpp>

#include "ferry/graph/attribute_visitor.hpp"

namespace ferry {
namespace ir {

class BinWriter {
 public:
  explicit BinWriter(std::ostream& out) : m_out(out) {}
  // Offset of `bytes` in the .bin (appending them unless the same bytes are already there).
  // `bytes` must stay valid while the writer lives (they are the model's constants).
  uint64_t write(const char* bytes, size_t size);

 private:
  std::ostream& m_out;
  uint64_t m_end = 0;
  struct Written {
    uint64_t offset;
    std::string_view bytes;
  };
  std::multimap<size_t, Written> m_by_hash;
};

class XmlAttributeWriter : public AttributeVisitor {
 public:
  XmlAttributeWriter(pugi::xml_node data, BinWriter& bin) : m_data(data), m_bin(bin) {}

  void on_attribute(const std::string& name, bool& value) override;
  void on_attribute(const std::string& name, int64_t& value) override;
  void on_attribute(const std::string& name, double& value) override;
  void on_attribute(const std::string& name, std::string& value) override;
  void on_attribute(const std::string& name, std::vector<int64_t>& value) override;
  void on_attribute(const std::string& name, std::vector<float>& value) override;
  void on_attribute(const std::string& name, std::vector<std::string>& value) override;
  void on_attribute(const std::string& name, element::Type& value) override;
  void on_attribute(const std::string& name, Shape& value) override;
  void on_attribute(const std::string& name, Strides& value) override;
  void on_attribute(const std::string& name, CoordinateDiff& value) override;
  void on_attribute(const std::string& name, PartialShape& value) override;
  void on_constant_data(const std::string& name, op::v0::Constant& constant) override;

 private:
  void set(const std::string& name, const std::string& text);

  pugi::xml_node m_data;
  BinWriter& m_bin;
};

}  // namespace ir
}  // namespace ferry
