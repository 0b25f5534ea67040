#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ferry/base/exception.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/plugin/executor.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/isync_infer_request.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace {

constexpr auto kLongEnough = std::chrono::seconds(20);  // only ever reached when a test fails

// A door tests open by hand; `entered` tells the test someone is waiting at it.
class Gate {
 public:
  void pass() {
    std::unique_lock<std::mutex> lock(m_mutex);
    ++m_entered;
    m_changed.notify_all();
    m_changed.wait(lock, [&] { return m_open; });
  }
  void open() {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_open = true;
    m_changed.notify_all();
  }
  bool wait_entered(int count = 1) {
    std::unique_lock<std::mutex> lock(m_mutex);
    return m_changed.wait_for(lock, kLongEnough, [&] { return m_entered >= count; });
  }

 private:
  std::mutex m_mutex;
  std::condition_variable m_changed;
  int m_entered = 0;
  bool m_open = false;
};

std::shared_ptr<Model> make_relu_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{1, 4});
  x->output(0).set_names({"x"});
  auto relu = std::make_shared<op::v0::Relu>(x);
  relu->output(0).set_names({"y"});
  return std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(relu)}, ParameterVector{x}, "relu");
}

// Computes relu(x) for real, after an optional hook (block on a gate, throw, count...).
class FakeSyncRequest : public ISyncInferRequest {
 public:
  using ISyncInferRequest::ISyncInferRequest;
  void infer() override {
    check_tensors();
    if (hook) hook();
    const Tensor in = input_tensor(0);
    const Tensor out = output_tensor(0);
    const float* x = in.data<float>();
    float* y = out.data<float>();
    for (size_t i = 0; i < in.get_size(); ++i) y[i] = x[i] > 0 ? x[i] : 0;
    ++infers;
  }
  std::function<void()> hook;
  std::atomic<int> infers{0};
};

class FakeCompiledModel : public ICompiledModel {
 public:
  explicit FakeCompiledModel(std::shared_ptr<threading::ITaskExecutor> executor = {})
      : ICompiledModel(make_relu_model(), nullptr, nullptr, std::move(executor)) {}
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override {
    auto request = std::make_shared<FakeSyncRequest>(shared_from_this());
    std::lock_guard<std::mutex> lock(mutex);
    last_sync = request;
    return request;
  }
  mutable std::mutex mutex;
  // The tests' handle on the sync side; weak, as the request owns this model.
  mutable std::weak_ptr<FakeSyncRequest> last_sync;
  void export_model(std::ostream&) const override {}
  std::shared_ptr<const Model> get_runtime_model() const override { return nullptr; }
  void set_property(const AnyMap&) override {}
  Any get_property(const std::string&) const override { return {}; }
};

struct Fixture {
  explicit Fixture(std::shared_ptr<threading::ITaskExecutor> executor = {})
      : model(std::make_shared<FakeCompiledModel>(std::move(executor))) {
    request = model->create_infer_request();
    sync = model->last_sync.lock();
  }
  void set_input(std::vector<float> values) {
    Tensor x = request->get_tensor(model->inputs()[0]);
    std::copy(values.begin(), values.end(), x.data<float>());
  }
  std::vector<float> output() {
    Tensor y = request->get_tensor(model->outputs()[0]);
    return std::vector<float>(y.data<float>(), y.data<float>() + y.get_size());
  }
  std::shared_ptr<FakeCompiledModel> model;
  std::shared_ptr<IAsyncInferRequest> request;
  std::shared_ptr<FakeSyncRequest> sync;
};

TEST(AsyncInferRequestTest, InferComputesThroughTheDefaultExecutor) {
  Fixture f;
  f.set_input({-1, 2, -3, 4});
  f.request->infer();
  EXPECT_EQ(f.output(), (std::vector<float>{0, 2, 0, 4}));
  f.set_input({5, -6, 7, -8});
  f.request->start_async();
  f.request->wait();
  EXPECT_EQ(f.output(), (std::vector<float>{5, 0, 7, 0}));
  EXPECT_EQ(f.sync->infers.load(), 2);
}

