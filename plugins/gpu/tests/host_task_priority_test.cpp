// GPU_HOST_TASK_PRIORITY: the niceness of the stream threads that run async inferences, seen from
// an inference's callback (which runs on the stream thread that ran the inference).

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <exception>

#include "ferry/gpu/properties.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

int thread_niceness() { return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid))); }

std::shared_ptr<Model> small_model() {
  auto x = param({4, 32});
  auto y = std::make_shared<op::v0::Relu>(x);
  return model_of(y, {x});
}

// Runs one async inference of `compiled` and returns the niceness of the thread that ran it.
int niceness_of_an_inference(CompiledModel& compiled, const std::shared_ptr<Model>& model) {
  InferRequest request = compiled.create_infer_request();
  request.set_input_tensor(0, random_inputs(model, 3)[0]);
  int seen = 1000;
  std::exception_ptr error;
  request.set_callback([&](std::exception_ptr e) {
    seen = thread_niceness();
    error = e;
  });
  request.start_async();
  request.wait();
  if (error) std::rethrow_exception(error);
  return seen;
}

TEST(GpuHostTaskPriority, LowLowersTheStreamThreadsAndIsReportedApplied) {
  Core core = make_core();
  auto model = small_model();
  const int base = thread_niceness();
  CompiledModel compiled = core.compile_model(model, "GPU", {{"GPU_HOST_TASK_PRIORITY", "LOW"}, {"NUM_STREAMS", "2"}});
  EXPECT_EQ(compiled.get_property(hint::host_task_priority), ferry::hint::Priority::LOW);
  EXPECT_TRUE(compiled.get_property(host_task_priority_applied));
  EXPECT_EQ(niceness_of_an_inference(compiled, model), std::min(base + 10, 19));
  EXPECT_EQ(thread_niceness(), base) << "the caller's own priority must not change";
}

TEST(GpuHostTaskPriority, MediumKeepsTheCallersPriority) {
  Core core = make_core();
  auto model = small_model();
  const int base = thread_niceness();
  CompiledModel compiled = core.compile_model(model, "GPU");
  EXPECT_EQ(compiled.get_property(hint::host_task_priority), ferry::hint::Priority::MEDIUM);
  EXPECT_TRUE(compiled.get_property(host_task_priority_applied));
  EXPECT_EQ(niceness_of_an_inference(compiled, model), base);
}

TEST(GpuHostTaskPriority, HighIsAppliedOrReportedAsRefused) {
  Core core = make_core();
  core.set_property("GPU", {{"GPU_HOST_TASK_PRIORITY", "HIGH"}});
  auto model = small_model();
  const int base = thread_niceness();
  CompiledModel compiled = core.compile_model(model, "GPU");
  EXPECT_EQ(compiled.get_property(hint::host_task_priority), ferry::hint::Priority::HIGH);
  // A raise needs CAP_SYS_NICE: either way, what is reported must be what the threads run at.
  const bool applied = compiled.get_property(host_task_priority_applied);
  EXPECT_EQ(niceness_of_an_inference(compiled, model), applied ? std::max(base - 5, -20) : base);
}

}  // namespace
}  // namespace ferry::gpu::test
