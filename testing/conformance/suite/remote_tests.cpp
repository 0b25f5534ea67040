// Conformance, remote contexts and tensors: default and re-created contexts, remote tensors as
// inputs and outputs, copies, and tensors of another context refused. A device without contexts
// skips with the reason it gave.

#include <gtest/gtest.h>

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

const std::string& device() { return options().device; }

// The device's default context, or the reason it has none.
bool default_context(Core& core, RemoteContext& context, std::string& reason) {
  try {
    context = core.get_default_context(device());
    return static_cast<bool>(context);
  } catch (const Exception& e) {
    reason = e.what();
    return false;
  }
}

#define REQUIRE_CONTEXT(core, context)                                                                             \
  RemoteContext context;                                                                                           \
  {                                                                                                                \
    std::string reason;                                                                                            \
    if (!default_context(core, context, reason)) GTEST_SKIP() << device() << " has no remote context: " << reason; \
  }

RemoteTensor remote_with(RemoteContext& context, const Shape& shape, const std::vector<float>& values) {
  RemoteTensor tensor = context.create_tensor(element::f32, shape);
  tensor.copy_from(make_f32(shape, values));
  return tensor;
}

TEST(Remote, DefaultContextNamesTheDevice) {
  Core core = make_core();
  REQUIRE_CONTEXT(core, context);
  EXPECT_EQ(context.get_device_name().rfind(device(), 0), 0u) << context.get_device_name();
  EXPECT_FALSE(context.get_params().empty());
}

TEST(Remote, ParamsRecreateAnEqualContext) {
  Core core = make_core();
  REQUIRE_CONTEXT(core, context);
  RemoteContext again = core.create_context(device(), context.get_params());
  EXPECT_EQ(again.get_params(), context.get_params());
  EXPECT_EQ(again.get_device_name(), context.get_device_name());
}

