// Every op core registers has a conformance case generator and a reference kernel: an op added to
// core/src/graph/op_registry.cpp without them fails here, by name (docs/ADDING_AN_OP.md). The
// suite itself would only list a skipped "no_generator" case, and a device without the kernel
// would only skip.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "ferry/graph/op_registry.hpp"
#include "op_case.hpp"

namespace ferry::conformance {
namespace {

std::string id_of(const OpId& op) { return op.type + " (" + op.opset + ")"; }

TEST(OpCaseCompleteness, EveryRegisteredOpHasAGenerator) {
  size_t ops = 0;
  for (const OpCase& c : all_op_cases()) {
    ++ops;
    EXPECT_TRUE(c.graph) << id_of(c.op)
                         << " is registered but has no conformance case generator: add one to "
                            "testing/conformance/op_cases/op_cases_<family>.cpp";
  }
  EXPECT_GT(ops, 0u);
}

TEST(OpCaseCompleteness, EveryRegisteredOpHasAReferenceKernelInSomeCase) {
  std::map<std::string, bool> evaluated;  // op id -> some case's op under test has a reference kernel
  for (const auto& info : OpRegistry::global().list())
    if (std::string(info.name) != "Parameter")  // bound to the request's tensor, never evaluated
      evaluated[id_of(OpId{info.name, info.version_id})] = false;
  ASSERT_FALSE(evaluated.empty());
  for (const OpCase& c : all_op_cases()) {
    if (!c.graph) continue;  // reported by the test above
    const BuiltCase built = c.build();
    for (const auto& node : built.model->get_ordered_ops())
      if (node->get_friendly_name() == built.op_name && node->has_evaluate() && evaluated.count(id_of(c.op)))
        evaluated[id_of(c.op)] = true;
  }
  for (const auto& [op, has_kernel] : evaluated)
    EXPECT_TRUE(has_kernel) << op
                            << ": no case's op has a reference kernel (Node::evaluate), so TEMPLATE cannot run it";
}

}  // namespace
}  // namespace ferry::conformance