TEST(AsyncInferRequestTest, WaitOnANeverStartedRequestReturns) {
  Fixture f;
  f.request->wait();
  EXPECT_TRUE(f.request->wait_for(std::chrono::milliseconds(0)));
}

TEST(AsyncInferRequestTest, BusyWhileRunning) {
  Fixture f;
  Gate gate;
  f.sync->hook = [&] { gate.pass(); };
  f.request->start_async();
  ASSERT_TRUE(gate.wait_entered());
  const auto& x = f.model->inputs()[0];
  EXPECT_THROW(f.request->start_async(), Busy);
  EXPECT_THROW(f.request->get_tensor(x), Busy);
  EXPECT_THROW(f.request->set_tensor(x, Tensor(element::f32, Shape{1, 4})), Busy);
  EXPECT_THROW(f.request->get_tensors(x), Busy);
  EXPECT_THROW(f.request->set_tensors(x, {Tensor(element::f32, Shape{1, 4})}), Busy);
  EXPECT_THROW(f.request->get_profiling_info(), Busy);
  try {
    f.request->get_tensor(x);
  } catch (const Busy& e) {
    EXPECT_NE(std::string(e.what()).find("get_tensor"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(f.request->wait_for(std::chrono::milliseconds(0)));
  gate.open();
  f.request->wait();
  EXPECT_NO_THROW(f.request->get_tensor(x));
  EXPECT_EQ(f.sync->infers.load(), 1);
}

TEST(AsyncInferRequestTest, CancelQueuedRequestSkipsItAndAllowsReuse) {
  auto executor = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"cancel", 1});
  Fixture f(executor);
  Gate blocker;
  executor->run([&] { blocker.pass(); });  // occupies the only stream
  ASSERT_TRUE(blocker.wait_entered());
  std::vector<std::exception_ptr> callback_errors;
  f.request->set_callback([&](std::exception_ptr error) { callback_errors.push_back(error); });
  f.request->start_async();  // queued behind the blocker
  f.request->cancel();
  blocker.open();
  EXPECT_THROW(f.request->wait(), Cancelled);
  EXPECT_THROW(f.request->wait(), Cancelled);  // the result stays until the next start
  EXPECT_EQ(f.sync->infers.load(), 0);
  ASSERT_EQ(callback_errors.size(), 1u);
  EXPECT_THROW(std::rethrow_exception(callback_errors[0]), Cancelled);

  f.set_input({1, -1, 1, -1});  // idle again: tensors reachable, and it runs again
  f.request->infer();
  EXPECT_EQ(f.sync->infers.load(), 1);
  EXPECT_EQ(f.output(), (std::vector<float>{1, 0, 1, 0}));
  ASSERT_EQ(callback_errors.size(), 2u);
  EXPECT_EQ(callback_errors[1], nullptr);
}

TEST(AsyncInferRequestTest, CancelOnIdleRequestDoesNothing) {
  Fixture f;
  f.request->cancel();
  f.set_input({1, 2, 3, 4});
  EXPECT_NO_THROW(f.request->infer());
}

// A plugin-style request with three stages on two executors and the caller's thread.
class StagedRequest : public IAsyncInferRequest {
 public:
  StagedRequest(const std::shared_ptr<ISyncInferRequest>& sync, std::shared_ptr<threading::CPUStreamsExecutor> first,
                std::shared_ptr<threading::CPUStreamsExecutor> second)
      : IAsyncInferRequest(sync, nullptr, nullptr) {
    m_pipeline = {
        {first,
         [this, first] {
           record("preprocess", first->get_stream_id() == 0);
           if (before_infer) before_infer();
         }},
        {second,
         [this, second] {
           record("infer", second->get_stream_id() == 0);
           sync_request()->infer();
         }},
        {std::make_shared<threading::ImmediateExecutor>(),
         [this, second] { record("postprocess", second->get_stream_id() == 0); }},
    };
  }
  ~StagedRequest() override { stop_and_wait(); }  // the stages use `log`
  void record(const std::string& stage, bool on_expected_executor) {
    std::lock_guard<std::mutex> lock(mutex);
    log.push_back(stage + (on_expected_executor ? "" : "(wrong executor)"));
  }
  std::function<void()> before_infer;
  std::mutex mutex;
  std::vector<std::string> log;
};

TEST(AsyncInferRequestTest, StagesRunInOrderEachOnItsExecutor) {
  auto first = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"first", 1});
  auto second = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"second", 1});
  auto model = std::make_shared<FakeCompiledModel>();
  auto request = std::make_shared<StagedRequest>(model->create_sync_infer_request(), first, second);
  Tensor x = request->get_tensor(model->inputs()[0]);
  std::fill_n(x.data<float>(), 4, -2.0f);
  request->infer();
  request->infer();
  // The last stage runs on the immediate executor, i.e. the thread of the stage before it.
  const std::vector<std::string> once = {"preprocess", "infer", "postprocess"};
  std::vector<std::string> twice = once;
  twice.insert(twice.end(), once.begin(), once.end());
  EXPECT_EQ(request->log, twice);
}

