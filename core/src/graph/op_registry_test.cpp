#include "ferry/graph/op_registry.hpp"

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"

namespace ferry {
namespace {

TEST(OpRegistry, CreatesBuiltInOpsByNameAndVersion) {
  auto& registry = OpRegistry::global();
  auto add = registry.create("Add", "opset1");
  ASSERT_TRUE(add);
  EXPECT_TRUE(is_type<op::v1::Add>(add));
  EXPECT_EQ(add->get_input_size(), 0u);  // default-constructed, to be filled by a reader
  EXPECT_TRUE(is_type<op::v8::Softmax>(registry.create("Softmax", "opset8")));
  EXPECT_TRUE(is_type<op::v1::Softmax>(registry.create("Softmax", "opset1")));
  for (const char* name :
       {"Parameter", "Constant", "Result", "Convert", "Subtract", "Multiply", "Divide", "Maximum", "Minimum", "MatMul",
        "Relu", "Sigmoid", "Tanh", "Exp", "Reshape", "Transpose", "Concat", "ReduceMean"}) {
    EXPECT_TRUE(registry.contains(name, "opset1")) << name;
    EXPECT_STREQ(registry.create(name, "opset1")->get_type_name(), name);
  }
}

TEST(OpRegistry, NewerOpsetsIncludeUnchangedOps) {
  auto& registry = OpRegistry::global();
  EXPECT_TRUE(is_type<op::v1::Add>(registry.create("Add", "opset13")));
  EXPECT_TRUE(is_type<op::v1::Softmax>(registry.create("Softmax", "opset7")));
  EXPECT_TRUE(is_type<op::v8::Softmax>(registry.create("Softmax", "opset11")));
  EXPECT_FALSE(registry.contains("Add", "opset0"));
  EXPECT_FALSE(registry.contains("Add", "extension"));
}

TEST(OpRegistry, UnknownOpsThrowNamingThem) {
  try {
    OpRegistry::global().create("Softmax", "opset0");
    FAIL();
  } catch (const Exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'Softmax'"), std::string::npos) << what;
    EXPECT_NE(what.find("opset1, opset8"), std::string::npos) << what;
  }
  EXPECT_THROW(OpRegistry::global().create("NoSuchOp", "opset1"), Exception);
}

TEST(OpRegistry, ListsAndAcceptsExtensions) {
  OpRegistry registry;  // a private registry, not the global one
  EXPECT_TRUE(registry.list().empty());
  register_builtin_ops(registry);
  const auto listed = registry.list();
  EXPECT_EQ(listed.size(), OpRegistry::global().list().size());
  EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end()));
  registry.add(DiscreteTypeInfo{"MyRelu", "custom"},
               [] { return std::shared_ptr<Node>(std::make_shared<op::v0::Relu>()); });
  EXPECT_TRUE(registry.contains("MyRelu", "custom"));
  EXPECT_FALSE(OpRegistry::global().contains("MyRelu", "custom"));
}

}  // namespace
}  // namespace ferry
