// Conformance, infer requests: tensors by name/index/port, refused tensors, correct outputs,
// sync and async inference, callbacks, cancel, Busy, concurrency, destruction in flight,
// batched set_tensors and profiling.

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "checks.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "ferry/runtime/remote_context.hpp"
#include "ferry/runtime/remote_tensor.hpp"
#include "ferry/value/properties.hpp"
#include "fixtures.hpp"
#include "options.hpp"

namespace ferry::conformance {
namespace {

using namespace std::chrono_literals;

const std::string& device() { return options().device; }

// The MLP compiled at model_batch(usual_batch): `batch` rows per inference.
struct Mlp {
  Core core = make_core();
  size_t batch;
  CompiledModel compiled;
  explicit Mlp(size_t usual_batch = 2, const AnyMap& properties = {})
      : batch(model_batch(usual_batch)), compiled(core.compile_model(make_mlp(batch), device(), properties)) {}
};

TEST(InferRequest, TensorsByNameIndexAndPortAreTheSame) {
  Mlp mlp;
  InferRequest request = mlp.compiled.create_infer_request();
  Tensor input = make_f32({mlp.batch, kIn}, sample(mlp.batch * kIn, 1));
  request.set_tensor("x", input);
  EXPECT_EQ(request.get_tensor("x").data(), input.data());
  EXPECT_EQ(request.get_input_tensor(0).data(), input.data());
  EXPECT_EQ(request.get_tensor(mlp.compiled.input()).data(), input.data());
  Tensor hidden(element::f32, {mlp.batch, kHidden});
  request.set_output_tensor(1, hidden);
  EXPECT_EQ(request.get_tensor("hidden").data(), hidden.data());
  EXPECT_EQ(request.get_tensor(mlp.compiled.output(1)).data(), hidden.data());
  Tensor probs(element::f32, {mlp.batch, kOut});
  request.set_tensor(mlp.compiled.output(0), probs);
  EXPECT_EQ(request.get_output_tensor(0).data(), probs.data());
  request.infer();
  const MlpOutputs expected = mlp_reference(values_of(input), mlp.batch);
  expect_near(values_of(probs), expected.probs);  // written into the user's tensors
  expect_near(values_of(hidden), expected.hidden);
}

TEST(InferRequest, WrongTensorsAreRefusedAndTheRequestStaysUsable) {
  Mlp mlp;
  InferRequest request = mlp.compiled.create_infer_request();
  EXPECT_THROW(request.set_tensor("x", Tensor(element::i32, {mlp.batch, kIn})), Exception);
  EXPECT_THROW(request.set_tensor("x", Tensor(element::f32, {mlp.batch, kIn + 1})), Exception);
  EXPECT_THROW(request.set_tensor("x", Tensor(element::f32, {mlp.batch})), Exception);
  EXPECT_THROW(request.set_tensor("no_such_port", Tensor(element::f32, {mlp.batch, kIn})), Exception);
  EXPECT_THROW(request.set_input_tensor(3, Tensor(element::f32, {mlp.batch, kIn})), Exception);
  EXPECT_THROW(request.set_tensor("x", Tensor()), Exception);
  EXPECT_THROW(request.get_tensor("no_such_port"), Exception);
  const auto x = sample(mlp.batch * kIn, 2);
  request.set_tensor("x", make_f32({mlp.batch, kIn}, x));
  request.infer();
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, mlp.batch).probs);
}

TEST(InferRequest, SyncOutputsMatchHandComputedValues) {
  Mlp mlp(3);
  InferRequest request = mlp.compiled.create_infer_request();
  for (int seed = 0; seed < 3; ++seed) {  // reuse: every inference reads the current input
    const auto x = sample(mlp.batch * kIn, seed);
    request.set_tensor("x", make_f32({mlp.batch, kIn}, x));
    request.infer();
    expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, mlp.batch).probs);
    expect_near(values_of(request.get_tensor("hidden")), mlp_reference(x, mlp.batch).hidden);
  }
}

TEST(InferRequest, AsyncWaitAndWaitFor) {
  Mlp mlp;
  InferRequest request = mlp.compiled.create_infer_request();
  const auto x = sample(mlp.batch * kIn, 3);
  request.set_tensor("x", make_f32({mlp.batch, kIn}, x));
  request.start_async();
  request.wait();
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, mlp.batch).probs);
  request.start_async();
  EXPECT_TRUE(request.wait_for(60s));
  EXPECT_TRUE(request.wait_for(0ms));  // finished: answers at once
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, mlp.batch).probs);
}

