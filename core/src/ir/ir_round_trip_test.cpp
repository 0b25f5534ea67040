// write -> read gives the same graph: ops and versions, attributes, element types, shapes
// (dynamic and bounded), friendly and tensor names, constant bytes, rt_info; and writing the
// read model again gives the very same files.
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

// Records every attribute as text, and a Constant's bytes, independently of the IR writer.
class AttributeCollector : public AttributeVisitor {
 public:
  std::map<std::string, std::string> values;

  void on_attribute(const std::string& name, bool& value) override { put(name, value ? "true" : "false"); }
  void on_attribute(const std::string& name, int64_t& value) override { put(name, std::to_string(value)); }
  void on_attribute(const std::string& name, double& value) override {
    std::ostringstream text;
    text.precision(17);
    text << value;
    put(name, text.str());
  }
  void on_attribute(const std::string& name, std::string& value) override { put(name, value); }
  void on_attribute(const std::string& name, std::vector<int64_t>& value) override { put_list(name, value); }
  void on_attribute(const std::string& name, std::vector<float>& value) override { put_list(name, value); }
  void on_attribute(const std::string& name, std::vector<std::string>& value) override { put_list(name, value); }
  void on_attribute(const std::string& name, element::Type& value) override { put(name, value.get_type_name()); }
  void on_attribute(const std::string& name, Shape& value) override { put_list(name, value); }
  void on_attribute(const std::string& name, Strides& value) override { put_list(name, value); }
  void on_attribute(const std::string& name, CoordinateDiff& value) override { put_list(name, value); }
  void on_attribute(const std::string& name, PartialShape& value) override { put(name, value.to_string()); }
  void on_constant_data(const std::string& name, v0::Constant& constant) override {
    const char* data = static_cast<const char*>(constant.get_data_ptr());
    put(name, std::string(data, data + constant.get_byte_size()));
  }

 private:
  void put(const std::string& name, const std::string& text) { values[name] = text; }
  template <typename List>
  void put_list(const std::string& name, const List& list) {
    std::ostringstream text;
    text.precision(9);
    for (const auto& item : list) text << item << ";";
    put(name, text.str());
  }
};

std::map<std::string, std::string> attributes_of(Node& node) {
  AttributeCollector collector;
  node.visit_attributes(collector);
  return collector.values;
}

std::map<std::string, std::string> rt_info_text(const AnyMap& info) {
  std::map<std::string, std::string> text;
  for (const auto& [key, value] : info) text[key] = value.is<AnyMap>() ? "{map}" : value.as<std::string>();
  return text;
}

// Walks both graphs from their results in step, expecting the same node at every position.
class GraphComparer {
 public:
  void compare(const Model& expected, const Model& actual) {
    EXPECT_EQ(expected.get_friendly_name(), actual.get_friendly_name());
    ASSERT_EQ(expected.get_parameters().size(), actual.get_parameters().size());
    ASSERT_EQ(expected.get_results().size(), actual.get_results().size());
    for (size_t i = 0; i < expected.get_parameters().size(); ++i)
      m_pairs[expected.get_parameters()[i].get()] = actual.get_parameters()[i].get();
    for (size_t i = 0; i < expected.get_results().size(); ++i)
      compare_nodes(*expected.get_results()[i], *actual.get_results()[i]);
    EXPECT_EQ(rt_info_text(expected.get_rt_info()), rt_info_text(actual.get_rt_info()));
  }

 private:
  void compare_nodes(Node& expected, Node& actual) {
    const auto seen = m_visited.find(&expected);
    if (seen != m_visited.end()) {
      EXPECT_EQ(seen->second, &actual) << expected.describe() << " maps to two nodes";
      return;
    }
    m_visited[&expected] = &actual;
    const auto pair = m_pairs.find(&expected);
    if (pair != m_pairs.end()) {
      EXPECT_EQ(pair->second, &actual) << expected.describe() << ": parameter order";
    }
    const std::string what = expected.describe();
    ASSERT_EQ(expected.get_type_info(), actual.get_type_info()) << what;
    EXPECT_EQ(expected.get_friendly_name(), actual.get_friendly_name()) << what;
    EXPECT_EQ(attributes_of(expected), attributes_of(actual)) << what;
    EXPECT_EQ(rt_info_text(expected.get_rt_info()), rt_info_text(actual.get_rt_info())) << what;
    ASSERT_EQ(expected.get_output_size(), actual.get_output_size()) << what;
    for (size_t i = 0; i < expected.get_output_size(); ++i) {
      EXPECT_EQ(expected.get_output_element_type(i), actual.get_output_element_type(i)) << what << " output " << i;
      EXPECT_EQ(expected.get_output_partial_shape(i), actual.get_output_partial_shape(i)) << what << " output " << i;
      EXPECT_EQ(expected.output(i).get_names(), actual.output(i).get_names()) << what << " output " << i;
      EXPECT_EQ(rt_info_text(expected.output(i).get_rt_info()), rt_info_text(actual.output(i).get_rt_info()))
          << what << " output " << i;
    }
    ASSERT_EQ(expected.get_input_size(), actual.get_input_size()) << what;
    for (size_t i = 0; i < expected.get_input_size(); ++i) {
      EXPECT_EQ(expected.input_value(i).get_index(), actual.input_value(i).get_index()) << what << " input " << i;
      compare_nodes(*expected.get_input_node_ptr(i), *actual.get_input_node_ptr(i));
    }
  }

