#include "ferry/graph/attribute_visitor.hpp"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "ferry/graph/op_registry.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry {
namespace {

// Stores attributes as text, like an IR <data> element, and Constant bytes in a "bin" vector.
// In write mode it records values; in read mode it overwrites them.
class TextVisitor : public AttributeVisitor {
 public:
  std::map<std::string, std::string> attributes;
  std::vector<char> bin;
  bool reading = false;

  void on_attribute(const std::string& name, bool& value) override {
    text(
        name, value, [](const std::string& s) { return s == "true"; }, [](bool v) { return v ? "true" : "false"; });
  }
  void on_attribute(const std::string& name, int64_t& value) override { streamed(name, value); }
  void on_attribute(const std::string& name, double& value) override { streamed(name, value); }
  void on_attribute(const std::string& name, std::string& value) override {
    text(
        name, value, [](const std::string& s) { return s; }, [](const std::string& v) { return v; });
  }
  void on_attribute(const std::string& name, std::vector<int64_t>& value) override { list(name, value); }
  void on_attribute(const std::string& name, std::vector<float>& value) override { list(name, value); }
  void on_attribute(const std::string& name, std::vector<std::string>& value) override { list(name, value); }
  void on_attribute(const std::string& name, element::Type& value) override {
    text(
        name, value, [](const std::string& s) { return element::Type::from_string(s); },
        [](const element::Type& v) { return v.get_type_name(); });
  }
  void on_attribute(const std::string& name, Shape& value) override { list(name, value); }
  void on_attribute(const std::string& name, Strides& value) override { list(name, value); }
  void on_attribute(const std::string& name, CoordinateDiff& value) override { list(name, value); }
  void on_attribute(const std::string& name, PartialShape& value) override {
    text(
        name, value, [](const std::string& s) { return PartialShape::parse(s); },
        [](const PartialShape& v) { return v.to_string(); });
  }
  void on_constant_data(const std::string& name, op::v0::Constant& constant) override {
    if (!reading) {
      attributes[name + ".offset"] = std::to_string(bin.size());
      const char* data = static_cast<const char*>(constant.get_data_ptr());
      bin.insert(bin.end(), data, data + constant.get_byte_size());
      return;
    }
    // Share one buffer over the whole "file", as an IR reader does.
    if (!shared_bin) shared_bin = std::make_shared<AlignedBuffer>(bin.data(), bin.size(), nullptr);
    constant.set_data_buffer(shared_bin, std::stoul(attributes.at(name + ".offset")));
  }