TEST(InferRequest, CallbackIsCalledExactlyOncePerStart) {
  Mlp mlp;
  InferRequest request = mlp.compiled.create_infer_request();
  std::atomic<int> calls{0};
  std::atomic<bool> had_error{false};
  request.set_callback([&](std::exception_ptr error) {
    if (error) had_error = true;
    ++calls;
  });
  request.set_tensor("x", make_f32({mlp.batch, kIn}, sample(mlp.batch * kIn, 4)));
  for (int i = 1; i <= 3; ++i) {
    request.start_async();
    request.wait();
    EXPECT_EQ(calls.load(), i);
  }
  EXPECT_FALSE(had_error.load());
}

TEST(InferRequest, CallbackMayStartAnotherRequest) {
  Mlp mlp;
  InferRequest first = mlp.compiled.create_infer_request(), second = mlp.compiled.create_infer_request();
  const auto x = sample(mlp.batch * kIn, 5);
  first.set_tensor("x", make_f32({mlp.batch, kIn}, x));
  second.set_tensor("x", make_f32({mlp.batch, kIn}, x));
  std::mutex mutex;
  std::condition_variable done;
  bool second_done = false;
  second.set_callback([&](std::exception_ptr) {
    std::lock_guard<std::mutex> lock(mutex);
    second_done = true;
    done.notify_all();
  });
  first.set_callback([&](std::exception_ptr error) {
    if (!error) second.start_async();
  });
  first.start_async();
  first.wait();
  {
    std::unique_lock<std::mutex> lock(mutex);
    ASSERT_TRUE(done.wait_for(lock, 60s, [&] { return second_done; }));
  }
  second.wait();
  expect_near(values_of(second.get_tensor("probs")), mlp_reference(x, mlp.batch).probs);
}

TEST(InferRequest, ErrorInsideInferenceReachesCallbackAndWait) {
  Core core = make_core();
  CompiledModel compiled;
  try {
    compiled = core.compile_model(make_dynamic_add(), device());
  } catch (const Exception& e) {
    GTEST_SKIP() << device() << " does not compile a model with dynamic shapes (" << e.what()
                 << "): no portable way to make an inference fail";
  }
  InferRequest request = compiled.create_infer_request();
  request.set_tensor("a", make_f32({3}, {1, 2, 3}));
  request.set_tensor("b", make_f32({4}, {1, 2, 3, 4}));  // [3] + [4] cannot broadcast
  std::atomic<int> errors{0}, calls{0};
  request.set_callback([&](std::exception_ptr error) {
    ++calls;
    if (error) ++errors;
  });
  request.start_async();
  EXPECT_THROW(request.wait(), Exception);
  EXPECT_EQ(calls.load(), 1);
  EXPECT_EQ(errors.load(), 1);
  EXPECT_THROW(request.infer(), Exception);
  // The request recovers once the inputs agree.
  request.set_tensor("b", make_f32({3}, {10, 20, 30}));
  request.infer();
  expect_near(values_of(request.get_tensor("sum")), {11, 22, 33});
}

TEST(InferRequest, CancelEndsOrLetsFinishAndTheRequestStaysUsable) {
  Core core = make_core();
  CompiledModel compiled = core.compile_model(heavy_model(), device());
  InferRequest request = compiled.create_infer_request();
  request.set_tensor("x", make_f32(heavy_shape(), sample(kHeavy * kHeavy, 6)));
  for (int i = 0; i < 3; ++i) {
    request.start_async();
    request.cancel();
    try {
      request.wait();  // finished before the cancel took effect
    } catch (const Cancelled&) {
    }
  }
  Mlp mlp;
  InferRequest small = mlp.compiled.create_infer_request();
  small.cancel();  // nothing running: no effect
  const auto x = sample(mlp.batch * kIn, 6);
  small.set_tensor("x", make_f32({mlp.batch, kIn}, x));
  small.infer();
  expect_near(values_of(small.get_tensor("probs")), mlp_reference(x, mlp.batch).probs);
  request.infer();  // the cancelled request runs again
}