  std::map<const Node*, const Node*> m_visited, m_pairs;
};

struct Written {
  std::string xml, bin;
};

Written write(const std::shared_ptr<const Model>& model) {
  std::ostringstream xml, bin;
  serialize(model, xml, bin);
  return {xml.str(), bin.str()};
}

std::shared_ptr<Model> read_back(const Written& files) {
  return ir_test::read_ir_bytes(files.xml, files.bin, "round_trip.xml");
}

// The whole check: same graph after a round trip, and a second write gives identical files.
void expect_round_trip(const std::shared_ptr<Model>& model) {
  const Written first = write(model);
  std::shared_ptr<Model> read;
  ASSERT_NO_THROW(read = read_back(first)) << first.xml;
  GraphComparer().compare(*model, *read);
  const Written second = write(read);
  EXPECT_EQ(first.xml, second.xml);
  EXPECT_EQ(first.bin, second.bin);
}

template <typename T>
std::shared_ptr<v0::Constant> constant(const element::Type& type, const Shape& shape, std::vector<T> values) {
  return v0::Constant::create(type, shape, values);
}

std::shared_ptr<v0::Parameter> parameter(const std::string& name, const element::Type& type,
                                         const PartialShape& shape) {
  auto node = std::make_shared<v0::Parameter>(type, shape);
  node->set_friendly_name(name);
  node->output(0).set_names({name});
  return node;
}

std::shared_ptr<v0::Result> result(const Output<Node>& value, const std::string& name) {
  auto node = std::make_shared<v0::Result>(value);
  node->set_friendly_name(name + "/sink");
  value.add_names({name});
  return node;
}

template <typename T>
std::shared_ptr<T> named(std::shared_ptr<T> node, const std::string& name) {
  node->set_friendly_name(name);
  return node;
}

TEST(IrRoundTripTest, ElementwiseOpsOnDynamicAndBoundedShapes) {
  auto x = parameter("x", element::f32, PartialShape::parse("?,1..10,4"));
  auto n = parameter("n", element::i32, PartialShape::parse("2..,4"));
  x->get_rt_info()["origin"] = std::string("unit test");
  x->output(0).add_names({"x_alias", "comma,name"});
  auto n_f32 = named(std::make_shared<v0::Convert>(n, element::f32), "n_f32");
  auto sub = named(std::make_shared<v1::Subtract>(x, n_f32), "sub");
  auto mul = named(std::make_shared<v1::Multiply>(sub, constant<float>(element::f32, {}, {0.1f})), "mul");
  auto div = named(std::make_shared<v1::Divide>(mul, std::make_shared<v0::Exp>(x), false), "div");
  auto mx = named(std::make_shared<v1::Maximum>(div, std::make_shared<v0::Sigmoid>(x)), "max");
  auto mn = named(std::make_shared<v1::Minimum>(mx, std::make_shared<v0::Tanh>(x)), "min");
  auto relu = named(std::make_shared<v0::Relu>(mn), "relu");
  auto same = named(std::make_shared<v1::Add>(relu, relu, AutoBroadcastSpec(AutoBroadcastType::NONE)), "add_none");
  auto soft1 = named(std::make_shared<v1::Softmax>(same, 2), "softmax1");
  auto soft8 = named(std::make_shared<v8::Softmax>(same, -1), "softmax8");
  auto cat = named(std::make_shared<v0::Concat>(OutputVector{soft1, soft8}, -1), "concat");
  mul->get_rt_info()["fused_names"] = std::string("a,b");
  cat->output(0).get_rt_info()["note"] = std::string("value");
  auto model = std::make_shared<Model>(ResultVector{result(cat, "out"), result(n_f32, "n_out")}, ParameterVector{x, n},
                                       "elementwise");
  model->get_rt_info()["framework"] = AnyMap{{"name", std::string("ferry")}, {"odd key", std::string("1")}};
  model->get_rt_info()["version note"] = std::string("two words");
  ASSERT_TRUE(model->is_dynamic());
  expect_round_trip(model);
}