 private:
  template <typename T, typename Parse, typename Print>
  void text(const std::string& name, T& value, Parse parse, Print print) {
    if (!reading) {
      attributes[name] = print(value);
    } else if (attributes.count(name)) {
      value = parse(attributes[name]);
    }
  }
  template <typename T>
  void streamed(const std::string& name, T& value) {
    text(
        name, value,
        [](const std::string& s) {
          T v;
          std::istringstream(s) >> v;
          return v;
        },
        [](const T& v) {
          std::ostringstream o;
          o.precision(17);
          o << v;
          return o.str();
        });
  }
  template <typename List>
  void list(const std::string& name, List& value) {
    text(
        name, value,
        [](const std::string& s) {
          List v;
          std::istringstream in(s);
          std::string item;
          while (std::getline(in, item, ',')) {
            typename List::value_type x;
            std::istringstream(item) >> x;
            v.push_back(x);
          }
          return v;
        },
        [](const List& v) {
          std::ostringstream o;
          for (size_t i = 0; i < v.size(); ++i) o << (i ? "," : "") << v[i];
          return o.str();
        });
  }
  std::shared_ptr<AlignedBuffer> shared_bin;
};

// Writes `original`, restores a default-constructed op of its type from the text, reconnects
// the same inputs, and checks the copy writes the same attributes and infers the same output.
std::shared_ptr<Node> round_trip(const std::shared_ptr<Node>& original, TextVisitor& visitor) {
  visitor.reading = false;
  EXPECT_TRUE(original->visit_attributes(visitor));
  const auto& info = original->get_type_info();
  auto copy = OpRegistry::global().create(info.name, info.version_id);
  visitor.reading = true;
  copy->visit_attributes(visitor);
  copy->set_arguments(original->input_values());
  copy->validate_and_infer_types();
  TextVisitor again;
  copy->visit_attributes(again);
  auto without_offsets = [](std::map<std::string, std::string> a) {
    a.erase("value.offset");  // where the bytes sit in each visitor's own "bin"
    return a;
  };
  EXPECT_EQ(without_offsets(again.attributes), without_offsets(visitor.attributes)) << original->describe();
  for (size_t i = 0; i < original->get_output_size(); ++i) {
    EXPECT_EQ(copy->get_output_element_type(i), original->get_output_element_type(i)) << original->describe();
    EXPECT_EQ(copy->get_output_partial_shape(i), original->get_output_partial_shape(i)) << original->describe();
  }
  return copy;
}

TEST(AttributeVisitor, EveryOpRestoresFromItsAttributes) {
  using namespace op;
  auto x = std::make_shared<v0::Parameter>(element::f32, PartialShape("[2,?,4..6]"));
  auto y = std::make_shared<v0::Parameter>(element::f32, PartialShape("[2,4,5]"));
  auto shape = v0::Constant::create<int64_t>(element::i64, Shape{2}, {0, -1});
  auto order = v0::Constant::create<int32_t>(element::i32, Shape{3}, {2, 0, 1});
  auto axes = v0::Constant::create<int64_t>(element::i64, Shape{1}, {-1});
  auto ints = std::make_shared<v0::Parameter>(element::i32, PartialShape{3});
  const std::vector<std::shared_ptr<Node>> ops = {
      x,
      shape,
      std::make_shared<v0::Result>(x),
      std::make_shared<v0::Convert>(x, element::f16),
      std::make_shared<v1::Add>(x, y, AutoBroadcastType::NUMPY),
      std::make_shared<v1::Subtract>(y, y, AutoBroadcastType::NONE),
      std::make_shared<v1::Multiply>(x, y),
      std::make_shared<v1::Divide>(ints, ints, false),
      std::make_shared<v1::Maximum>(x, y),
      std::make_shared<v1::Minimum>(y, std::make_shared<v0::Parameter>(element::f32, PartialShape{4, 1}),
                                    AutoBroadcastSpec(AutoBroadcastType::PDPD, 1)),
      std::make_shared<v0::MatMul>(y, y, false, true),
      std::make_shared<v0::Relu>(x),
      std::make_shared<v0::Sigmoid>(x),
      std::make_shared<v0::Tanh>(x),
      std::make_shared<v0::Exp>(x),
      std::make_shared<v1::Softmax>(x, 2),
      std::make_shared<v8::Softmax>(x, -1),
      std::make_shared<v1::Reshape>(y, shape, true),
      std::make_shared<v1::Transpose>(y, order),
      std::make_shared<v0::Concat>(OutputVector{y, y}, -2),
      std::make_shared<v1::ReduceMean>(y, axes, true),
  };
  for (const auto& node : ops) {
    TextVisitor visitor;
    round_trip(node, visitor);
  }
}

TEST(AttributeVisitor, UsesIrAttributeNames) {
  using namespace op;
  auto y = std::make_shared<v0::Parameter>(element::f32, PartialShape("[2,4]"));
  auto check = [](const std::shared_ptr<Node>& node, std::map<std::string, std::string> expected) {
    TextVisitor visitor;
    node->visit_attributes(visitor);
    EXPECT_EQ(visitor.attributes, expected) << node->describe();
  };
  check(y, {{"shape", "[2,4]"}, {"element_type", "f32"}});
  check(std::make_shared<v0::MatMul>(y, y, false, true), {{"transpose_a", "false"}, {"transpose_b", "true"}});
  check(std::make_shared<v1::Add>(y, y), {{"auto_broadcast", "numpy"}});
  check(std::make_shared<v1::Divide>(y, y), {{"auto_broadcast", "numpy"}, {"m_pythondiv", "true"}});
  check(std::make_shared<v8::Softmax>(y, -1), {{"axis", "-1"}});
  check(std::make_shared<v0::Convert>(y, element::boolean), {{"destination_type", "boolean"}});
  check(std::make_shared<v0::Concat>(OutputVector{y, y}, 1), {{"axis", "1"}});
  check(std::make_shared<v1::ReduceMean>(y, v0::Constant::create<int64_t>(element::i64, Shape{}, {1}), true),
        {{"keep_dims", "true"}});
  check(std::make_shared<v1::Reshape>(y, v0::Constant::create<int64_t>(element::i64, Shape{1}, {8}), false),
        {{"special_zero", "false"}});
  check(v0::Constant::create<float>(element::f32, Shape{2}, {1, 2}),
        {{"element_type", "f32"}, {"shape", "2"}, {"value.offset", "0"}});
}

TEST(AttributeVisitor, ConstantsShareTheReadersBuffer) {
  TextVisitor visitor;
  auto c = op::v0::Constant::create<float>(element::f32, Shape{2, 2}, {1.5f, -2.f, 3.f, 4.25f});
  visitor.bin.assign(12, 'x');  // something before it, so the offset is not 0
  auto copy = std::static_pointer_cast<op::v0::Constant>(round_trip(c, visitor));
  EXPECT_EQ(copy->get_vector<float>(), (std::vector<float>{1.5f, -2.f, 3.f, 4.25f}));
  EXPECT_EQ(copy->get_data_ptr(), visitor.bin.data() + 12);  // no copy
  EXPECT_EQ(copy->get_data_offset(), 12u);
}

TEST(AttributeVisitor, EnumsAreStringsAndBadSpellingsNameTheAttribute) {
  TextVisitor visitor;
  visitor.reading = true;
  visitor.attributes["auto_pad"] = "SAME_UPPER";
  op::PadType pad = op::PadType::EXPLICIT;
  visitor.on_enum("auto_pad", pad);
  EXPECT_EQ(pad, op::PadType::SAME_UPPER);
  visitor.attributes["rounding_type"] = "ceil_torch";
  op::RoundingType rounding = op::RoundingType::FLOOR;
  visitor.on_enum("rounding_type", rounding);
  EXPECT_EQ(rounding, op::RoundingType::CEIL_TORCH);
  visitor.attributes["auto_broadcast"] = "sideways";
  op::AutoBroadcastSpec spec;
  try {
    visitor.on_auto_broadcast("auto_broadcast", spec);
    FAIL();
  } catch (const Exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'sideways'"), std::string::npos) << what;
    EXPECT_NE(what.find("'auto_broadcast'"), std::string::npos) << what;
    EXPECT_NE(what.find("numpy|none|pdpd"), std::string::npos) << what;
  }
  EXPECT_EQ(enum_to_string(op::PadType::VALID), "valid");
  EXPECT_EQ(enum_to_string(op::RoundingType::FLOOR), "floor");
}

}  // namespace
}  // namespace ferry
