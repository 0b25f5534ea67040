// Automatic batching ("BATCH:TEMPLATE(N)") end to end with the TEMPLATE plugin: requests of one
// group run as ONE batched inference (proved by the compiled model's BATCHED_INFERENCES and
// FALLBACK_INFERENCES counters, and by the requests' tensors being views of one batched buffer),
// requests of a group that does not fill run alone after AUTO_BATCH_TIMEOUT, and every result
// equals an independently computed batch-1 result of the request's own inputs.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "ferry/ferry.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/matmul.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/isync_infer_request.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry::batch {
namespace {

constexpr size_t kIn = 4, kOut = 3;
const std::vector<float> kWeights = {0.5f, -1.f, 2.f, 1.f, 0.25f, -0.5f, -2.f, 1.5f, 0.f, 0.75f, -0.25f, 1.f};
const std::vector<float> kBias = {0.1f, -0.2f, 0.3f};
const char* kBatched = "BATCHED_INFERENCES";
const char* kFallback = "FALLBACK_INFERENCES";

// Two inputs, two outputs: y = Relu(x[1,4] * W[4,3] + b), p = y * z[1,3].
std::shared_ptr<Model> make_model(size_t batch = 1) {
  const auto n = static_cast<Dimension::value_type>(batch);
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{n, kIn});
  x->output(0).set_names({"x"});
  auto z = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{n, kOut});
  z->output(0).set_names({"z"});
  auto w = std::make_shared<op::v0::Constant>(element::f32, Shape{kIn, kOut}, kWeights);
  auto b = std::make_shared<op::v0::Constant>(element::f32, Shape{kOut}, kBias);
  auto relu = std::make_shared<op::v0::Relu>(std::make_shared<op::v1::Add>(std::make_shared<op::v0::MatMul>(x, w), b));
  relu->output(0).set_names({"y"});
  auto product = std::make_shared<op::v1::Multiply>(relu, z);
  product->output(0).set_names({"p"});
  return std::make_shared<Model>(
      ResultVector{std::make_shared<op::v0::Result>(relu), std::make_shared<op::v0::Result>(product)},
      ParameterVector{x, z}, "two_in_two_out");
}

struct Inputs {
  std::vector<float> x, z;
};

// Distinct inputs per request, so that a slot mix-up shows.
Inputs inputs_for(int request, int round = 0) {
  Inputs in;
  for (size_t i = 0; i < kIn; ++i) in.x.push_back(0.5f * request - 1.f + 0.25f * i + 0.125f * round);
  for (size_t o = 0; o < kOut; ++o) in.z.push_back(1.f + request + 0.5f * o - 0.25f * round);
  return in;
}

// The model's semantics computed here, independently of every plugin: {y, p}.
std::pair<std::vector<float>, std::vector<float>> expected(const Inputs& in) {
  std::vector<float> y(kOut), p(kOut);
  for (size_t o = 0; o < kOut; ++o) {
    float sum = kBias[o];
    for (size_t i = 0; i < kIn; ++i) sum += in.x[i] * kWeights[i * kOut + o];
    y[o] = sum > 0 ? sum : 0;
    p[o] = y[o] * in.z[o];
  }
  return {y, p};
}

void fill(InferRequest& request, const Inputs& in) {
  std::copy(in.x.begin(), in.x.end(), request.get_tensor("x").data<float>());
  std::copy(in.z.begin(), in.z.end(), request.get_tensor("z").data<float>());
}

void expect_results(InferRequest& request, const Inputs& in, const std::string& what) {
  const auto [y, p] = expected(in);
  Tensor ty = request.get_tensor("y"), tp = request.get_tensor("p");
  ASSERT_EQ(ty.get_shape(), (Shape{1, kOut})) << what;
  ASSERT_EQ(tp.get_shape(), (Shape{1, kOut})) << what;
  for (size_t o = 0; o < kOut; ++o) {
    EXPECT_NEAR(ty.data<float>()[o], y[o], 1e-5f) << what << " y[" << o << "]";
    EXPECT_NEAR(tp.data<float>()[o], p[o], 1e-5f) << what << " p[" << o << "]";
  }
}