TEST(InferRequest, BusyWhileRunning) {
  Core core = make_core();
  CompiledModel compiled = core.compile_model(heavy_model(), device());
  InferRequest request = compiled.create_infer_request();
  const Tensor input = make_f32(heavy_shape(), sample(kHeavy * kHeavy, 7));
  request.set_tensor("x", input);
  // Busy can only be seen while the inference still runs; the request may finish between two
  // calls (a start_async that follows a Busy set_tensor may then start a new run), so try a
  // bounded number of times and require each call to have been refused at least once.
  int busy_set = 0, busy_start = 0;
  for (int attempt = 0; attempt < 50 && (busy_set == 0 || busy_start == 0); ++attempt) {
    request.start_async();
    try {
      request.set_tensor("x", input);
    } catch (const Busy&) {
      ++busy_set;
    }
    try {
      request.start_async();  // either refused, or the first run had ended and this is a new one
    } catch (const Busy&) {
      ++busy_start;
    }
    request.wait();
  }
  EXPECT_GT(busy_set, 0) << "no Busy in 50 attempts to set a tensor of a running request";
  EXPECT_GT(busy_start, 0) << "no Busy in 50 attempts to start a running request";
  request.set_tensor("x", input);  // idle again
}

TEST(InferRequest, ManyRequestsOnManyThreads) {
  Mlp mlp;
  constexpr int kThreads = 4, kRounds = 20;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      InferRequest request = mlp.compiled.create_infer_request();
      for (int round = 0; round < kRounds; ++round) {
        const auto x = sample(mlp.batch * kIn, t * 100 + round);
        request.set_tensor("x", make_f32({mlp.batch, kIn}, x));
        if (round % 2) {
          request.infer();
        } else {
          request.start_async();
          request.wait();
        }
        const auto expected = mlp_reference(x, mlp.batch).probs;
        const auto actual = values_of(request.get_tensor("probs"));
        for (size_t i = 0; i < expected.size(); ++i)
          if (std::abs(actual[i] - expected[i]) > 1e-4f) ++wrong;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(InferRequest, DestroyingRequestAndModelInFlightIsSafe) {
  for (int i = 0; i < 3; ++i) {
    Core core = make_core();
    CompiledModel compiled = core.compile_model(heavy_model(), device());
    InferRequest request = compiled.create_infer_request();
    request.set_tensor("x", make_f32(heavy_shape(), sample(kHeavy * kHeavy, i)));
    request.set_callback([](std::exception_ptr) {});
    request.start_async();
    compiled = CompiledModel();
    request = InferRequest();  // destroyed while (probably) running
  }
  Mlp mlp;  // the device still works
  InferRequest request = mlp.compiled.create_infer_request();
  const auto x = sample(mlp.batch * kIn, 8);
  request.set_tensor("x", make_f32({mlp.batch, kIn}, x));
  request.infer();
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, mlp.batch).probs);
}

TEST(InferRequest, SetTensorsJoinsABatch) {
  Mlp mlp(3);
  InferRequest request = mlp.compiled.create_infer_request();
  std::vector<Tensor> items;
  std::vector<float> joined;
  for (int i = 0; i < static_cast<int>(mlp.batch); ++i) {
    const auto row = sample(kIn, 20 + i);
    joined.insert(joined.end(), row.begin(), row.end());
    items.push_back(make_f32({1, kIn}, row));
  }
  request.set_tensors("x", items);
  request.infer();
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(joined, mlp.batch).probs);
  // The wrong number of items, or items of the wrong shape, are refused.
  std::vector<Tensor> one_more = items;
  one_more.push_back(items[0]);
  EXPECT_THROW(request.set_tensors("x", one_more), Exception);
  std::vector<Tensor> one_wrong = items;
  one_wrong.back() = Tensor(element::f32, {1, kIn + 1});
  EXPECT_THROW(request.set_tensors("x", one_wrong), Exception);
}

TEST(InferRequest, ProfilingInfoWhenEnabled) {
  Core core = make_core();
  if (!supports(core, device(), enable_profiling.name()))
    GTEST_SKIP() << device() << " does not list PERF_COUNT in SUPPORTED_PROPERTIES";
  CompiledModel compiled = core.compile_model(make_mlp(model_batch(2)), device(), enable_profiling(true));
  InferRequest request = compiled.create_infer_request();
  request.set_tensor("x", make_f32({model_batch(2), kIn}, sample(model_batch(2) * kIn, 9)));
  request.infer();
  const auto records = request.get_profiling_info();
  ASSERT_FALSE(records.empty());
  int executed = 0;
  for (const auto& record : records) {
    EXPECT_FALSE(record.node_name.empty());
    EXPECT_GE(record.real_time.count(), 0);
    if (record.status == ProfilingInfo::Status::EXECUTED) ++executed;
  }
  EXPECT_GT(executed, 0);
}

}  // namespace
}  // namespace ferry::conformance