TEST(AsyncInferRequestTest, CancelWhileRunningSkipsTheRemainingStages) {
  auto first = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"first", 1});
  auto second = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"second", 1});
  auto model = std::make_shared<FakeCompiledModel>();
  auto sync = model->create_sync_infer_request();
  auto request = std::make_shared<StagedRequest>(sync, first, second);
  Gate gate;
  request->before_infer = [&] { gate.pass(); };
  request->start_async();
  ASSERT_TRUE(gate.wait_entered());  // inside the first stage
  request->cancel();
  gate.open();
  EXPECT_THROW(request->wait(), Cancelled);
  EXPECT_EQ(request->log, std::vector<std::string>{"preprocess"});
  EXPECT_EQ(std::static_pointer_cast<FakeSyncRequest>(sync)->infers.load(), 0);
}

TEST(AsyncInferRequestTest, InferenceErrorReachesCallbackAndEveryWait) {
  Fixture f;
  f.sync->hook = [] { throw Exception("kernel 'relu' failed"); };
  std::atomic<int> calls{0};
  std::string callback_message;
  f.request->set_callback([&](std::exception_ptr error) {
    ++calls;
    try {
      if (error) std::rethrow_exception(error);
    } catch (const Exception& e) {
      callback_message = e.what();
    }
  });
  f.request->start_async();
  for (int i = 0; i < 2; ++i) {
    try {
      f.request->wait();
      ADD_FAILURE() << "wait() did not rethrow";
    } catch (const Exception& e) {
      EXPECT_EQ(std::string(e.what()), "kernel 'relu' failed");
    }
  }
  EXPECT_THROW(f.request->infer(), Exception);
  EXPECT_EQ(calls.load(), 2);
  EXPECT_EQ(callback_message, "kernel 'relu' failed");
  f.sync->hook = nullptr;
  EXPECT_NO_THROW(f.request->infer());  // a new start clears the old error
}

TEST(AsyncInferRequestTest, CallbackExceptionIsRethrownByTheNextWaitOnce) {
  Fixture f;
  f.request->set_callback([](std::exception_ptr) { throw std::runtime_error("callback failed"); });
  f.request->start_async();
  try {
    f.request->wait();
    ADD_FAILURE() << "wait() did not rethrow the callback's exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "callback failed");
  }
  EXPECT_NO_THROW(f.request->wait());  // reported once
  EXPECT_THROW(f.request->infer(), std::runtime_error);
}

TEST(AsyncInferRequestTest, WaitInsideTheCallbackThrowsInsteadOfDeadlocking) {
  Fixture f;
  std::string message;
  f.request->set_callback([&](std::exception_ptr) {
    try {
      f.request->wait();
    } catch (const Exception& e) {
      message = e.what();
    }
  });
  f.request->infer();
  EXPECT_NE(message.find("own callback"), std::string::npos) << message;
}

