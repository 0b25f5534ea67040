// The CNN ops (activations, ...) through the IR writer and reader: same op type and version,
// attributes, element types and shapes; the written XML names them as OpenVINO does.
#include <cstring>
#include <sstream>

#include <gtest/gtest.h>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry {
namespace {

using namespace ferry::op;

std::shared_ptr<Model> write_and_read(const std::shared_ptr<Model>& model, std::string& xml_text) {
  std::ostringstream xml, bin;
  serialize(model, xml, bin);
  xml_text = xml.str();
  const std::string bytes = bin.str();
  auto weights = std::make_shared<AlignedBuffer>(bytes.size());
  if (!bytes.empty()) std::memcpy(weights->data(), bytes.data(), bytes.size());
  return read_ir_from_memory(xml_text, weights, "cnn_ops.xml");
}

// Every op of `expected`, found by friendly name in `actual`, has the same type, version,
// output element types and shapes.
void expect_same_ops(const Model& expected, const Model& actual) {
  std::map<std::string, std::shared_ptr<Node>> by_name;
  for (const auto& node : actual.get_ordered_ops()) by_name[node->get_friendly_name()] = node;
  for (const auto& node : expected.get_ordered_ops()) {
    const auto found = by_name.find(node->get_friendly_name());
    ASSERT_NE(found, by_name.end()) << node->describe();
    const Node& read = *found->second;
    EXPECT_EQ(node->get_type_info(), read.get_type_info()) << node->describe();
    ASSERT_EQ(node->get_output_size(), read.get_output_size());
    for (size_t i = 0; i < node->get_output_size(); ++i) {
      EXPECT_EQ(node->get_output_element_type(i), read.get_output_element_type(i)) << node->describe();
      EXPECT_EQ(node->get_output_partial_shape(i), read.get_output_partial_shape(i)) << node->describe();
    }
  }
}

std::shared_ptr<v0::Parameter> named_parameter(const element::Type& type, const PartialShape& shape) {
  auto p = std::make_shared<v0::Parameter>(type, shape);
  p->set_friendly_name("x");
  return p;
}

template <typename T>
std::shared_ptr<T> named(std::shared_ptr<T> node, const std::string& name) {
  node->set_friendly_name(name);
  return node;
}

TEST(CnnOpsIrRoundTrip, Activations) {
  auto x = named_parameter(element::f32, PartialShape("[?,3,1..8,8]"));
  auto clamp = named(std::make_shared<v0::Clamp>(x, -0.5, 6.25), "clamp");
  auto prelu = named(std::make_shared<v0::PRelu>(
                         clamp, v0::Constant::create(element::f32, Shape{3}, std::vector<float>{0.1f, 0.2f, 0.3f})),
                     "prelu");
  auto elu = named(std::make_shared<v0::Elu>(prelu, 0.75), "elu");
  auto hswish = named(std::make_shared<v4::HSwish>(elu), "hswish");
  auto hsigmoid = named(std::make_shared<v5::HSigmoid>(hswish), "hsigmoid");
  auto swish = named(
      std::make_shared<v4::Swish>(hsigmoid, v0::Constant::create(element::f32, Shape{}, std::vector<float>{1.5f})),
      "swish");
  auto swish1 = named(std::make_shared<v4::Swish>(swish), "swish_no_beta");
  auto mish = named(std::make_shared<v4::Mish>(swish1), "mish");
  auto softplus = named(std::make_shared<v4::SoftPlus>(mish), "softplus");
  auto result = std::make_shared<v0::Result>(softplus);
  auto model = std::make_shared<Model>(ResultVector{result}, ParameterVector{x}, "activations");
  std::string xml;
  std::shared_ptr<Model> read;
  ASSERT_NO_THROW(read = write_and_read(model, xml)) << xml;
  expect_same_ops(*model, *read);
  for (const char* expected :
       {"type=\"Clamp\" version=\"opset1\"", "type=\"PRelu\" version=\"opset1\"", "type=\"Elu\" version=\"opset1\"",
        "type=\"HSwish\" version=\"opset4\"", "type=\"HSigmoid\" version=\"opset5\"",
        "type=\"Swish\" version=\"opset4\"", "type=\"Mish\" version=\"opset4\"", "type=\"SoftPlus\" version=\"opset4\"",
        "alpha=\"0.75\"", "min=\"-0.5\"", "max=\"6.25\""})
    EXPECT_NE(xml.find(expected), std::string::npos) << expected << "\n" << xml;
  std::map<std::string, std::shared_ptr<Node>> ops;
  for (const auto& node : read->get_ordered_ops()) ops[node->get_friendly_name()] = node;
  auto read_clamp = as_type_ptr<v0::Clamp>(ops.at("clamp"));
  ASSERT_TRUE(read_clamp);
  EXPECT_EQ(read_clamp->get_min(), -0.5);
  EXPECT_EQ(read_clamp->get_max(), 6.25);
  EXPECT_EQ(as_type_ptr<v0::Elu>(ops.at("elu"))->get_alpha(), 0.75);
  EXPECT_EQ(ops.at("swish_no_beta")->get_input_size(), 1u);
  EXPECT_EQ(ops.at("swish")->get_input_size(), 2u);
}

TEST(CnnOpsIrRoundTrip, BatchNormDepthSpaceAndPad) {
  auto x = named_parameter(element::f32, PartialShape("[?,8,2..4,4]"));
  auto channel = [](float value) { return v0::Constant::create(element::f32, Shape{8}, std::vector<float>(8, value)); };
  auto bn =
      named(std::make_shared<v5::BatchNormInference>(x, channel(1.f), channel(0.f), channel(0.5f), channel(2.f), 0.001),
            "bn");
  auto d2s = named(std::make_shared<v0::DepthToSpace>(bn, BlockMode::DEPTH_FIRST, 2), "d2s");
  auto s2d = named(std::make_shared<v0::SpaceToDepth>(d2s, BlockMode::BLOCKS_FIRST, 2), "s2d");
  auto pads = [](std::vector<int64_t> v) { return v0::Constant::create(element::i64, Shape{4}, v); };
  auto pad1 = named(std::make_shared<v1::Pad>(s2d, pads({0, 0, 1, 1}), pads({0, 0, 1, 0}),
                                              v0::Constant::create(element::f32, Shape{}, std::vector<float>{0.5f}),
                                              PadMode::CONSTANT),
                    "pad1");
  auto pad12 =
      named(std::make_shared<v12::Pad>(pad1, pads({0, -1, 1, 1}), pads({0, 0, 1, 1}), PadMode::REFLECT), "pad12");
  auto model = std::make_shared<Model>(ResultVector{std::make_shared<v0::Result>(pad12)}, ParameterVector{x}, "cnn");
  std::string xml;
  std::shared_ptr<Model> read;
  ASSERT_NO_THROW(read = write_and_read(model, xml)) << xml;
  expect_same_ops(*model, *read);
  for (const char* expected :
       {"type=\"BatchNormInference\" version=\"opset5\"", "epsilon=\"0.001", "type=\"DepthToSpace\" version=\"opset1\"",
        "mode=\"depth_first\"", "type=\"SpaceToDepth\" version=\"opset1\"", "block_size=\"2\"",
        "type=\"Pad\" version=\"opset1\"", "type=\"Pad\" version=\"opset12\"", "pad_mode=\"reflect\"",
        "pad_mode=\"constant\""})
    EXPECT_NE(xml.find(expected), std::string::npos) << expected << "\n" << xml;
}

}  // namespace
}  // namespace ferry