uint64_t counter(const CompiledModel& compiled, const char* name) { return compiled.get_property(name).as<uint64_t>(); }

using ::ferry::testing::error_of;

// Long enough that a group of 4 started together never times out, even under sanitizers.
const AnyMap kNoTimeout = {{"AUTO_BATCH_TIMEOUT", 20000}};

TEST(BatchDevice, FourRequestsRunAsOneBatchedInference) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "BATCH:TEMPLATE(4)", kNoTimeout);
  CompiledModel reference = core.compile_model(make_model(), "TEMPLATE");
  std::vector<InferRequest> requests;
  for (int r = 0; r < 4; ++r) requests.push_back(compiled.create_infer_request());
  std::atomic<int> callbacks[4] = {};
  for (int r = 0; r < 4; ++r) {
    requests[r].set_callback([&callbacks, r](std::exception_ptr error) {
      EXPECT_FALSE(error);
      ++callbacks[r];
    });
  }
  // Requests 0 and 1 fill the tensors they were given (views, no copy); request 2 sets its own
  // input tensors (copied into its slot at start), request 3 its own output tensor (copied out).
  std::vector<Inputs> in;
  for (int r = 0; r < 4; ++r) in.push_back(inputs_for(r));
  fill(requests[0], in[0]);
  fill(requests[1], in[1]);
  requests[2].set_tensor("x", Tensor(element::f32, {1, kIn}, in[2].x.data()));
  requests[2].set_tensor("z", Tensor(element::f32, {1, kOut}, in[2].z.data()));
  fill(requests[3], in[3]);
  Tensor own_p(element::f32, {1, kOut});
  requests[3].set_tensor("p", own_p);

  for (auto& request : requests) request.start_async();
  for (auto& request : requests) request.wait();

  EXPECT_EQ(counter(compiled, kBatched), 1u);
  EXPECT_EQ(counter(compiled, kFallback), 0u);
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(callbacks[r].load(), 1) << "request " << r;
    expect_results(requests[r], in[r], "batched request " + std::to_string(r));
    // The same inputs through TEMPLATE at batch 1 give the same outputs.
    InferRequest single = reference.create_infer_request();
    fill(single, in[r]);
    single.infer();
    for (const char* name : {"y", "p"}) {
      for (size_t o = 0; o < kOut; ++o)
        EXPECT_FLOAT_EQ(requests[r].get_tensor(name).data<float>()[o], single.get_tensor(name).data<float>()[o])
            << "request " << r << " " << name << "[" << o << "]";
    }
  }
  EXPECT_EQ(requests[3].get_tensor("p").data(), own_p.data());
  // The requests' own tensors are consecutive items of one batched buffer: one inference wrote them.
  const float* first_y = requests[0].get_tensor("y").data<float>();
  for (int r = 1; r < 4; ++r) EXPECT_EQ(requests[r].get_tensor("y").data<float>(), first_y + r * kOut);
  const float* first_x = requests[0].get_tensor("x").data<float>();
  EXPECT_EQ(requests[1].get_tensor("x").data<float>(), first_x + kIn);

  // A second round reuses the same group.
  for (int r = 0; r < 4; ++r) in[r] = inputs_for(r, 1);
  requests[2].set_tensor("x", Tensor(element::f32, {1, kIn}, in[2].x.data()));
  requests[2].set_tensor("z", Tensor(element::f32, {1, kOut}, in[2].z.data()));
  for (int r : {0, 1, 3}) fill(requests[r], in[r]);
  for (auto& request : requests) request.start_async();
  for (auto& request : requests) request.wait();
  EXPECT_EQ(counter(compiled, kBatched), 2u);
  EXPECT_EQ(counter(compiled, kFallback), 0u);
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(callbacks[r].load(), 2) << "request " << r;
    expect_results(requests[r], in[r], "second round, request " + std::to_string(r));
  }
}