TEST(AsyncInferRequestTest, CallbackSeesIdleRequestAndCanRestartIt) {
  Fixture f;
  f.set_input({1, 2, 3, 4});
  constexpr int kRuns = 20;
  std::vector<float> first_outputs;
  int calls = 0;  // the callbacks of one request never overlap here: each restart comes from one
  f.request->set_callback([&](std::exception_ptr error) {
    ASSERT_EQ(error, nullptr);
    ++calls;
    if (calls == 1) first_outputs = f.output();  // get_tensor inside the callback: not busy
    if (calls < kRuns) f.request->start_async();
  });
  f.request->start_async();
  // A restart happens inside the callback, before its run counts as finished: the first wait()
  // already returns only after the last run of the chain.
  f.request->wait();
  EXPECT_EQ(calls, kRuns);
  EXPECT_EQ(f.sync->infers.load(), kRuns);
  EXPECT_EQ(first_outputs, (std::vector<float>{1, 2, 3, 4}));
}

TEST(AsyncInferRequestTest, AnotherThreadMayRestartTheRequestWhileItsCallbackRuns) {
  // The usual application pattern: the callback hands the request back to a loop that starts it
  // again at once, while the callback itself has not returned yet.
  Fixture f;
  Gate in_callback;
  std::atomic<int> calls{0};
  f.request->set_callback([&](std::exception_ptr) {
    if (++calls == 1) in_callback.pass();  // stays inside the first callback until the test says
  });
  f.request->start_async();
  ASSERT_TRUE(in_callback.wait_entered());
  EXPECT_NO_THROW(f.request->start_async());  // idle already, although the callback still runs
  in_callback.open();
  f.request->wait();  // the second run
  EXPECT_EQ(calls.load(), 2);
  EXPECT_EQ(f.sync->infers.load(), 2);
}

TEST(AsyncInferRequestTest, CallbackRunsExactlyOncePerStartWithManyRequestsOnEightStreams) {
  auto executor = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"many", 8});
  auto model = std::make_shared<FakeCompiledModel>(executor);
  constexpr int kRequests = 16;
  constexpr int kRunsEach = 25;
  std::vector<std::shared_ptr<IAsyncInferRequest>> requests;
  std::vector<std::atomic<int>> calls(kRequests);
  std::atomic<int> failures{0};
  std::mutex mutex;
  std::condition_variable all_done;
  int finished_requests = 0;
  for (int r = 0; r < kRequests; ++r) {
    auto request = model->create_infer_request();
    Tensor x = request->get_tensor(model->inputs()[0]);
    for (int i = 0; i < 4; ++i) x.data<float>()[i] = float(r - i);
    IAsyncInferRequest* raw = request.get();
    request->set_callback([&, raw, r](std::exception_ptr error) {
      if (error) ++failures;
      Tensor y = raw->get_tensor(model->outputs()[0]);
      for (int i = 0; i < 4; ++i) {
        if (y.data<float>()[i] != std::max(0.0f, float(r - i))) ++failures;
      }
      if (++calls[r] < kRunsEach) {
        raw->start_async();
      } else {
        std::lock_guard<std::mutex> lock(mutex);
        ++finished_requests;
        all_done.notify_all();
      }
    });
    requests.push_back(request);
  }
  for (auto& request : requests) request->start_async();
  {
    std::unique_lock<std::mutex> lock(mutex);
    ASSERT_TRUE(all_done.wait_for(lock, kLongEnough, [&] { return finished_requests == kRequests; }));
  }
  for (auto& request : requests) request->wait();
  for (int r = 0; r < kRequests; ++r) EXPECT_EQ(calls[r].load(), kRunsEach) << "request " << r;
  EXPECT_EQ(failures.load(), 0);
}

