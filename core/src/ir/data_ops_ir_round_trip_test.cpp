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
#include "ferry/testing/ir_test_util.hpp"

namespace ferry {
namespace {

using namespace ferry::op;
using ir_test::expect_same_ops;
using ir_test::named;
using ir_test::named_parameter;
using ir_test::write_and_read;

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
  ASSERT_NO_THROW(read = write_and_read(model, xml, "data_ops.xml")) << xml;
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
