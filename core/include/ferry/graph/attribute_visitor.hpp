#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ferry/base/auto_broadcast.hpp"
#include "ferry/base/element_type.hpp"
#include "ferry/base/enum_names.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/base/shape.hpp"
#include "ferry/graph/op_types.hpp"

namespace ferry {

namespace op {
namespace v0 {
class Constant;
}
}  // namespace op

// Walks an op's attributes by name, in both directions: a writer reads each value, a reader
// overwrites it (and leaves it alone when its source has no such attribute). An op declares
// every attribute in Node::visit_attributes, under its OpenVINO IR name, so that
// `auto op = registry.create(type, version); op->visit_attributes(reader);` restores it fully.
class AttributeVisitor {
 public:
  virtual ~AttributeVisitor() = default;

  virtual void on_attribute(const std::string& name, bool& value) = 0;
  virtual void on_attribute(const std::string& name, int64_t& value) = 0;
  virtual void on_attribute(const std::string& name, double& value) = 0;
  virtual void on_attribute(const std::string& name, std::string& value) = 0;
  virtual void on_attribute(const std::string& name, std::vector<int64_t>& value) = 0;
  virtual void on_attribute(const std::string& name, std::vector<float>& value) = 0;
  virtual void on_attribute(const std::string& name, std::vector<std::string>& value) = 0;
  virtual void on_attribute(const std::string& name, element::Type& value) = 0;
  virtual void on_attribute(const std::string& name, Shape& value) = 0;
  virtual void on_attribute(const std::string& name, Strides& value) = 0;
  virtual void on_attribute(const std::string& name, CoordinateDiff& value) = 0;
  virtual void on_attribute(const std::string& name, PartialShape& value) = 0;

  // A Constant's bytes, visited after its "element_type" and "shape". A writer stores
  // constant.get_data_ptr() / get_byte_size() (e.g. into the .bin, recording "offset" and
  // "size"); a reader hands over shared bytes with constant.set_data_buffer(buffer, offset).
  virtual void on_constant_data(const std::string& name, op::v0::Constant& constant) = 0;

  // An op enum, exposed as its IR spelling through the string overload
  // ("auto_pad" = "explicit|same_upper|same_lower|valid"). A bad spelling throws naming `name`.
  template <typename Enum>
  void on_enum(const std::string& name, Enum& value) {
    std::string text = enum_to_string(value);
    on_attribute(name, text);
    value = enum_from_string<Enum>(text, name);
  }

  // "auto_broadcast" (and, for pdpd, "axis").
  void on_auto_broadcast(const std::string& name, op::AutoBroadcastSpec& spec) {
    on_enum(name, spec.type);
    if (spec.type == op::AutoBroadcastType::PDPD) on_attribute("axis", spec.axis);
  }
};

}  // namespace ferry
