#pragma once

// Test-only helpers for the window-op tests (convolution_op_test, pooling_op_test): an
// attribute visitor that records values as IR-like text and can play them back, error capture,
// and running an op's evaluate() on float data.

#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/graph/attribute_visitor.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/graph/op_registry.hpp"
#include "ferry/testing/error_of.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace testing {

// A shape argument written as text ("[1,?,3..5]") or given as a (Partial)Shape.
struct ShapeArg {
  PartialShape shape;
  ShapeArg(const char* text) : shape(text) {}             // NOLINT: implicit for brevity in tests
  ShapeArg(const PartialShape& value) : shape(value) {}   // NOLINT
  ShapeArg(const Shape& value) : shape(value) {}          // NOLINT
  operator const PartialShape&() const { return shape; }  // NOLINT
};

// Writes every attribute as text into `values`; after `replay = true`, reads them back instead.
class TextAttributes : public AttributeVisitor {
 public:
  std::map<std::string, std::string> values;
  bool replay = false;

  void on_attribute(const std::string& name, bool& v) override { visit(name, v); }
  void on_attribute(const std::string& name, int64_t& v) override { visit(name, v); }
  void on_attribute(const std::string& name, double& v) override { visit(name, v); }
  void on_attribute(const std::string& name, std::string& v) override {
    if (replay) {
      v = values.at(name);
    } else {
      values[name] = v;
    }
  }
  void on_attribute(const std::string& name, std::vector<int64_t>& v) override { visit_list(name, v); }
  void on_attribute(const std::string& name, std::vector<float>& v) override { visit_list(name, v); }
  void on_attribute(const std::string& name, std::vector<std::string>& v) override { visit_list(name, v); }
  void on_attribute(const std::string& name, element::Type& v) override {
    if (replay) {
      v = element::Type::from_string(values.at(name));
    } else {
      values[name] = v.get_type_name();
    }
  }
  void on_attribute(const std::string& name, Shape& v) override { visit_list(name, v); }
  void on_attribute(const std::string& name, Strides& v) override { visit_list(name, v); }
  void on_attribute(const std::string& name, CoordinateDiff& v) override { visit_list(name, v); }
  void on_attribute(const std::string& name, PartialShape& v) override {
    if (replay) {
      v = PartialShape::parse(values.at(name));
    } else {
      values[name] = v.to_string();
    }
  }
  void on_constant_data(const std::string&, op::v0::Constant&) override {}

 private:
  template <typename T>
  void visit(const std::string& name, T& v) {
    if (replay) {
      std::istringstream(values.at(name)) >> std::boolalpha >> v;
    } else {
      std::ostringstream out;
      out << std::boolalpha << v;
      values[name] = out.str();
    }
  }
  template <typename List>
  void visit_list(const std::string& name, List& v) {
    if (!replay) {
      std::ostringstream out;
      for (size_t i = 0; i < v.size(); ++i) out << (i ? "," : "") << v[i];
      values[name] = out.str();
      return;
    }
    v.clear();
    std::istringstream in(values.at(name));
    std::string item;
    while (std::getline(in, item, ',')) {
      typename List::value_type x{};
      std::istringstream(item) >> x;
      v.push_back(x);
    }
  }
};

// Creates a fresh op of `original`'s type from the registry, replays its attributes into it and
// connects the same inputs: what an IR reader does.
inline std::shared_ptr<Node> restore_from_attributes(const std::shared_ptr<Node>& original) {
  TextAttributes text;
  original->visit_attributes(text);
  const DiscreteTypeInfo& info = original->get_type_info();
  std::shared_ptr<Node> copy = OpRegistry::global().create(info.name, info.version_id);
  text.replay = true;
  copy->visit_attributes(text);
  copy->set_arguments(original->input_values());
  copy->validate_and_infer_types();
  return copy;
}

inline std::map<std::string, std::string> attributes_of(const std::shared_ptr<Node>& node) {
  TextAttributes text;
  node->visit_attributes(text);
  return text.values;
}

// Copies `values` into a new tensor of element type T.
template <typename T>
Tensor make_tensor(const Shape& shape, const std::vector<float>& values) {
  Tensor tensor(element::from<T>(), shape);
  T* data = tensor.data<T>();
  for (size_t i = 0; i < values.size(); ++i) data[i] = static_cast<T>(values[i]);
  return tensor;
}

// The elements of a tensor of element type T as doubles.
template <typename T>
std::vector<double> values_of(const Tensor& tensor) {
  const T* data = tensor.data<const T>();
  std::vector<double> out;
  for (size_t i = 0; i < tensor.get_size(); ++i) out.push_back(static_cast<double>(data[i]));
  return out;
}

}  // namespace testing
}  // namespace ferry