TEST(BatchDevice, AGroupThatDoesNotFillRunsAloneAfterTheTimeout) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "BATCH:TEMPLATE(4)", {{"AUTO_BATCH_TIMEOUT", 20}});
  EXPECT_EQ(compiled.get_property(auto_batch_timeout), 20u);
  std::vector<InferRequest> requests;
  for (int r = 0; r < 3; ++r) requests.push_back(compiled.create_infer_request());
  std::atomic<int> callbacks[2] = {};
  for (int r = 0; r < 2; ++r) {
    requests[r].set_callback([&callbacks, r](std::exception_ptr error) {
      EXPECT_FALSE(error);
      ++callbacks[r];
    });
    fill(requests[r], inputs_for(r));
    requests[r].start_async();
  }
  for (int r = 0; r < 2; ++r) requests[r].wait();
  for (int r = 0; r < 2; ++r) {
    EXPECT_EQ(callbacks[r].load(), 1) << "request " << r;
    expect_results(requests[r], inputs_for(r), "fallback request " + std::to_string(r));
  }
  EXPECT_EQ(counter(compiled, kBatched), 0u);
  EXPECT_EQ(counter(compiled, kFallback), 2u);

  // A synchronous infer() on one request: it waits the timeout, then runs alone.
  fill(requests[2], inputs_for(7));
  requests[2].infer();
  expect_results(requests[2], inputs_for(7), "sync infer");
  EXPECT_EQ(counter(compiled, kFallback), 3u);

  // The timeout is settable on the compiled model; 0 runs an incomplete group at once.
  compiled.set_property({{"AUTO_BATCH_TIMEOUT", 0}});
  EXPECT_EQ(compiled.get_property(auto_batch_timeout), 0u);
  fill(requests[0], inputs_for(9));
  requests[0].infer();
  expect_results(requests[0], inputs_for(9), "timeout 0");
  EXPECT_EQ(counter(compiled, kFallback), 4u);
  EXPECT_EQ(callbacks[0].load(), 2);
}

TEST(BatchDevice, ReleasedSlotsAreReusedByNewRequests) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "BATCH:TEMPLATE(2)", kNoTimeout);
  InferRequest kept = compiled.create_infer_request();
  { InferRequest gone = compiled.create_infer_request(); }
  // The new request takes the slot the destroyed one left: the group fills again.
  InferRequest fresh = compiled.create_infer_request();
  fill(kept, inputs_for(1));
  fill(fresh, inputs_for(2));
  kept.start_async();
  fresh.start_async();
  kept.wait();
  fresh.wait();
  EXPECT_EQ(counter(compiled, kBatched), 1u);
  expect_results(kept, inputs_for(1), "kept");
  expect_results(fresh, inputs_for(2), "fresh");
}

TEST(BatchDevice, CancelAndDestroyTakeAWaitingRequestOutOfItsGroup) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "BATCH:TEMPLATE(2)", kNoTimeout);
  InferRequest a = compiled.create_infer_request(), b = compiled.create_infer_request();
  std::atomic<int> callbacks{0};
  a.set_callback([&](std::exception_ptr error) {
    EXPECT_TRUE(error);
    ++callbacks;
  });
  fill(a, inputs_for(1));
  a.start_async();
  a.cancel();  // a waits for b: cancelled at once, not after the (long) timeout
  EXPECT_THROW(a.wait(), Cancelled);
  EXPECT_EQ(callbacks.load(), 1);
  EXPECT_EQ(counter(compiled, kBatched) + counter(compiled, kFallback), 0u);

  // The group still works: both requests now run as one batch.
  a.set_callback(nullptr);
  fill(a, inputs_for(2));
  fill(b, inputs_for(3));
  a.start_async();
  b.start_async();
  a.wait();
  b.wait();
  EXPECT_EQ(counter(compiled, kBatched), 1u);
  expect_results(a, inputs_for(2), "a after cancel");
  expect_results(b, inputs_for(3), "b");

  // Destroying a waiting request cancels it too (its destructor would otherwise wait the timeout).
  {
    InferRequest waiting = std::move(b);
    fill(waiting, inputs_for(4));
    waiting.start_async();
  }
  EXPECT_EQ(counter(compiled, kBatched) + counter(compiled, kFallback), 1u);
}

