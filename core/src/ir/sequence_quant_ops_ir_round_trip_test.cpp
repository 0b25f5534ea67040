// The recurrent sequence ops, Einsum and FakeQuantize through the IR writer and reader: same op
// type and version, attributes, output types and shapes, and OpenVINO's spellings in the XML.
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
using ir_test::write_and_read;

std::shared_ptr<Node> find(const Model& model, const std::string& name) {
  for (const auto& node : model.get_ordered_ops())
    if (node->get_friendly_name() == name) return node;
  ADD_FAILURE() << "no node " << name;
  return nullptr;
}

std::shared_ptr<v0::Parameter> input(const std::string& name, const char* shape,
                                     const element::Type& type = element::f32) {
  auto p = std::make_shared<v0::Parameter>(type, PartialShape(shape));
  p->set_friendly_name(name);
  return p;
}

TEST(SequenceQuantOpsIrRoundTrip, RecurrentOpsKeepAttributes) {
  ParameterVector params;
  const auto in = [&](const std::string& name, const char* shape, const element::Type& type = element::f32) {
    params.push_back(input(name, shape, type));
    return params.back();
  };
  auto x = in("x", "[?,5,3]"), h = in("h", "[?,2,4]"), c = in("c", "[?,2,4]"), len = in("len", "[?]", element::i32);
  auto lstm = std::make_shared<v5::LSTMSequence>(x, h, c, len, in("w", "[2,16,3]"), in("r", "[2,16,4]"),
                                                 in("b", "[2,16]"), 4, RecurrentSequenceDirection::BIDIRECTIONAL,
                                                 std::vector<std::string>{"sigmoid", "relu", "tanh"},
                                                 std::vector<float>{0.5f}, std::vector<float>{}, 2.5f);
  lstm->set_friendly_name("lstm");
  auto gru = std::make_shared<v5::GRUSequence>(x, in("h1", "[?,1,4]"), len, in("gw", "[1,12,3]"), in("gr", "[1,12,4]"),
                                               in("gb", "[1,16]"), 4, RecurrentSequenceDirection::REVERSE,
                                               std::vector<std::string>{"sigmoid", "tanh"}, std::vector<float>{},
                                               std::vector<float>{}, 0.f, true);
  gru->set_friendly_name("gru");
  auto rnn = std::make_shared<v5::RNNSequence>(x, in("h2", "[?,1,4]"), len, in("rw", "[1,4,3]"), in("rr", "[1,4,4]"),
                                               in("rb", "[1,4]"), 4, RecurrentSequenceDirection::FORWARD);
  rnn->set_friendly_name("rnn");
  ResultVector results;
  for (const auto& node : std::vector<std::shared_ptr<Node>>{lstm, gru, rnn})
    for (size_t i = 0; i < node->get_output_size(); ++i)
      results.push_back(std::make_shared<v0::Result>(node->output(i)));
  std::string xml;
  const auto read = write_and_read(std::make_shared<Model>(results, params, "recurrent"), xml, "sequence_ops.xml");
  for (const char* expected : {"type=\"LSTMSequence\" version=\"opset5\"", "type=\"GRUSequence\" version=\"opset5\"",
                               "type=\"RNNSequence\" version=\"opset5\"", "direction=\"bidirectional\"",
                               "activations=\"sigmoid", "linear_before_reset=\"true\""})
    EXPECT_NE(xml.find(expected), std::string::npos) << expected;
  const auto lstm2 = as_type_ptr<v5::LSTMSequence>(find(*read, "lstm"));
  ASSERT_TRUE(lstm2);
  EXPECT_EQ(lstm2->get_hidden_size(), 4);
  EXPECT_EQ(lstm2->get_direction(), RecurrentSequenceDirection::BIDIRECTIONAL);
  EXPECT_EQ(lstm2->get_activations(), (std::vector<std::string>{"sigmoid", "relu", "tanh"}));
  EXPECT_EQ(lstm2->get_activations_alpha(), std::vector<float>{0.5f});
  EXPECT_EQ(lstm2->get_clip(), 2.5f);
  EXPECT_EQ(lstm2->get_output_partial_shape(0), PartialShape("[?,2,5,4]"));
  const auto gru2 = as_type_ptr<v5::GRUSequence>(find(*read, "gru"));
  ASSERT_TRUE(gru2);
  EXPECT_TRUE(gru2->get_linear_before_reset());
  EXPECT_EQ(gru2->get_direction(), RecurrentSequenceDirection::REVERSE);
  const auto rnn2 = as_type_ptr<v5::RNNSequence>(find(*read, "rnn"));
  ASSERT_TRUE(rnn2);
  EXPECT_EQ(rnn2->get_activations(), std::vector<std::string>{"tanh"});
}

TEST(SequenceQuantOpsIrRoundTrip, EinsumAndFakeQuantize) {
  auto a = input("a", "[2,?,3]"), b = input("b", "[2,3,4]");
  auto einsum = std::make_shared<v7::Einsum>(OutputVector{a, b}, "bij,bjk->bik");
  einsum->set_friendly_name("einsum");
  const auto range = [](float v) { return v0::Constant::create(element::f32, Shape{}, std::vector<float>{v}); };
  auto fq = std::make_shared<v0::FakeQuantize>(einsum, range(-1), range(1), range(0), range(2), 17);
  fq->set_friendly_name("fq");
  std::string xml;
  const auto read = write_and_read(
      std::make_shared<Model>(ResultVector{std::make_shared<v0::Result>(fq)}, ParameterVector{a, b}, "m"), xml,
      "sequence_ops.xml");
  EXPECT_NE(xml.find("type=\"Einsum\" version=\"opset7\""), std::string::npos);
  EXPECT_NE(xml.find("equation=\"bij,bjk->bik\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("type=\"FakeQuantize\" version=\"opset1\""), std::string::npos);
  const auto einsum2 = as_type_ptr<v7::Einsum>(find(*read, "einsum"));
  ASSERT_TRUE(einsum2);
  EXPECT_EQ(einsum2->get_equation(), "bij,bjk->bik");
  const auto fq2 = as_type_ptr<v0::FakeQuantize>(find(*read, "fq"));
  ASSERT_TRUE(fq2);
  EXPECT_EQ(fq2->get_levels(), 17);
  EXPECT_EQ(fq2->get_output_partial_shape(0), PartialShape("[2,?,4]"));
}

}  // namespace
}  // namespace ferry
