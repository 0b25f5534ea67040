// query_model and the refusal of ops without a reference kernel.

#include <gtest/gtest.h>

#include "ferry/ferry.hpp"
#include "ferry/graph/ops.hpp"
#include "support/test_ops.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

std::shared_ptr<Model> make_model_with_unsupported_op() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{2});
  x->set_friendly_name("input");
  auto relu = std::make_shared<op::v0::Relu>(x);
  relu->set_friendly_name("relu");
  auto odd = std::make_shared<NoKernel>(relu);
  odd->set_friendly_name("odd_one");
  return std::make_shared<Model>(OutputVector{odd}, ParameterVector{x}, "partial");
}

TEST(TemplateQueryModel, EveryOpOfTheMlpIsSupported) {
  Core core;
  auto model = make_mlp(2, kSmallMlp);
  const SupportedOpsMap supported = core.query_model(model, "TEMPLATE");
  for (const auto& node : model->get_ordered_ops()) {
    auto found = supported.find(node->get_friendly_name());
    ASSERT_NE(found, supported.end()) << node->get_friendly_name();
    EXPECT_EQ(found->second, "TEMPLATE");
  }
  EXPECT_EQ(supported.size(), model->get_ordered_ops().size());
}

TEST(TemplateQueryModel, OpWithoutKernelIsAbsent) {
  Core core;
  const SupportedOpsMap supported = core.query_model(make_model_with_unsupported_op(), "TEMPLATE");
  EXPECT_EQ(supported.count("input"), 1u);
  EXPECT_EQ(supported.count("relu"), 1u);
  EXPECT_EQ(supported.count("odd_one"), 0u);
}

TEST(TemplateQueryModel, CompileRefusesAnOpWithoutKernel) {
  Core core;
  const std::string error = error_of([&] { core.compile_model(make_model_with_unsupported_op(), "TEMPLATE"); });
  EXPECT_NE(error.find("odd_one"), std::string::npos) << error;
  EXPECT_NE(error.find("NoKernel"), std::string::npos) << error;
  EXPECT_NE(error.find("TEMPLATE"), std::string::npos) << error;
}

}  // namespace
}  // namespace ferry::template_test