TEST(BatchDevice, ConcurrentRequestsAlwaysGetTheirOwnResults) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "BATCH:TEMPLATE(4)", {{"AUTO_BATCH_TIMEOUT", 30}});
  constexpr int kRequests = 8, kRounds = 5;
  std::vector<InferRequest> requests;
  for (int r = 0; r < kRequests; ++r) requests.push_back(compiled.create_infer_request());
  std::vector<std::thread> threads;
  for (int r = 0; r < kRequests; ++r) {
    threads.emplace_back([&, r] {
      for (int round = 0; round < kRounds; ++round) {
        const Inputs in = inputs_for(r, round);
        fill(requests[r], in);
        requests[r].infer();
        expect_results(requests[r], in, "request " + std::to_string(r) + " round " + std::to_string(round));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  // Every inference ran exactly once, batched or alone.
  EXPECT_EQ(counter(compiled, kBatched) * 4 + counter(compiled, kFallback), uint64_t{kRequests * kRounds});
}

TEST(BatchDevice, CallbacksMayRestartTheirRequest) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "BATCH:TEMPLATE(2)", kNoTimeout);
  InferRequest a = compiled.create_infer_request(), b = compiled.create_infer_request();
  std::atomic<int> runs{0};
  std::atomic<bool> restarted{false};
  a.set_callback([&](std::exception_ptr error) {
    EXPECT_FALSE(error);
    if (++runs == 1) {
      restarted = true;
      fill(a, inputs_for(5));
      a.start_async();  // joins b's next submission
    }
  });
  fill(a, inputs_for(3));
  fill(b, inputs_for(4));
  a.start_async();
  b.start_async();
  b.wait();
  expect_results(b, inputs_for(4), "b, first round");
  while (!restarted) std::this_thread::yield();
  fill(b, inputs_for(6));
  b.start_async();
  b.wait();
  a.wait();
  expect_results(a, inputs_for(5), "a, restarted from its callback");
  expect_results(b, inputs_for(6), "b, second round");
  EXPECT_EQ(counter(compiled, kBatched), 2u);
}

TEST(BatchDevice, PluginSyncRequestRunsAloneWithoutWaiting) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "BATCH:TEMPLATE(4)", kNoTimeout);
  // The SDK's synchronous request (what a pipeline stage would call): no group, no timeout.
  std::shared_ptr<ISyncInferRequest> sync = compiled.get_impl()->create_sync_infer_request();
  const Inputs in = inputs_for(6);
  std::copy(in.x.begin(), in.x.end(), sync->get_tensor(compiled.input("x")).data<float>());
  std::copy(in.z.begin(), in.z.end(), sync->get_tensor(compiled.input("z")).data<float>());
  sync->infer();
  const auto [y, p] = expected(in);
  for (size_t o = 0; o < kOut; ++o) {
    EXPECT_NEAR(sync->get_tensor(compiled.output("y")).data<float>()[o], y[o], 1e-5f);
    EXPECT_NEAR(sync->get_tensor(compiled.output("p")).data<float>()[o], p[o], 1e-5f);
  }
  EXPECT_EQ(counter(compiled, kFallback), 1u);
}

