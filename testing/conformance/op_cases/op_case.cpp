#include "op_case.hpp"

#include <cctype>
#include <cmath>
#include <set>
#include <sstream>

#include "ferry/base/element_convert.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/attribute_visitor.hpp"
#include "ferry/graph/op_registry.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/plugin/support/checksum.hpp"

namespace ferry::conformance {
namespace {

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> parts;
  if (text.empty()) return parts;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, ',')) parts.push_back(part);
  return parts;
}

// Sets an op's attributes from text, like the IR reader does from XML; remembers which entries
// the op asked for, so that a misspelt attribute is an error instead of a silent default.
class AttributeSetter : public AttributeVisitor {
 public:
  explicit AttributeSetter(const Attrs& attrs) : m_attrs(attrs) {}

  void on_attribute(const std::string& name, bool& value) override {
    if (const std::string* text = find(name)) value = *text == "true" || *text == "1";
  }
  void on_attribute(const std::string& name, int64_t& value) override {
    if (const std::string* text = find(name)) value = std::stoll(*text);
  }
  void on_attribute(const std::string& name, double& value) override {
    if (const std::string* text = find(name)) value = std::stod(*text);
  }
  void on_attribute(const std::string& name, std::string& value) override {
    if (const std::string* text = find(name)) value = *text;
  }
  void on_attribute(const std::string& name, std::vector<int64_t>& value) override { set_list(name, value); }
  void on_attribute(const std::string& name, std::vector<float>& value) override {
    if (const std::string* text = find(name)) {
      value.clear();
      for (const auto& part : split(*text)) value.push_back(std::stof(part));
    }
  }
  void on_attribute(const std::string& name, std::vector<std::string>& value) override {
    if (const std::string* text = find(name)) value = split(*text);
  }
  void on_attribute(const std::string& name, element::Type& value) override {
    if (const std::string* text = find(name)) value = element::Type::from_string(*text);
  }
  void on_attribute(const std::string& name, Shape& value) override { set_list(name, value); }
  void on_attribute(const std::string& name, Strides& value) override { set_list(name, value); }
  void on_attribute(const std::string& name, CoordinateDiff& value) override { set_list(name, value); }
  void on_attribute(const std::string& name, PartialShape& value) override {
    if (const std::string* text = find(name)) value = PartialShape::parse(*text);
  }
  void on_constant_data(const std::string&, op::v0::Constant&) override {}

  std::vector<std::string> unused() const {
    std::vector<std::string> names;
    for (const auto& entry : m_attrs)
      if (!m_used.count(entry.first)) names.push_back(entry.first);
    return names;
  }

 private:
  const std::string* find(const std::string& name) {
    const auto it = m_attrs.find(name);
    if (it == m_attrs.end()) return nullptr;
    m_used.insert(name);
    return &it->second;
  }
  template <typename List>
  void set_list(const std::string& name, List& value) {
    if (const std::string* text = find(name)) {
      value.clear();
      for (const auto& part : split(*text)) value.push_back(static_cast<typename List::value_type>(std::stoll(part)));
    }
  }

  const Attrs& m_attrs;
  std::set<std::string> m_used;
};

std::shared_ptr<Node> make_node(const std::string& type, const std::string& opset, const OutputVector& inputs,
                                const Attrs& attrs) {
  std::shared_ptr<Node> node = OpRegistry::global().create(type, opset);
  AttributeSetter setter(attrs);
  node->visit_attributes(setter);
  const auto unused = setter.unused();
  FERRY_ASSERT(unused.empty(), "conformance: ", type, "-", opset, " does not visit the attribute '",
               unused.empty() ? "" : unused.front(), "' the case sets");
  node->set_arguments(inputs);
  node->validate_and_infer_types();
  return node;
}

// splitmix64: a small, portable generator, so values are the same on every platform.
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double low, double high) { return low + (high - low) * double(next() >> 11) / double(1ull << 53); }
  int64_t integer(int64_t low, int64_t high) { return low + int64_t(next() % uint64_t(high - low + 1)); }
};

double draw(Random& random, const element::Type& type, Domain domain) {
  if (domain == Domain::Bool || type == element::boolean) return double(random.integer(0, 1));
  if (type.is_real()) {
    switch (domain) {
      case Domain::Positive:
        return random.uniform(0.1, 3.0);
      case Domain::Unit:
        return random.uniform(-0.95, 0.95);
      case Domain::AboveOne:
        return random.uniform(1.05, 3.0);
      case Domain::NonZero:
        return (random.integer(0, 1) ? 1 : -1) * random.uniform(0.5, 3.0);
      default:
        return random.uniform(-3.0, 3.0);
    }
  }
  const bool is_signed = type.is_signed();
  switch (domain) {
    case Domain::Positive:
      return double(random.integer(1, 9));
    case Domain::Unit:
      return double(random.integer(is_signed ? -1 : 0, 1));
    case Domain::AboveOne:
      return double(random.integer(2, 9));
    case Domain::NonZero:
      return double(random.integer(1, 9) * (is_signed && random.integer(0, 1) ? -1 : 1));
    default:
      return double(random.integer(is_signed ? -9 : 0, 9));
  }
}

}  // namespace

