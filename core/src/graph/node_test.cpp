#include "ferry/graph/node.hpp"

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"

namespace ferry {
namespace {

using op::v0::Parameter;
using op::v1::Add;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(Node, NamesAndTypeInfo) {
  auto a = std::make_shared<Parameter>(element::f32, PartialShape{2, 3});
  auto b = std::make_shared<Parameter>(element::f32, PartialShape{2, 3});
  auto add = std::make_shared<Add>(a, b);
  EXPECT_STREQ(add->get_type_name(), "Add");
  EXPECT_STREQ(add->get_type_info().version_id, "opset1");
  EXPECT_EQ(add->get_name().rfind("Add_", 0), 0u);
  EXPECT_EQ(add->get_friendly_name(), add->get_name());
  EXPECT_NE(a->get_name(), b->get_name());
  add->set_friendly_name("my_add");
  EXPECT_EQ(add->get_friendly_name(), "my_add");
  EXPECT_EQ(add->describe(), "Add 'my_add' (opset1)");
  EXPECT_TRUE(is_type<Add>(add));
  EXPECT_FALSE(is_type<op::v1::Subtract>(add));
  EXPECT_TRUE(as_type_ptr<Add>(std::shared_ptr<Node>(add)));
  EXPECT_FALSE(as_type_ptr<Parameter>(std::shared_ptr<Node>(add)));
}

TEST(Node, PortsAndTypes) {
  auto a = std::make_shared<Parameter>(element::f32, PartialShape{2, Dimension()});
  auto b = std::make_shared<Parameter>(element::f32, PartialShape{1, 3});
  auto add = std::make_shared<Add>(a, b);
  EXPECT_EQ(add->get_input_size(), 2u);
  EXPECT_EQ(add->get_output_size(), 1u);
  EXPECT_EQ(add->get_input_element_type(1), element::f32);
  EXPECT_EQ(add->get_input_partial_shape(0), PartialShape("[2,?]"));
  EXPECT_EQ(add->get_output_partial_shape(0), PartialShape("[2,3]"));
  EXPECT_EQ(add->get_output_shape(0), (Shape{2, 3}));
  EXPECT_EQ(add->input(1).get_source_output(), b->output(0));
  EXPECT_EQ(add->input_value(0).get_node(), a.get());
  EXPECT_EQ(add->input(0).get_partial_shape(), PartialShape("[2,?]"));
  EXPECT_EQ(add->output(0).get_shape(), (Shape{2, 3}));
  EXPECT_EQ(add->outputs().size(), 1u);
  EXPECT_EQ(add->inputs().size(), 2u);
  const Node& const_add = *add;
  EXPECT_EQ(const_add.output(0).get_element_type(), element::f32);
  Output<const Node> const_output = add->output(0);
  EXPECT_EQ(const_output.get_node(), add.get());
  try {
    a->output(0).get_shape();
    FAIL();
  } catch (const Exception& e) {
    EXPECT_TRUE(contains(e.what(), "output 0 of Parameter")) << e.what();
    EXPECT_TRUE(contains(e.what(), "[2,?]")) << e.what();
  }
  EXPECT_THROW(add->input(2), Exception);
  EXPECT_THROW(add->output(1), Exception);
}

TEST(Node, TargetsFollowRewiring) {
  auto a = std::make_shared<Parameter>(element::f32, PartialShape{4});
  auto b = std::make_shared<Parameter>(element::f32, PartialShape{4});
  auto c = std::make_shared<Parameter>(element::f32, PartialShape{4});
  auto add = std::make_shared<Add>(a, a);
  EXPECT_EQ(a->output(0).get_target_inputs().size(), 2u);
  add->input(1).replace_source_output(b);
  EXPECT_EQ(a->output(0).get_target_inputs(), (std::set<Input<Node>>{add->input(0)}));
  EXPECT_EQ(b->output(0).get_target_inputs().size(), 1u);
  a->output(0).replace(c);  // every consumer of a now reads c
  EXPECT_TRUE(a->output(0).get_target_inputs().empty());
  EXPECT_EQ(add->input_value(0).get_node(), c.get());
  {
    auto temporary = std::make_shared<Add>(c, c);
    EXPECT_EQ(c->output(0).get_target_inputs().size(), 3u);
  }
  EXPECT_EQ(c->output(0).get_target_inputs().size(), 1u);  // a destroyed node unregisters itself
}

TEST(Node, TensorNames) {
  auto a = std::make_shared<Parameter>(element::f32, PartialShape{4});
  try {
    a->output(0).get_any_name();
    FAIL();
  } catch (const Exception& e) {
    EXPECT_TRUE(contains(e.what(), "has no tensor names")) << e.what();
    EXPECT_TRUE(contains(e.what(), a->get_friendly_name())) << e.what();
  }
  a->output(0).set_names({"zeta", "alpha"});
  EXPECT_EQ(a->output(0).get_any_name(), "alpha");
  a->output(0).add_names({"beta"});
  EXPECT_EQ(a->output(0).get_names().size(), 3u);
  auto result = std::make_shared<op::v0::Result>(a);
  EXPECT_EQ(result->output(0).get_names(), a->output(0).get_names());  // a Result answers to its value's names
  result->output(0).add_names({"gamma"});
  EXPECT_TRUE(a->output(0).get_names().count("gamma"));
}

TEST(Node, ValidationErrorsNameTheNode) {
  auto a = std::make_shared<Parameter>(element::f32, PartialShape{2, 3});
  auto b = std::make_shared<Parameter>(element::i32, PartialShape{2, 3});
  try {
    std::make_shared<Add>(a, b);
    FAIL();
  } catch (const Exception& e) {
    EXPECT_TRUE(contains(e.what(), "Add '")) << e.what();
    EXPECT_TRUE(contains(e.what(), "f32 and i32")) << e.what();
  }
  auto add = std::make_shared<Add>(a, a);
  add->set_friendly_name("sum");
  add->set_argument(1, std::make_shared<Parameter>(element::f32, PartialShape{4}));
  try {
    add->validate_and_infer_types();
    FAIL();
  } catch (const Exception& e) {
    EXPECT_TRUE(contains(e.what(), "Add 'sum' (opset1)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "[2,3] and [4]")) << e.what();
  }
}

TEST(Node, RtInfoAndCloneWithNewInputs) {
  auto a = std::make_shared<Parameter>(element::f32, PartialShape{3});
  auto b = std::make_shared<Parameter>(element::f32, PartialShape{3});
  auto add = std::make_shared<Add>(a, b);
  add->get_rt_info()["fused"] = true;
  EXPECT_TRUE(add->get_rt_info().at("fused").as<bool>());
  add->output(0).get_rt_info()["precise"] = 1;
  EXPECT_EQ(add->output(0).get_rt_info().size(), 1u);
  auto c = std::make_shared<Parameter>(element::f32, PartialShape{2, 3});
  auto copy = add->clone_with_new_inputs({c, b});
  EXPECT_TRUE(is_type<Add>(copy));
  EXPECT_EQ(copy->get_output_partial_shape(0), PartialShape("[2,3]"));
  EXPECT_THROW(add->clone_with_new_inputs({c}), Exception);
}

}  // namespace
}  // namespace ferry