TEST(BatchDevice, CompiledModelProperties) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "BATCH:TEMPLATE(4)");
  CompiledModel plain = core.compile_model(make_model(), "TEMPLATE");
  EXPECT_EQ(compiled.get_property(auto_batch_timeout), 1000u);  // the default
  EXPECT_EQ(compiled.get_property(optimal_number_of_infer_requests),
            4 * plain.get_property(optimal_number_of_infer_requests));
  EXPECT_EQ(compiled.get_property(execution_devices), std::vector<std::string>{"TEMPLATE"});
  EXPECT_EQ(compiled.get_property(optimal_batch_size), 4u);
  // The user's ports are batch 1; the device runs batch 4.
  EXPECT_EQ(compiled.input("x").get_partial_shape(), (PartialShape{1, kIn}));
  EXPECT_EQ(compiled.output("p").get_partial_shape(), (PartialShape{1, kOut}));
  EXPECT_EQ(compiled.get_runtime_model()->input("x").get_partial_shape(), (PartialShape{4, kIn}));
  EXPECT_ERROR_CONTAINS(compiled.export_model(*std::make_unique<std::ostringstream>()), "BATCH:TEMPLATE(4)");
  EXPECT_ERROR_CONTAINS(compiled.set_property({{"AUTO_BATCH_TIMEOUT", "soon"}}), "AUTO_BATCH_TIMEOUT");
  EXPECT_ERROR_CONTAINS(compiled.set_property({{"AUTO_BATCH_TIMEOUT", -5}}), "AUTO_BATCH_TIMEOUT");
  EXPECT_EQ(compiled.get_property(auto_batch_timeout), 1000u);  // unchanged by the refusals
  EXPECT_ERROR_CONTAINS(compiled.set_property({{"NUM_STREAMS", 2}}), "NUM_STREAMS");
  // Device settings pass through to the device.
  CompiledModel profiled = core.compile_model(make_model(), "BATCH:TEMPLATE(1)", {{"PERF_COUNT", true}});
  EXPECT_TRUE(profiled.get_property(enable_profiling));
  InferRequest request = profiled.create_infer_request();
  fill(request, inputs_for(0));
  request.infer();
  EXPECT_FALSE(request.get_profiling_info().empty());
}

TEST(BatchDevice, RefusesModelsWithoutBatchOne) {
  Core core;
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(2), "BATCH:TEMPLATE(4)"), "input 'x' has shape [2,4]");
  // An output that does not follow the inputs' batch: a constant [1,3] beside y.
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, kIn});
  x->output(0).set_names({"x"});
  auto relu = std::make_shared<op::v0::Relu>(x);
  auto fixed = std::make_shared<op::v0::Constant>(element::f32, Shape{1, kOut}, kBias);
  fixed->output(0).set_names({"fixed"});
  auto model = std::make_shared<Model>(
      ResultVector{std::make_shared<op::v0::Result>(relu), std::make_shared<op::v0::Result>(fixed)},
      ParameterVector{x});
  const std::string error = error_of([&] { core.compile_model(model, "BATCH:TEMPLATE(4)"); });
  EXPECT_NE(error.find("output 'fixed'"), std::string::npos) << error;
  EXPECT_NE(error.find("BATCH:TEMPLATE(4)"), std::string::npos) << error;
  // A dynamic batch is refused too.
  auto dynamic = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{Dimension(), kIn});
  dynamic->output(0).set_names({"d"});
  auto dynamic_model = std::make_shared<Model>(std::make_shared<op::v0::Relu>(dynamic), ParameterVector{dynamic});
  EXPECT_ERROR_CONTAINS(core.compile_model(dynamic_model, "BATCH:TEMPLATE(2)"), "input 'd'");
}

TEST(BatchDevice, DeviceErrorsNameTheDevice) {
  Core core;
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(), "BATCH:NOPE(2)"), "unknown device 'NOPE'");
  // TEMPLATE reports no OPTIMAL_BATCH_SIZE: the batch size must be given.
  const std::string error = error_of([&] { core.compile_model(make_model(), "BATCH:TEMPLATE"); });
  EXPECT_NE(error.find("'TEMPLATE' reports no OPTIMAL_BATCH_SIZE"), std::string::npos) << error;
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(), "BATCH:MULTI:TEMPLATE(2)"), "virtual device 'MULTI:TEMPLATE'");
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(), "BATCH:TEMPLATE(2)", {{"AUTO_BATCH_TIMEOUT", "never"}}),
                        "AUTO_BATCH_TIMEOUT");
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(), "BATCH:TEMPLATE(2)", {{"NOT_A_PROPERTY", 1}}),
                        "NOT_A_PROPERTY");
}

}  // namespace
}  // namespace ferry::batch
