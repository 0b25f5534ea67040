#include "ferry/graph/model.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/src/graph/ops/op_test_util.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry {
namespace {

using namespace testing;
using namespace op;

// x [?,4] -> MatMul(W [4,3]) -> Add(b [3]) -> Relu -> Reshape(0,-1 with special_zero) -> out
struct Net {
  std::shared_ptr<v0::Parameter> x = param(element::f32, PartialShape("[?,4]"));
  std::shared_ptr<v0::Constant> w =
      v0::Constant::create<float>(element::f32, Shape{4, 3}, std::vector<float>(12, 0.5f));
  std::shared_ptr<v0::Constant> b = v0::Constant::create<float>(element::f32, Shape{3}, {1, 2, 3});
  std::shared_ptr<v0::MatMul> mm = std::make_shared<v0::MatMul>(x, w);
  std::shared_ptr<v1::Add> add = std::make_shared<v1::Add>(mm, b);
  std::shared_ptr<v0::Relu> relu = std::make_shared<v0::Relu>(add);
  std::shared_ptr<Model> model;
  Net() {
    x->set_friendly_name("x");
    x->output(0).set_names({"input", "x:0"});
    relu->output(0).set_names({"scores"});
    model = std::make_shared<Model>(OutputVector{relu}, ParameterVector{x}, "net");
  }
};

TEST(Model, InputsOutputsAndNames) {
  Net net;
  auto& model = *net.model;
  EXPECT_EQ(model.get_friendly_name(), "net");
  EXPECT_EQ(model.get_parameters().size(), 1u);
  EXPECT_EQ(model.get_results().size(), 1u);
  EXPECT_EQ(model.input().get_node(), net.x.get());
  EXPECT_EQ(model.input("x:0").get_node(), net.x.get());
  EXPECT_EQ(model.input("x").get_node(), net.x.get());  // a parameter's friendly name works too
  EXPECT_EQ(model.output().get_any_name(), "scores");
  EXPECT_EQ(model.output("scores").get_node(), model.get_results()[0].get());
  EXPECT_EQ(model.output(0).get_partial_shape(), PartialShape("[?,3]"));
  EXPECT_THROW_WITH(model.input("nope"), "model 'net'", "no input named 'nope'", "input");
  EXPECT_THROW_WITH(model.output(3), "no output 3");
  EXPECT_EQ(model.get_result_index(net.relu->output(0)), 0);
  EXPECT_EQ(model.get_parameter_index(net.x), 0);
  const Model& const_model = model;
  EXPECT_EQ(const_model.input(0).get_element_type(), element::f32);
  model.get_rt_info()["version"] = std::string("1");
  EXPECT_EQ(model.get_rt_info().size(), 1u);
}

TEST(Model, OrderedOpsAreTopological) {
  Net net;
  const auto ops = net.model->get_ordered_ops();
  EXPECT_EQ(ops.size(), 7u);  // x, w, b, mm, add, relu, result
  auto position = [&](const Node* node) {
    return std::find_if(ops.begin(), ops.end(), [&](const std::shared_ptr<Node>& n) { return n.get() == node; }) -
           ops.begin();
  };
  for (size_t i = 0; i < ops.size(); ++i)
    for (const auto& value : ops[i]->input_values()) EXPECT_LT(position(value.get_node()), int64_t(i));
  EXPECT_EQ(ops.back().get(), net.model->get_results()[0].get());
}

TEST(Model, UnknownParametersAreRejected) {
  auto x = param(element::f32, PartialShape{2});
  auto y = param(element::f32, PartialShape{2});
  y->set_friendly_name("stray");
  EXPECT_THROW_WITH(std::make_shared<Model>(OutputVector{std::make_shared<v1::Add>(x, y)}, ParameterVector{x}, "m"),
                    "model 'm'", "Parameter 'stray'", "not one of the model's parameters");
}

TEST(Model, ReshapeStaticBoundedDynamic) {
  Net net;
  auto& model = *net.model;
  EXPECT_TRUE(model.is_dynamic());
  model.reshape(PartialShape("[2,4]"));
  EXPECT_FALSE(model.is_dynamic());
  EXPECT_EQ(model.output().get_partial_shape(), PartialShape("[2,3]"));
  model.reshape(std::map<std::string, PartialShape>{{"input", PartialShape("[1..8,4]")}});
  EXPECT_EQ(model.output().get_partial_shape(), PartialShape("[1..8,3]"));
  model.reshape(std::map<size_t, PartialShape>{{0, PartialShape("[?,?]")}});
  EXPECT_EQ(model.output().get_partial_shape(), PartialShape("[?,3]"));
  model.reshape(std::map<Output<Node>, PartialShape>{{model.input(), PartialShape::dynamic()}});
  EXPECT_EQ(model.output().get_partial_shape(), PartialShape("[...]"));
}

TEST(Model, FailedReshapeRestoresEveryShape) {
  Net net;
  auto& model = *net.model;
  model.reshape(PartialShape("[2,4]"));
  net.mm->set_friendly_name("project");
  EXPECT_THROW_WITH(model.reshape(PartialShape("[2,5]")), "reshape failed", "MatMul 'project'", "inner dimensions");
  EXPECT_EQ(net.x->get_partial_shape(), PartialShape("[2,4]"));
  EXPECT_EQ(net.mm->get_output_partial_shape(0), PartialShape("[2,3]"));
  EXPECT_EQ(model.output().get_partial_shape(), PartialShape("[2,3]"));
  EXPECT_THROW_WITH(model.reshape(std::map<std::string, PartialShape>{{"missing", PartialShape("[1]")}}), "missing");
}

TEST(Model, CloneIsDeepAndSharesConstants) {
  Net net;
  net.add->get_rt_info()["tag"] = 7;
  auto copy = net.model->clone();
  EXPECT_EQ(copy->get_friendly_name(), "net");
  EXPECT_NE(copy->get_parameters()[0], net.x);
  EXPECT_EQ(copy->input().get_names(), net.x->output(0).get_names());
  EXPECT_EQ(copy->output().get_any_name(), "scores");
  const auto ops = copy->get_ordered_ops();
  ASSERT_EQ(ops.size(), 7u);
  for (size_t i = 0; i < ops.size(); ++i) {
    EXPECT_STREQ(ops[i]->get_type_name(), net.model->get_ordered_ops()[i]->get_type_name());
    EXPECT_EQ(ops[i]->get_friendly_name(), net.model->get_ordered_ops()[i]->get_friendly_name());
  }
  auto w_copy = std::dynamic_pointer_cast<v0::Constant>(ops[1]);
  ASSERT_TRUE(w_copy);
  EXPECT_EQ(w_copy->get_data_ptr(), net.w->get_data_ptr());
  auto add_copy =
      std::find_if(ops.begin(), ops.end(), [](const std::shared_ptr<Node>& n) { return is_type<v1::Add>(n); });
  EXPECT_EQ((*add_copy)->get_rt_info().at("tag").as<int>(), 7);
  copy->reshape(PartialShape("[5,4]"));  // the copy changes alone
  EXPECT_EQ(copy->output().get_partial_shape(), PartialShape("[5,3]"));
  EXPECT_EQ(net.model->output().get_partial_shape(), PartialShape("[?,3]"));
}

TEST(Model, EditingTheInterface) {
  Net net;
  auto& model = *net.model;
  // Insert a Convert after a new u8 input, as pre-processing does.
  auto raw = param(element::u8, PartialShape("[?,4]"));
  auto convert = std::make_shared<v0::Convert>(raw, element::f32);
  net.x->output(0).replace(convert);
  model.replace_parameter(0, raw);
  model.validate_nodes_and_infer_types();
  EXPECT_EQ(model.input().get_element_type(), element::u8);
  EXPECT_EQ(net.mm->input_value(0).get_node(), convert.get());
  auto extra = std::make_shared<v0::Result>(net.add);
  model.add_results({extra});
  EXPECT_EQ(model.outputs().size(), 2u);
  model.remove_result(extra);
  EXPECT_EQ(model.outputs().size(), 1u);
  EXPECT_THROW_WITH(model.remove_result(extra), "is not a result");
  auto unused = param(element::f32, PartialShape{1});
  model.add_parameters({unused});
  EXPECT_EQ(model.get_ordered_ops().front().get(), raw.get());
  EXPECT_THROW_WITH(model.add_parameters({unused}), "already a parameter");
  EXPECT_THROW_WITH(model.remove_parameter(raw), "still used");
  EXPECT_EQ(model.get_parameters().size(), 2u);
  model.remove_parameter(unused);
  EXPECT_EQ(model.get_parameters().size(), 1u);
}

TEST(Model, ValidateNamesTheModelAndNode) {
  Net net;
  net.relu->set_friendly_name("act");
  net.relu->set_argument(0, std::make_shared<v0::Convert>(net.add, element::boolean));
  EXPECT_THROW_WITH(net.model->validate_nodes_and_infer_types(), "model 'net'", "Relu 'act'", "boolean");
}

}  // namespace
}  // namespace ferry