std::string list(const std::vector<int64_t>& values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) text += (i ? "," : "") + std::to_string(values[i]);
  return text;
}

Tensor random_tensor(const element::Type& type, const Shape& shape, Domain domain, uint64_t seed) {
  Tensor tensor(type, shape);
  Random random{seed};
  element::visit_storage(type, "conformance input", [&](auto tag) {
    using S = typename decltype(tag)::type;
    S* data = static_cast<S*>(tensor.data());
    for (size_t i = 0; i < tensor.get_size(); ++i) {
      const double value = draw(random, type, domain);
      if constexpr (is_real_element<S>::value) {
        data[i] = S(static_cast<float>(value));
      } else {
        data[i] = static_cast<S>(value);
      }
    }
  });
  return tensor;
}

Output<Node> GraphBuilder::input(const element::Type& type, const PartialShape& shape, Domain domain) {
  auto parameter = std::make_shared<op::v0::Parameter>(type, shape);
  const std::string name = "in" + std::to_string(m_parameters.size());
  parameter->set_friendly_name(name);
  parameter->output(0).set_names({name});
  m_parameters.push_back(parameter);
  m_domains.push_back(domain);
  return parameter;
}

Output<Node> GraphBuilder::constant(const element::Type& type, const Shape& shape, const std::vector<double>& values) {
  auto node = op::v0::Constant::create(type, shape, values);
  node->set_friendly_name("const" + std::to_string(m_constants++));
  return node;
}

Output<Node> GraphBuilder::ints(const element::Type& type, const Shape& shape, const std::vector<int64_t>& values) {
  auto node = op::v0::Constant::create(type, shape, values);
  node->set_friendly_name("const" + std::to_string(m_constants++));
  return node;
}

Output<Node> GraphBuilder::i64s(const std::vector<int64_t>& values) {
  return ints(element::i64, Shape{values.size()}, values);
}

Output<Node> GraphBuilder::random_constant(const element::Type& type, const Shape& shape, Domain domain) {
  const Tensor values = random_tensor(type, shape, domain, m_seed + 7919 * uint64_t(++m_constants));
  auto node = std::make_shared<op::v0::Constant>(type, shape, values.data());
  node->set_friendly_name("const" + std::to_string(m_constants));
  return node;
}

std::shared_ptr<Node> GraphBuilder::op(const OpId& id, const OutputVector& inputs, const Attrs& attrs) {
  auto node = make_node(id.type, id.opset, inputs, attrs);
  under_test(node);
  return node;
}

void GraphBuilder::under_test(const Output<Node>& value) {
  FERRY_ASSERT(m_op_name.empty(), "conformance: a case builds the op under test once");
  m_op_name = "op_under_test";
  value.get_node()->set_friendly_name(m_op_name);
}

std::shared_ptr<Node> GraphBuilder::helper(const std::string& type, const std::string& opset,
                                           const OutputVector& inputs, const Attrs& attrs) {
  return make_node(type, opset, inputs, attrs);
}

BuiltCase GraphBuilder::finish(const OutputVector& outputs) {
  FERRY_ASSERT(!m_op_name.empty(), "conformance: the case built no op under test");
  OutputVector named;
  for (size_t i = 0; i < outputs.size(); ++i) {
    // A Result's tensor names are those of the value it reads.
    Output<Node> value = outputs[i];
    if (std::string(value.get_node()->get_type_name()) == "Result") value = value.get_node()->input_value(0);
    if (value.get_node()->get_type_info() != op::v0::Parameter::get_type_info_static())
      value.get_node()->output(value.get_index()).set_names({"out" + std::to_string(i)});
    named.push_back(outputs[i]);
  }
  return BuiltCase{std::make_shared<Model>(named, m_parameters, "conformance_op"), m_domains, m_op_name, m_seed};
}

std::string OpCase::test_name() const {
  std::string text = op.type + "_" + op.opset + "__" + type_name + "__" + name;
  for (char& c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  return text;
}

BuiltCase OpCase::build() const {
  // The test name's FNV-1a, from this suite's own basis: stable inputs per case.
  const uint64_t seed = sdk::fnv1a64(test_name(), 1469598103934665603ull);
  GraphBuilder builder(seed);
  return builder.finish(graph(builder));
}

void add_case(std::vector<OpCase>& cases, const OpId& op, const element::Type& type, const std::string& name,
              GraphFunction graph) {
  cases.push_back(OpCase{op, type.get_type_name(), name, std::move(graph)});
}

}  // namespace ferry::conformance
