// The reduction, normalisation and math ops through the IR writer and reader: same op types and
// versions, attributes as OpenVINO spells them, and the same results when evaluated.
#include <cstring>
#include <map>
#include <sstream>

#include <gtest/gtest.h>

#include "ferry/graph/ir/ir_reader.hpp"
#include "ferry/graph/ir/ir_writer.hpp"
#include "ferry/graph/ops.hpp"
#include "ferry/testing/ir_test_util.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace {

using namespace ferry::op;
using ir_test::i64s;
using ir_test::write_and_read;

TEST(IrMathOpsRoundTrip, OpsAttributesAndResults) {
  auto x = std::make_shared<v0::Parameter>(element::f32, PartialShape("[2,3,?]"));
  auto y = std::make_shared<v0::Parameter>(element::i32, PartialShape("[2..4]"));
  OutputVector outputs{
      std::make_shared<v1::ReduceSum>(x, i64s({1}), true),
      std::make_shared<v1::ReduceMax>(x, i64s({0, 1}), false),
      std::make_shared<v1::ReduceMin>(x, i64s({-1}), true),
      std::make_shared<v1::ReduceProd>(x, i64s({2}), false),
      std::make_shared<v4::ReduceL1>(x, i64s({1}), false),
      std::make_shared<v4::ReduceL2>(x, i64s({1}), true),
      std::make_shared<v5::LogSoftmax>(x, -1),
      std::make_shared<v6::MVN>(x, i64s({1, 2}), false, 0.25f, MVNEpsMode::OUTSIDE_SQRT),
      std::make_shared<v0::NormalizeL2>(x, i64s({1}), 1e-3f, EpsMode::MAX),
      std::make_shared<v0::LRN>(x, i64s({1}), 0.5, 0.25, 2.0, 3),
      std::make_shared<v0::Sin>(x),
      std::make_shared<v3::Atanh>(std::make_shared<v9::SoftSign>(x)),
      std::make_shared<v1::Power>(x, x),
      std::make_shared<v1::FloorMod>(y, y),
      std::make_shared<v1::Mod>(y, y),
      std::make_shared<v15::BitwiseLeftShift>(y, y),
  };
  const auto model = std::make_shared<Model>(outputs, ParameterVector{x, y}, "math");
  std::string xml;
  const auto read = write_and_read(model, xml, "math_ops.xml");
  EXPECT_NE(xml.find("type=\"ReduceL2\" version=\"opset4\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("type=\"MVN\" version=\"opset6\""), std::string::npos);
  EXPECT_NE(xml.find("eps_mode=\"outside_sqrt\""), std::string::npos);
  EXPECT_NE(xml.find("eps_mode=\"max\""), std::string::npos);
  EXPECT_NE(xml.find("type=\"BitwiseLeftShift\" version=\"opset15\""), std::string::npos);

  std::map<std::string, int> written, found;
  for (const auto& node : model->get_ordered_ops()) ++written[node->get_type_info().to_string()];
  for (const auto& node : read->get_ordered_ops()) ++found[node->get_type_info().to_string()];
  EXPECT_EQ(written, found);
  for (const auto& node : read->get_ordered_ops()) {
    if (const auto mvn = std::dynamic_pointer_cast<v6::MVN>(node)) {
      EXPECT_FALSE(mvn->get_normalize_variance());
      EXPECT_EQ(mvn->get_eps(), 0.25);
      EXPECT_EQ(mvn->get_eps_mode(), MVNEpsMode::OUTSIDE_SQRT);
    } else if (const auto lrn = std::dynamic_pointer_cast<v0::LRN>(node)) {
      EXPECT_EQ(lrn->get_alpha(), 0.5);
      EXPECT_EQ(lrn->get_nsize(), 3u);
    } else if (const auto sum = std::dynamic_pointer_cast<v1::ReduceSum>(node)) {
      EXPECT_TRUE(sum->get_keep_dims());
    }
  }

  Tensor xs(element::f32, Shape{2, 3, 2}), ys(element::i32, Shape{3});
  for (size_t i = 0; i < xs.get_size(); ++i) xs.data<float>()[i] = 0.1f * float(i) - 0.5f;
  for (size_t i = 0; i < ys.get_size(); ++i) ys.data<int32_t>()[i] = int32_t(i) + 1;
  TensorVector expected, actual;
  ASSERT_TRUE(model->evaluate(expected, {xs, ys}));
  ASSERT_TRUE(read->evaluate(actual, {xs, ys}));
  ASSERT_EQ(expected.size(), actual.size());
  for (size_t o = 0; o < expected.size(); ++o) {
    ASSERT_EQ(expected[o].get_shape(), actual[o].get_shape()) << o;
    EXPECT_EQ(0, std::memcmp(expected[o].data(), actual[o].data(), expected[o].get_byte_size())) << o;
  }
}

}  // namespace
}  // namespace ferry