TEST(Remote, TensorShapeTypeParamsAndCopies) {
  Core core = make_core();
  REQUIRE_CONTEXT(core, context);
  const auto values = sample(6, 1);
  RemoteTensor tensor = remote_with(context, {2, 3}, values);
  EXPECT_EQ(tensor.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(tensor.get_element_type(), element::f32);
  EXPECT_EQ(tensor.get_byte_size(), 6 * sizeof(float));
  EXPECT_EQ(tensor.get_device_name().rfind(device(), 0), 0u) << tensor.get_device_name();
  EXPECT_FALSE(tensor.get_params().empty());
  EXPECT_TRUE(tensor.is<RemoteTensor>());
  Tensor host(element::f32, {2, 3});
  tensor.copy_to(host);
  expect_near(values_of(host), values, 0.0f);
  RemoteTensor other = context.create_tensor(element::f32, {2, 3});
  other.copy_from(tensor);  // remote to remote
  expect_near(values_of(other), values, 0.0f);
}

TEST(Remote, RemoteInputsAndOutputsMatchHostTensors) {
  Core core = make_core();
  REQUIRE_CONTEXT(core, context);
  const size_t batch = model_batch(2);
  CompiledModel compiled = core.compile_model(make_mlp(batch), context);
  const auto x = sample(batch * kIn, 2);

  InferRequest host_request = compiled.create_infer_request();
  host_request.set_tensor("x", make_f32({batch, kIn}, x));
  host_request.infer();

  InferRequest remote_request = compiled.create_infer_request();
  remote_request.set_tensor("x", remote_with(context, {batch, kIn}, x));
  RemoteTensor probs = context.create_tensor(element::f32, {batch, kOut});
  remote_request.set_tensor("probs", probs);
  remote_request.infer();

  EXPECT_EQ(values_of(probs), values_of(host_request.get_tensor("probs")));
  expect_near(values_of(probs), mlp_reference(x, batch).probs);
  expect_near(values_of(remote_request.get_tensor("hidden")), mlp_reference(x, batch).hidden);
}

// A device that counts its copies in read-only keys named *_COPIED_BYTES (TEMPLATE_COPIED_BYTES;
// GPU_COPIED_BYTES for host <-> device and GPU_DEVICE_COPIED_BYTES within the device) must not
// copy while it infers on tensors of the model's own context: every such counter is watched.
TEST(Remote, InferenceOnRemoteTensorsCopiesNothing) {
  Core core = make_core();
  REQUIRE_CONTEXT(core, context);
  std::vector<std::string> counters;
  for (const auto& key : supported_keys(core, device()))
    if (key.size() > 13 && key.compare(key.size() - 13, 13, "_COPIED_BYTES") == 0) counters.push_back(key);
  if (counters.empty()) GTEST_SKIP() << device() << " lists no *_COPIED_BYTES property: its copies cannot be counted";
  const size_t batch = model_batch(2);
  CompiledModel compiled = core.compile_model(make_mlp(batch), context);
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(batch * kIn, 4);
  RemoteTensor input = remote_with(context, {batch, kIn}, x);  // a counted copy, before the baseline
  RemoteTensor probs = context.create_tensor(element::f32, {batch, kOut});
  RemoteTensor hidden = context.create_tensor(element::f32, {batch, kHidden});
  request.set_tensor("x", input);
  request.set_tensor("probs", probs);
  request.set_tensor("hidden", hidden);
  auto read_counters = [&] {
    std::vector<uint64_t> values;
    for (const auto& counter : counters) values.push_back(core.get_property(device(), counter).as<uint64_t>());
    return values;
  };
  const auto before = read_counters();
  request.infer();
  request.start_async();
  request.wait();
  const auto after = read_counters();
  for (size_t i = 0; i < counters.size(); ++i)
    EXPECT_EQ(after[i], before[i]) << counters[i] << " grew by " << after[i] - before[i]
                                   << " bytes during two inferences on remote tensors of the model's context";
  expect_near(values_of(probs), mlp_reference(x, batch).probs);
}

// Context sharing through parameters: a context made from another's get_params() is that
// context to the device, so a model compiled for it reads the other's tensors in place.
TEST(Remote, ContextFromParamsSharesTheTensorsOfTheOriginal) {
  Core core = make_core();
  REQUIRE_CONTEXT(core, context);
  RemoteContext again = core.create_context(device(), context.get_params());
  const size_t batch = model_batch(2);
  CompiledModel compiled = core.compile_model(make_mlp(batch), again);
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(batch * kIn, 6);
  request.set_tensor("x", remote_with(context, {batch, kIn}, x));
  RemoteTensor probs = context.create_tensor(element::f32, {batch, kOut});
  request.set_tensor("probs", probs);
  request.infer();
  expect_near(values_of(probs), mlp_reference(x, batch).probs);
  EXPECT_EQ(compiled.get_context().get_params(), context.get_params());
}

TEST(Remote, TensorOfAnotherContextIsRefused) {
  Core core = make_core();
  REQUIRE_CONTEXT(core, context);
  RemoteContext other;
  try {
    other = core.create_context(device(), {});
  } catch (const Exception& e) {
    GTEST_SKIP() << device() << " makes no second context from empty parameters: " << e.what();
  }
  if (other.get_params() == context.get_params())
    GTEST_SKIP() << device() << " gives the same context for empty parameters: no second context to test with";
  const size_t batch = model_batch(2);
  CompiledModel compiled = core.compile_model(make_mlp(batch), context);
  InferRequest request = compiled.create_infer_request();
  RemoteTensor foreign = remote_with(other, {batch, kIn}, sample(batch * kIn, 3));
  bool refused = false;
  try {
    request.set_tensor("x", foreign);
    request.infer();
  } catch (const Exception&) {
    refused = true;
  }
  EXPECT_TRUE(refused) << "a tensor of another context was accepted as input";
}

}  // namespace
}  // namespace ferry::conformance