TEST(IrRoundTripTest, ShapeOpsAndMatMul) {
  auto x = parameter("x", element::f32, PartialShape::parse("2,3,4"));
  auto t = named(std::make_shared<v1::Transpose>(x, constant<int64_t>(element::i64, {3}, {1, 0, 2})), "transpose");
  auto r = named(std::make_shared<v1::Reshape>(t, constant<int32_t>(element::i32, {2}, {0, -1}), true), "reshape");
  auto mm = named(std::make_shared<v0::MatMul>(r, constant<float>(element::f32, {5, 8}, {0.5f}), false, true), "mm");
  auto mean = named(std::make_shared<v1::ReduceMean>(mm, constant<int64_t>(element::i64, {1}, {-1}), true), "mean");
  auto model = std::make_shared<Model>(ResultVector{result(mean, "mean")}, ParameterVector{x}, "shape_ops");
  expect_round_trip(model);
}

TEST(IrRoundTripTest, ConvolutionsAndPools) {
  auto x = parameter("image", element::f32, PartialShape::parse("1,4,9,9"));
  std::vector<float> weights(6 * 4 * 3 * 3);
  for (size_t i = 0; i < weights.size(); ++i) weights[i] = static_cast<float>(i) * 0.01f - 1.0f;
  auto conv = named(std::make_shared<v1::Convolution>(x, constant(element::f32, {6, 4, 3, 3}, weights), Strides{2, 1},
                                                      CoordinateDiff{1, 0}, CoordinateDiff{0, 2}, Strides{1, 2}),
                    "conv");
  auto same = named(
      std::make_shared<v1::Convolution>(x, constant<float>(element::f32, {2, 4, 2, 2}, {0.25f}), Strides{1, 1},
                                        CoordinateDiff{0, 0}, CoordinateDiff{0, 0}, Strides{1, 1}, PadType::SAME_UPPER),
      "conv_same");
  auto group_filters = constant<float>(element::f32, {3, 2, 2, 1, 1}, {2.0f});
  auto group = named(std::make_shared<v1::GroupConvolution>(conv, group_filters, Strides{1, 1}, CoordinateDiff{0, 0},
                                                            CoordinateDiff{0, 0}, Strides{1, 1}),
                     "gconv");
  auto max1 = named(
      std::make_shared<v1::MaxPool>(group, Strides{1, 1}, Shape{0, 0}, Shape{1, 1}, Shape{2, 2}, RoundingType::CEIL),
      "maxpool1");
  auto max8 = named(std::make_shared<v8::MaxPool>(x, Strides{2, 2}, Strides{2, 1}, Shape{1, 1}, Shape{1, 1},
                                                  Shape{2, 2}, RoundingType::FLOOR, PadType::EXPLICIT, element::i32, 0),
                    "maxpool8");
  auto max14 = named(std::make_shared<v14::MaxPool>(same, Strides{1, 1}, Strides{1, 1}, Shape{0, 0}, Shape{0, 0},
                                                    Shape{3, 3}, RoundingType::CEIL_TORCH),
                     "maxpool14");
  auto avg1 = named(std::make_shared<v1::AvgPool>(max1, Strides{2, 2}, Shape{1, 1}, Shape{1, 1}, Shape{3, 3}, false),
                    "avgpool1");
  auto avg14 = named(std::make_shared<v14::AvgPool>(max14->output(0), Strides{1, 1}, Shape{0, 0}, Shape{0, 0},
                                                    Shape{2, 2}, true, RoundingType::CEIL_TORCH, PadType::VALID),
                     "avgpool14");
  auto model = std::make_shared<Model>(ResultVector{result(avg1, "avg1"), result(max8->output(0), "max8"),
                                                    result(max8->output(1), "max8_indices"), result(avg14, "avg14")},
                                       ParameterVector{x}, "convolutions");
  expect_round_trip(model);
}

TEST(IrRoundTripTest, ConstantsOfEveryElementTypeAndDynamicRank) {
  ResultVector results;
  const std::vector<std::pair<element::Type, Shape>> cases = {
      {element::f32, {2, 2}}, {element::f16, {3}}, {element::bf16, {3}},    {element::f64, {2}}, {element::i8, {5}},
      {element::i16, {2}},    {element::i32, {}},  {element::i64, {1, 2}},  {element::u8, {4}},  {element::u16, {2}},
      {element::u32, {2}},    {element::u64, {2}}, {element::boolean, {3}}, {element::i4, {5}},  {element::u4, {3}},
      {element::u1, {11}},    {element::f32, {0}}, {element::u8, {2, 0, 3}}};
  for (size_t i = 0; i < cases.size(); ++i) {
    std::vector<double> values(shape_size(cases[i].second));
    const double offset = cases[i].first.is_signed() ? 2 : 0;
    for (size_t k = 0; k < values.size(); ++k) values[k] = static_cast<double>((k * 7 + i) % 5) - offset;
    auto node = std::make_shared<v0::Constant>(cases[i].first, cases[i].second, values);
    node->set_friendly_name("c" + std::to_string(i));
    results.push_back(result(node, "c" + std::to_string(i)));
  }
  auto any = parameter("any", element::dynamic, PartialShape::dynamic());
  auto scalar = parameter("scalar", element::boolean, PartialShape{});
  results.push_back(result(any, "any_out"));
  results.push_back(result(scalar, "scalar_out"));
  auto model = std::make_shared<Model>(results, ParameterVector{any, scalar}, "constants");
  expect_round_trip(model);
}

