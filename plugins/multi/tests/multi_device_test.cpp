// MULTI as applications use it, GPU devices first (PoCL's device and its sub-devices in CI):
// the seed GPU page's "MULTI:GPU.1,GPU.0" form works over devices in any order, whether or not
// they offer remote contexts; requests spread over the devices and compute what each device
// computes alone; the MULTI_DEVICE_PRIORITIES form equals the name form; and bad lists are
// refused by name. FERRY_MULTI_TEST_DEVICE names another device to take the GPU's place
// (CPU under ThreadSanitizer, where the in-tree plugins leave out the GPU).
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "ferry/ferry.hpp"
#include "ferry/graph/ops/binary_elementwise.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/testing/error_of.hpp"

namespace ferry::multi {
namespace {

const Shape kShape{2, 8};

// y = Relu(x * 2 - 1): elementwise kernels, quick to build on PoCL.
std::shared_ptr<Model> make_model() {
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2, 8});
  x->output(0).set_names({"x"});
  auto two = std::make_shared<op::v0::Constant>(element::f32, Shape{}, std::vector<float>{2.f});
  auto one = std::make_shared<op::v0::Constant>(element::f32, Shape{}, std::vector<float>{1.f});
  auto y = std::make_shared<op::v0::Relu>(
      std::make_shared<op::v1::Subtract>(std::make_shared<op::v1::Multiply>(x, two), one));
  y->output(0).set_names({"y"});
  return std::make_shared<Model>(ResultVector{std::make_shared<op::v0::Result>(y)}, ParameterVector{x}, "multi");
}

std::vector<float> input_for(int request) {
  std::vector<float> x(shape_size(kShape));
  for (size_t i = 0; i < x.size(); ++i) x[i] = 0.25f * static_cast<float>(i) - 1.f + 0.5f * request;
  return x;
}

std::vector<float> expected(const std::vector<float>& x) {
  std::vector<float> y;
  for (float v : x) y.push_back(std::max(0.f, v * 2.f - 1.f));
  return y;
}

// Runs `requests` requests of `compiled` at once, each on its own input, and checks each output.
void expect_requests_work(CompiledModel& compiled, int requests, const std::string& what) {
  std::vector<InferRequest> running;
  std::vector<std::vector<float>> inputs;
  for (int r = 0; r < requests; ++r) {
    inputs.push_back(input_for(r));
    running.push_back(compiled.create_infer_request());
    running.back().set_tensor("x", Tensor(element::f32, kShape, inputs.back().data()));
    running.back().start_async();
  }
  for (int r = 0; r < requests; ++r) {
    running[r].wait();
    const Tensor y = running[r].get_tensor("y");
    EXPECT_EQ(std::vector<float>(y.data<float>(), y.data<float>() + y.get_size()), expected(inputs[r]))
        << what << ", request " << r;
  }
}

// The device MULTI pairs with TEMPLATE: GPU, or FERRY_MULTI_TEST_DEVICE.
std::string device() {
  const char* named = std::getenv("FERRY_MULTI_TEST_DEVICE");
  return named && *named ? named : "GPU";
}

bool has_device(Core& core, const std::string& name) {
  const std::vector<std::string> devices = core.get_available_devices();
  return std::find(devices.begin(), devices.end(), name) != devices.end();
}

TEST(MultiDevice, RunsOverTheDeviceAndDevicesWithoutContextsInAnyOrder) {
  Core core;
  for (const std::string& name :
       {"MULTI:" + device() + ".0,TEMPLATE", "MULTI:TEMPLATE," + device() + ".0", "MULTI:" + device() + ",TEMPLATE"}) {
    CompiledModel compiled = core.compile_model(make_model(), name);
    const auto devices = compiled.get_property(execution_devices);
    EXPECT_EQ(devices.size(), 2u) << name;
    expect_requests_work(compiled, 4, name);
    // MULTI has no context of its own: asking names it, and nothing else breaks.
    EXPECT_ERROR_CONTAINS(compiled.get_context(), "MULTI");
    expect_requests_work(compiled, 2, name + " after get_context");
  }
}

TEST(MultiDevice, RunsOverSubDevices) {
  Core core;
  const std::string first = device() + ".0.0", second = device() + ".0.1";
  if (!has_device(core, second)) GTEST_SKIP() << device() << ".0 cannot be partitioned into sub-devices here";
  CompiledModel compiled = core.compile_model(make_model(), "MULTI:" + first + "," + second);
  EXPECT_EQ(compiled.get_property(execution_devices), (std::vector<std::string>{first, second}));
  expect_requests_work(compiled, 4, "MULTI:" + first + "," + second);
}

TEST(MultiDevice, PrioritiesPropertyEqualsTheNameForm) {
  Core core;
  CompiledModel compiled = core.compile_model(make_model(), "MULTI", {device::priorities(device(), "TEMPLATE")});
  EXPECT_EQ(compiled.get_property(execution_devices), (std::vector<std::string>{device(), "TEMPLATE"}));
  expect_requests_work(compiled, 2, "MULTI with MULTI_DEVICE_PRIORITIES");
  // Set on the device, the priorities are its default.
  core.set_property("MULTI", {device::priorities("TEMPLATE", device())});
  EXPECT_EQ(core.get_property("MULTI", device::priorities), "TEMPLATE," + device());
  CompiledModel by_default = core.compile_model(make_model(), "MULTI");
  EXPECT_EQ(by_default.get_property(execution_devices), (std::vector<std::string>{"TEMPLATE", device()}));
  // A virtual device is not an available device; its devices are.
  EXPECT_FALSE(has_device(core, "MULTI"));
  EXPECT_TRUE(has_device(core, "TEMPLATE"));
}

TEST(MultiDevice, BadListsAreRefusedByName) {
  Core core;
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(), "MULTI:" + device() + ",NOPE"), "unknown device 'NOPE'");
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(), "MULTI"), "DEVICE_PRIORITIES is empty");
  EXPECT_ERROR_CONTAINS(
      core.compile_model(make_model(), "MULTI", {{"MULTI_DEVICE_PRIORITIES", device() + ",BATCH:" + device() + "(2)"}}),
      "virtual device 'BATCH:" + device() + "(2)'");
  EXPECT_ERROR_CONTAINS(core.compile_model(make_model(), "MULTI:" + device(), {{"NOT_A_PROPERTY", 1}}),
                        "NOT_A_PROPERTY");
  EXPECT_ERROR_CONTAINS(core.set_property("MULTI", {{"NOT_A_PROPERTY", 1}}), "NOT_A_PROPERTY");
  // Still usable.
  CompiledModel compiled = core.compile_model(make_model(), "MULTI:" + device());
  expect_requests_work(compiled, 1, "MULTI:" + device() + " after errors");
}

}  // namespace
}  // namespace ferry::multi
