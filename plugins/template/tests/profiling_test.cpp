// PERF_COUNT on TEMPLATE: one record per kernel run, with measured times; none when off.

#include <gtest/gtest.h>

#include <map>

#include "ferry/ferry.hpp"
#include "ferry/graph/ops.hpp"
#include "support/test_ops.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

std::vector<ProfilingInfo> profile_mlp(const AnyMap& properties) {
  Core core;
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE", properties);
  InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(make_f32({2, kSmallMlp.in}, sample(2 * kSmallMlp.in, 1)));
  request.infer();
  return request.get_profiling_info();
}

TEST(TemplateProfiling, OneRecordPerKernelWhenEnabled) {
  const auto records = profile_mlp({enable_profiling(true)});
  std::map<std::string, std::string> type_of;
  for (const auto& record : records) {
    EXPECT_EQ(record.status, ProfilingInfo::Status::EXECUTED) << record.node_name;
    EXPECT_EQ(record.exec_type, "reference");
    EXPECT_GE(record.real_time.count(), 0);
    EXPECT_GE(record.cpu_time.count(), 0);
    type_of[record.node_name] = record.node_type;
  }
  // The computing ops, in execution order's set; Parameters, Constants and Results run no kernel.
  const std::map<std::string, std::string> expected = {{"matmul1", "MatMul"}, {"add1", "Add"}, {"relu", "Relu"},
                                                       {"matmul2", "MatMul"}, {"add2", "Add"}, {"softmax", "Softmax"}};
  EXPECT_EQ(type_of, expected);
  EXPECT_EQ(records.size(), expected.size());
}

TEST(TemplateProfiling, NoRecordsWhenDisabled) {
  EXPECT_TRUE(profile_mlp({}).empty());
  EXPECT_TRUE(profile_mlp({enable_profiling(false)}).empty());
}

TEST(TemplateProfiling, TimesAreMeasured) {
  // A kernel that sleeps 3 ms takes at least 3 ms of wall time, and almost no CPU time.
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{4});
  auto nap = std::make_shared<Sleep>(x, std::chrono::milliseconds(3));
  nap->set_friendly_name("nap");
  auto model = std::make_shared<Model>(OutputVector{nap}, ParameterVector{x}, "sleepy");
  Core core;
  auto compiled = core.compile_model(model, "TEMPLATE", {enable_profiling(true)});
  InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(make_f32({4}, {1, 2, 3, 4}));
  request.start_async();
  request.wait();
  const auto records = request.get_profiling_info();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].node_name, "nap");
  EXPECT_EQ(records[0].node_type, "Sleep");
  EXPECT_GE(records[0].real_time.count(), 3000);
  EXPECT_LT(records[0].cpu_time.count(), records[0].real_time.count());
  EXPECT_EQ(values_of(request.get_output_tensor()), (std::vector<float>{1, 2, 3, 4}));
}

}  // namespace
}  // namespace ferry::template_test