TEST(IrRoundTripTest, IdenticalConstantsAreStoredOnce) {
  auto x = parameter("x", element::f32, PartialShape{4});
  auto a = std::make_shared<v1::Add>(x, constant<float>(element::f32, {4}, {1, 2, 3, 4}));
  auto b = std::make_shared<v1::Add>(a, constant<float>(element::f32, {4}, {1, 2, 3, 4}));
  auto model = std::make_shared<Model>(ResultVector{result(b, "y")}, ParameterVector{x}, "dedup");
  EXPECT_EQ(write(model).bin.size(), 16u);
  expect_round_trip(model);
}

TEST(IrRoundTripTest, FilesOnDiskAndSaveModel) {
  auto x = parameter("x", element::f32, PartialShape{2});
  auto y = std::make_shared<v1::Add>(x, constant<float>(element::f32, {2}, {1.5f, -2.0f}));
  auto model = std::make_shared<Model>(ResultVector{result(y, "y")}, ParameterVector{x}, "files");
  const std::string dir = ir_test::temp_dir();
  save_model(model, dir + "saved.xml");
  EXPECT_EQ(ir_test::read_text(dir + "saved.bin").size(), 8u);
  GraphComparer().compare(*model, *read_ir(dir + "saved.xml"));
  serialize(model, dir + "a.xml", dir + "weights.data");
  GraphComparer().compare(*model, *read_ir(dir + "a.xml", dir + "weights.data"));
  EXPECT_ERROR_CONTAINS(save_model(model, dir + "no_such_dir/m.xml"), "cannot create IR file", "no_such_dir/m.xml");
  EXPECT_ERROR_CONTAINS(save_model(model, dir + "c.xml", true), "compress_to_fp16 is not supported");
}

TEST(IrRoundTripTest, WritesWhatOpenVinoWrites) {
  auto x = parameter("x", element::f32, PartialShape::parse("?,1..10,8"));
  auto y = named(std::make_shared<v0::Relu>(x), "act");
  auto model = std::make_shared<Model>(ResultVector{result(y, "y")}, ParameterVector{x}, "spelling");
  const std::string xml = write(model).xml;
  for (const char* expected :
       {"<net name=\"spelling\" version=\"11\">", "type=\"Parameter\" version=\"opset1\"",
        "<data shape=\"?,1..10,8\" element_type=\"f32\" />", "<port id=\"0\" precision=\"FP32\" names=\"x\">",
        "<dim>-1</dim>", "name=\"act\" type=\"ReLU\" version=\"opset1\"",
        "type=\"Result\" version=\"opset1\" output_names=\"y\"",
        "<edge from-layer=\"0\" from-port=\"0\" to-layer=\"1\" to-port=\"0\" />",
        "<edge from-layer=\"1\" from-port=\"1\" to-layer=\"2\" to-port=\"0\" />"})
    EXPECT_NE(xml.find(expected), std::string::npos) << expected << "\n" << xml;
}

// A port's layout is where and how OpenVINO keeps it: <attribute name="layout" layout="..."/>.
TEST(IrRoundTripTest, PortLayoutUsesOpenVinoSpelling) {
  auto x = parameter("x", element::f32, PartialShape{1, 3, 4, 4});
  x->output(0).get_rt_info()["layout"] = std::string("[N,C,H,W]");
  auto model =
      std::make_shared<Model>(ResultVector{result(std::make_shared<v0::Relu>(x), "y")}, ParameterVector{x}, "layouts");
  const std::string xml = write(model).xml;
  const std::string expected = "<attribute name=\"layout\" version=\"0\" layout=\"[N,C,H,W]\" />";
  EXPECT_NE(xml.find(expected), std::string::npos) << xml;
  auto read = read_ir_from_memory(xml, nullptr);
  EXPECT_EQ(read->input(0).get_rt_info().at("layout").as<std::string>(), "[N,C,H,W]");
}

}  // namespace
}  // namespace ferry
