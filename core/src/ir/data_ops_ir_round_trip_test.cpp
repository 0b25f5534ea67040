// The data-movement ops (Gather, Slice, Split, Broadcast, Scatter...) through the IR writer and
// reader: same op type and version,
// attributes, element types and shapes; the written XML names them as OpenVINO does.
#include <cstring>
#include <map>
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
  return read_ir_from_memory(xml_text, weights, "data_ops.xml");
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

TEST(DataOpsIrRoundTrip, ShapeAndIndexingOps) {
  auto x = named_parameter(element::f32, PartialShape("[?,6,1..4]"));
  auto i64s = [](std::vector<int64_t> v) { return v0::Constant::create(element::i64, Shape{v.size()}, v); };
  auto scalar = [](int64_t v) { return v0::Constant::create(element::i64, Shape{}, {v}); };
  auto unsqueeze = named(std::make_shared<v0::Unsqueeze>(x, i64s({0})), "unsqueeze");
  auto squeeze = named(std::make_shared<v0::Squeeze>(unsqueeze, i64s({0})), "squeeze");
  auto shape = named(std::make_shared<v3::ShapeOf>(squeeze, element::i32), "shape");
  auto gather = named(std::make_shared<v8::Gather>(squeeze, i64s({1, 0}), scalar(1), 0), "gather");
  auto slice = named(std::make_shared<v8::Slice>(gather, i64s({0}), i64s({-1}), i64s({1}), i64s({2})), "slice");
  auto split = named(std::make_shared<v1::Split>(squeeze, scalar(1), 3), "split");
  auto vsplit = named(std::make_shared<v1::VariadicSplit>(squeeze, scalar(1), i64s({4, -1})), "vsplit");
  auto tile = named(std::make_shared<v0::Tile>(split->output(2), i64s({1, 2, 1})), "tile");
  auto expand = named(std::make_shared<v3::Broadcast>(vsplit->output(1), i64s({2, 1, 1}), "bidirectional"), "expand");
  auto cumsum = named(std::make_shared<v0::CumSum>(expand, scalar(1), true, false), "cumsum");
  auto nd = named(std::make_shared<v8::GatherND>(
                      cumsum, v0::Constant::create(element::i32, Shape{2, 1}, std::vector<int32_t>{0, 1}), 0),
                  "gather_nd");
  auto scatter =
      named(std::make_shared<v12::ScatterElementsUpdate>(
                tile, v0::Constant::create(element::i64, Shape{1, 1, 1}, std::vector<int64_t>{0}),
                v0::Constant::create(element::f32, Shape{1, 1, 1}, std::vector<float>{1.f}), scalar(2), "mean", false),
            "scatter");
  auto one_hot =
      named(std::make_shared<v1::OneHot>(shape, scalar(4), v0::Constant::create(element::f32, Shape{}, {1.f}),
                                         v0::Constant::create(element::f32, Shape{}, {0.f}), 0),
            "one_hot");
  auto range = named(std::make_shared<v4::Range>(scalar(0), scalar(5), scalar(2), element::i32), "range");
  ResultVector results;
  for (const auto& node : NodeVector{slice, nd, scatter, one_hot, range})
    results.push_back(std::make_shared<v0::Result>(node));
  auto model = std::make_shared<Model>(results, ParameterVector{x}, "data_ops");
  std::string xml;
  std::shared_ptr<Model> read;
  ASSERT_NO_THROW(read = write_and_read(model, xml)) << xml;
  expect_same_ops(*model, *read);
  for (const char* expected :
       {"type=\"Squeeze\" version=\"opset1\"", "type=\"ShapeOf\" version=\"opset3\"",
        "type=\"Gather\" version=\"opset8\"", "type=\"Slice\" version=\"opset8\"", "type=\"Split\" version=\"opset1\"",
        "type=\"VariadicSplit\" version=\"opset1\"", "type=\"Broadcast\" version=\"opset3\"",
        "type=\"ScatterElementsUpdate\" version=\"opset12\"", "type=\"Range\" version=\"opset4\"",
        "mode=\"bidirectional\"", "num_splits=\"3\"", "reduction=\"mean\"", "use_init_val=\"false\"",
        "exclusive=\"true\"", "output_type=\"i32\""})
    EXPECT_NE(xml.find(expected), std::string::npos) << expected << "\n" << xml;
  std::map<std::string, std::shared_ptr<Node>> ops;
  for (const auto& node : read->get_ordered_ops()) ops[node->get_friendly_name()] = node;
  EXPECT_EQ(ops.at("split")->get_output_size(), 3u);
  EXPECT_EQ(ops.at("vsplit")->get_output_size(), 2u);
  EXPECT_EQ(as_type_ptr<v3::Broadcast>(ops.at("expand"))->get_mode(), "bidirectional");
}

}  // namespace
}  // namespace ferry