TEST(AsyncInferRequestTest, ConcurrentInferFromEightThreads) {
  auto executor = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"threads", 4});
  auto model = std::make_shared<FakeCompiledModel>(executor);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      auto request = model->create_infer_request();
      std::atomic<int> callbacks{0};
      request->set_callback([&](std::exception_ptr) { ++callbacks; });
      for (int run = 0; run < 20; ++run) {
        Tensor x = request->get_tensor(model->inputs()[0]);
        for (int i = 0; i < 4; ++i) x.data<float>()[i] = float(run - t - i);
        request->infer();
        Tensor y = request->get_tensor(model->outputs()[0]);
        for (int i = 0; i < 4; ++i) {
          if (y.data<float>()[i] != std::max(0.0f, float(run - t - i))) ++failures;
        }
      }
      if (callbacks.load() != 20) ++failures;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(AsyncInferRequestTest, DestructorWaitsForTheInferenceInFlight) {
  auto model = std::make_shared<FakeCompiledModel>();
  auto request = model->create_infer_request();
  auto sync = model->last_sync.lock();
  Gate gate;
  sync->hook = [&] { gate.pass(); };
  std::atomic<int> callbacks{0};
  request->set_callback([&](std::exception_ptr) { ++callbacks; });
  request->start_async();
  ASSERT_TRUE(gate.wait_entered());
  std::thread opener([&] { gate.open(); });  // races with the destructor: either order is fine
  request.reset();
  EXPECT_EQ(callbacks.load(), 1);  // the destructor returned after the whole run
  EXPECT_EQ(sync->infers.load(), 1);
  opener.join();
}

TEST(AsyncInferRequestTest, DestroyingManyQueuedRequestsRunsEachCallbackOnce) {
  auto executor = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"queue", 1});
  auto model = std::make_shared<FakeCompiledModel>(executor);
  std::atomic<int> callbacks{0};
  {
    std::vector<std::shared_ptr<IAsyncInferRequest>> requests;
    for (int i = 0; i < 20; ++i) {
      requests.push_back(model->create_infer_request());
      requests.back()->set_callback([&](std::exception_ptr) { ++callbacks; });
      requests.back()->start_async();
    }
  }  // destroyed queued or running
  EXPECT_EQ(callbacks.load(), 20);
}

TEST(AsyncInferRequestTest, CallbackMayDestroyItsOwnRequest) {
  auto executor = std::make_shared<threading::CPUStreamsExecutor>(threading::CPUStreamsExecutor::Config{"self", 1});
  auto model = std::make_shared<FakeCompiledModel>(executor);
  auto holder = std::make_shared<std::shared_ptr<IAsyncInferRequest>>(model->create_infer_request());
  std::mutex mutex;
  std::condition_variable cv;
  bool destroyed = false;
  (*holder)->set_callback([&, holder](std::exception_ptr) {
    holder->reset();  // the last reference: the request is destroyed inside its own callback
    std::lock_guard<std::mutex> lock(mutex);
    destroyed = true;
    cv.notify_all();
  });
  (*holder)->start_async();
  std::unique_lock<std::mutex> lock(mutex);
  EXPECT_TRUE(cv.wait_for(lock, kLongEnough, [&] { return destroyed; }));
}

TEST(AsyncInferRequestTest, ExposesTheSyncRequestsPortsAndModel) {
  Fixture f;
  EXPECT_EQ(f.request->get_inputs().size(), 1u);
  EXPECT_EQ(f.request->get_outputs().size(), 1u);
  EXPECT_EQ(f.request->get_inputs()[0].get_any_name(), "x");
  EXPECT_EQ(f.request->get_outputs()[0].get_any_name(), "y");
  // EXPECT_TRUE, not EXPECT_EQ: gtest's printer would try ferry::Any's converting constructor.
  EXPECT_TRUE(f.request->get_compiled_model() == std::static_pointer_cast<const ICompiledModel>(f.model));
  EXPECT_TRUE(f.request->get_profiling_info().empty());
}

}  // namespace
}  // namespace ferry
