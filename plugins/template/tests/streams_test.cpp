// Streams: how many the compiled model runs (NUM_STREAMS, PERFORMANCE_HINT) and that they are
// real threads, observed from inside an inference with a test op (support/test_ops.hpp).

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "ferry/ferry.hpp"
#include "ferry/graph/ops.hpp"
#include "support/test_ops.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

int streams_of(const CompiledModel& compiled) { return compiled.get_property(num_streams).num; }

TEST(TemplateStreams, LatencyHintRunsOneStream) {
  Core core;
  auto compiled =
      core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE", {hint::performance_mode(hint::PerformanceMode::LATENCY)});
  EXPECT_EQ(streams_of(compiled), 1);
  EXPECT_EQ(compiled.get_property(optimal_number_of_infer_requests), 1u);
}

TEST(TemplateStreams, ThroughputHintRunsUpToFourStreams) {
  Core core;
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE",
                                     {hint::performance_mode(hint::PerformanceMode::THROUGHPUT)});
  const int expected = std::min(4, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  EXPECT_EQ(streams_of(compiled), expected);
  EXPECT_EQ(compiled.get_property(optimal_number_of_infer_requests), static_cast<uint32_t>(expected));
  EXPECT_EQ(compiled.get_property(hint::performance_mode), hint::PerformanceMode::THROUGHPUT);
}

TEST(TemplateStreams, ThroughputStreamsAreCappedByTheNumberOfRequests) {
  Core core;
  auto compiled =
      core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE",
                         {hint::performance_mode(hint::PerformanceMode::THROUGHPUT), hint::num_requests(1)});
  EXPECT_EQ(streams_of(compiled), 1);
}

TEST(TemplateStreams, ExplicitNumStreamsWins) {
  if (std::thread::hardware_concurrency() < 2) GTEST_SKIP() << "needs 2 hardware threads for NUM_STREAMS 2";
  Core core;
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE",
                                     {num_streams(2), hint::performance_mode(hint::PerformanceMode::LATENCY)});
  EXPECT_EQ(streams_of(compiled), 2);
  EXPECT_EQ(compiled.get_property(optimal_number_of_infer_requests), 2u);
}

TEST(TemplateStreams, NumStreamsOutsideTheRangeIsRefused) {
  Core core;
  const auto range = core.get_property("TEMPLATE", range_for_streams);
  const unsigned too_many = std::get<1>(range) + 1;
  const std::string error =
      error_of([&] { core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE", {num_streams(too_many)}); });
  EXPECT_NE(error.find("NUM_STREAMS"), std::string::npos) << error;
  EXPECT_NE(error.find(std::to_string(too_many)), std::string::npos) << error;
  EXPECT_NE(
      error_of([&] { core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE", {num_streams(0)}); }).find("NUM_STREAMS"),
      std::string::npos);
}

// A model whose inference meets other inferences of the same compiled model in a Rendezvous op.
std::shared_ptr<Model> make_rendezvous_model(const std::shared_ptr<Rendezvous::Counters>& counters) {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, Shape{1, 4});
  auto meet = std::make_shared<Rendezvous>(x, counters);
  return std::make_shared<Model>(OutputVector{std::make_shared<op::v0::Relu>(meet)}, ParameterVector{x}, "meet");
}

// Starts `requests` asynchronous inferences at once and returns how many ran concurrently.
int max_concurrent_inferences(CompiledModel& compiled, int requests,
                              const std::shared_ptr<Rendezvous::Counters>& counters) {
  std::vector<InferRequest> pending;
  for (int i = 0; i < requests; ++i) {
    pending.push_back(compiled.create_infer_request());
    pending.back().set_input_tensor(make_f32({1, 4}, sample(4, i)));
  }
  for (auto& request : pending) request.start_async();
  for (auto& request : pending) request.wait();
  return counters->max_inside;
}

TEST(TemplateStreams, StreamsRunInferencesConcurrently) {
  if (std::thread::hardware_concurrency() < 2) GTEST_SKIP() << "needs 2 hardware threads for NUM_STREAMS 2";
  Core core;
  auto counters = std::make_shared<Rendezvous::Counters>();
  counters->quorum = 2;
  counters->patience = std::chrono::seconds(20);  // only reached when the streams do not exist
  auto compiled = core.compile_model(make_rendezvous_model(counters), "TEMPLATE", {num_streams(2)});
  EXPECT_EQ(max_concurrent_inferences(compiled, 2, counters), 2);
}

TEST(TemplateStreams, OneStreamRunsInferencesOneAfterAnother) {
  Core core;
  auto counters = std::make_shared<Rendezvous::Counters>();
  counters->quorum = 2;
  counters->patience = std::chrono::milliseconds(20);  // each waits this long for a partner in vain
  auto compiled = core.compile_model(make_rendezvous_model(counters), "TEMPLATE", {num_streams(1)});
  EXPECT_EQ(max_concurrent_inferences(compiled, 3, counters), 1);
}

}  // namespace
}  // namespace ferry::template_test
