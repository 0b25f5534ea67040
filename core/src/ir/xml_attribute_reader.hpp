#pragma once

// Fills an op's attributes from a layer's <data> element (Node::visit_attributes with this
// visitor). Absent attributes keep the op's defaults, as in OpenVINO, but are remembered so that
// a later validation failure can name them; attributes in `required` must be present. Constant
// data comes from the weights at the layer's "offset" and "size", shared, not copied.
#include <set>
#include <string>
#include <vector>

#include <pugixml.hpp>

#include "ferry/graph/attribute_visitor.hpp"
#include "ir_weights.hpp"

namespace ferry {
namespace ir {

class XmlAttributeReader : public AttributeVisitor {
 public:
  // Messages name the attribute; the caller adds the file and layer.
  XmlAttributeReader(pugi::xml_node data, IrWeights& weights, std::set<std::string> required);

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

  // Attributes the op asked for that <data> did not have, in visiting order.
  const std::vector<std::string>& missing() const { return m_missing; }
  // Attributes of <data> that the op never asked for: the file means something this op (or
  // op version) cannot represent, so reading on would silently change the model.
  std::vector<std::string> unused() const;

 private:
  // Parses the attribute's text with `parse` into `value`; false when it is absent.
  template <typename T, typename Parse>
  bool read(const std::string& name, T& value, Parse parse);
  const pugi::xml_attribute find(const std::string& name);

  pugi::xml_node m_data;
  IrWeights& m_weights;
  std::set<std::string> m_required;
  std::vector<std::string> m_missing;
  std::set<std::string> m_visited;
};

}  // namespace ir
}  // namespace ferry
