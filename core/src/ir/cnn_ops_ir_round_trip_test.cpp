// The CNN ops (activations, ...) through the IR writer and reader: same op type and version,
// attributes, element types and shapes; the written XML names them as OpenVINO does.
#include <cstring>
#include <sstream>

#include <gtest/gtest.h>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/testing/ir_test_util.hpp"

namespace ferry {
namespace {

using namespace ferry::op;
using ir_test::expect_same_ops;
using ir_test::named;
using ir_test::named_parameter;
using ir_test::write_and_read;

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
  ASSERT_NO_THROW(read = write_and_read(model, xml, "cnn_ops.xml")) << xml;
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
  ASSERT_NO_THROW(read = write_and_read(model, xml, "cnn_ops.xml")) << xml;
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
