// TEMPLATE remote contexts and tensors: parameters, copies (counted by TEMPLATE_COPIED_BYTES),
// inference on remote tensors without copies, and tensors of another context refused.

#include <gtest/gtest.h>

#include "ferry/ferry.hpp"
#include "ferry/template/properties.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

using template_plugin::copied_bytes;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A remote tensor of `context` holding `values`, and the bytes that copy counted.
RemoteTensor make_remote(RemoteContext& context, const Shape& shape, const std::vector<float>& values) {
  RemoteTensor tensor = context.create_tensor(element::f32, shape);
  tensor.copy_from(make_f32(shape, values));
  return tensor;
}

std::vector<float> read_remote(const RemoteTensor& tensor) {
  Tensor host(tensor.get_element_type(), tensor.get_shape());
  tensor.copy_to(host);
  return values_of(host);
}

TEST(TemplateRemote, DefaultContextParameters) {
  Core core;
  RemoteContext context = core.get_default_context("TEMPLATE");
  EXPECT_EQ(context.get_device_name(), "TEMPLATE");
  const AnyMap params = context.get_params();
  EXPECT_EQ(params.at("CONTEXT_TYPE").as<std::string>(), "TEMPLATE_HOST");
  EXPECT_EQ(params.at("CONTEXT_ID").as<int64_t>(), 0);
}

TEST(TemplateRemote, ContextParamsRecreateTheSameContext) {
  Core core;
  RemoteContext first = core.create_context("TEMPLATE", {});
  RemoteContext second = core.create_context("TEMPLATE", {});
  EXPECT_NE(first.get_params().at("CONTEXT_ID").as<int64_t>(), second.get_params().at("CONTEXT_ID").as<int64_t>());
  RemoteContext again = core.create_context("TEMPLATE", first.get_params());
  EXPECT_EQ(again.get_params(), first.get_params());
  EXPECT_TRUE(again.get_impl() == first.get_impl());  // the very same context
  RemoteContext chosen = core.create_context("TEMPLATE", {{"CONTEXT_ID", 42}});
  EXPECT_EQ(chosen.get_params().at("CONTEXT_ID").as<int64_t>(), 42);
}

TEST(TemplateRemote, BadParametersAreNamed) {
  Core core;
  std::string error = error_of([&] { core.create_context("TEMPLATE", {{"CONTEXT_TYPE", "OCL"}}); });
  EXPECT_TRUE(contains(error, "CONTEXT_TYPE") && contains(error, "OCL")) << error;
  error = error_of([&] { core.create_context("TEMPLATE", {{"VA_DISPLAY", 1}}); });
  EXPECT_TRUE(contains(error, "VA_DISPLAY")) << error;
  RemoteContext context = core.get_default_context("TEMPLATE");
  error = error_of([&] { context.create_tensor(element::f32, {2}, {{"SHARED_MEM_TYPE", "OCL_BUFFER"}}); });
  EXPECT_TRUE(contains(error, "SHARED_MEM_TYPE") && contains(error, "OCL_BUFFER")) << error;
}

TEST(TemplateRemote, TensorParamsAndCountedCopies) {
  Core core;
  RemoteContext context = core.create_context("TEMPLATE", {});
  const uint64_t before = core.get_property("TEMPLATE", copied_bytes);
  const std::vector<float> values = {1, 2, 3, 4, 5, 6};
  RemoteTensor tensor = make_remote(context, {2, 3}, values);
  EXPECT_EQ(tensor.get_device_name(), "TEMPLATE");
  EXPECT_EQ(tensor.get_params().at("SHARED_MEM_TYPE").as<std::string>(), "TEMPLATE_HOST_BUFFER");
  EXPECT_EQ(tensor.get_params().at("CONTEXT_ID"), context.get_params().at("CONTEXT_ID"));
  EXPECT_EQ(tensor.get_shape(), (Shape{2, 3}));
  EXPECT_EQ(read_remote(tensor), values);
  // One copy in, one copy out: 24 bytes each.
  EXPECT_EQ(core.get_property("TEMPLATE", copied_bytes) - before, 48u);
  // Applications cannot reach the memory (RemoteTensor::data is deleted; a plain handle throws).
  const std::string error = error_of([&] { static_cast<const Tensor&>(tensor).data(); });
  EXPECT_TRUE(contains(error, "copy_to")) << error;
  // A tensor's params create another tensor of the same context.
  RemoteTensor sibling = context.create_tensor(element::f32, {1}, tensor.get_params());
  EXPECT_EQ(sibling.get_params(), tensor.get_params());
}

TEST(TemplateRemote, RemoteToRemoteCopy) {
  Core core;
  RemoteContext context = core.create_context("TEMPLATE", {});
  RemoteTensor source = make_remote(context, {4}, {1, 2, 3, 4});
  RemoteTensor target = context.create_tensor(element::f32, {4});
  source.copy_to(target);
  EXPECT_EQ(read_remote(target), (std::vector<float>{1, 2, 3, 4}));
}

TEST(TemplateRemote, InferenceOnRemoteTensorsCopiesNothing) {
  Core core;
  RemoteContext context = core.create_context("TEMPLATE", {});
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), context);
  const auto x = sample(2 * kSmallMlp.in, 9);
  RemoteTensor input = make_remote(context, {2, kSmallMlp.in}, x);
  RemoteTensor probs = context.create_tensor(element::f32, {2, kSmallMlp.out});
  RemoteTensor hidden = context.create_tensor(element::f32, {2, kSmallMlp.hidden});

  InferRequest request = compiled.create_infer_request();
  request.set_tensor("x", input);
  request.set_tensor("probs", probs);
  request.set_tensor("hidden", hidden);
  const uint64_t before = core.get_property("TEMPLATE", copied_bytes);
  request.infer();
  request.start_async();
  request.wait();
  EXPECT_EQ(core.get_property("TEMPLATE", copied_bytes), before);

  const MlpOutputs expected = mlp_reference(x, 2, kSmallMlp);
  expect_values_near(read_remote(probs), expected.probs);
  expect_values_near(read_remote(hidden), expected.hidden);
  // The same model on host tensors gives the same values.
  InferRequest host_request = compiled.create_infer_request();
  host_request.set_tensor("x", make_f32({2, kSmallMlp.in}, x));
  host_request.infer();
  EXPECT_EQ(values_of(host_request.get_tensor("probs")), read_remote(probs));
}

TEST(TemplateRemote, DynamicOutputResizesTheRemoteTensor) {
  Core core;
  RemoteContext context = core.get_default_context("TEMPLATE");
  auto compiled = core.compile_model(make_mlp(Dimension::dynamic(), kSmallMlp), "TEMPLATE");  // the default context
  const auto x = sample(3 * kSmallMlp.in, 10);
  RemoteTensor probs = context.create_tensor(element::f32, {1, kSmallMlp.out});
  InferRequest request = compiled.create_infer_request();
  request.set_tensor("x", make_f32({3, kSmallMlp.in}, x));
  request.set_tensor("probs", probs);
  const uint64_t before = core.get_property("TEMPLATE", copied_bytes);
  request.infer();
  EXPECT_EQ(core.get_property("TEMPLATE", copied_bytes), before);
  EXPECT_EQ(probs.get_shape(), (Shape{3, kSmallMlp.out}));
  expect_values_near(read_remote(probs), mlp_reference(x, 3, kSmallMlp).probs);
}

TEST(TemplateRemote, TensorOfAnotherContextIsRefused) {
  Core core;
  RemoteContext mine = core.create_context("TEMPLATE", {{"CONTEXT_ID", 5}});
  RemoteContext other = core.create_context("TEMPLATE", {{"CONTEXT_ID", 6}});
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), mine);
  InferRequest request = compiled.create_infer_request();
  RemoteTensor foreign = other.create_tensor(element::f32, {2, kSmallMlp.in});
  const std::string error = error_of([&] { request.set_tensor("x", foreign); });
  EXPECT_TRUE(contains(error, "context 6") && contains(error, "context 5") && contains(error, "x")) << error;
  // The default context's tensors are another context's too.
  RemoteTensor from_default = core.get_default_context("TEMPLATE").create_tensor(element::f32, {2, kSmallMlp.out});
  EXPECT_TRUE(contains(error_of([&] { request.set_tensor("probs", from_default); }), "context 0"));
  // The request is still usable.
  const auto x = sample(2 * kSmallMlp.in, 11);
  request.set_tensor("x", make_remote(mine, {2, kSmallMlp.in}, x));
  request.infer();
  expect_values_near(values_of(request.get_tensor("probs")), mlp_reference(x, 2, kSmallMlp).probs);
}

TEST(TemplateRemote, BatchOfRemoteTensorsIsJoinedWithCountedCopies) {
  Core core;
  RemoteContext context = core.get_default_context("TEMPLATE");
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE");
  const auto row0 = sample(kSmallMlp.in, 12), row1 = sample(kSmallMlp.in, 13);
  InferRequest request = compiled.create_infer_request();
  request.set_tensors("x",
                      {make_remote(context, {1, kSmallMlp.in}, row0), make_remote(context, {1, kSmallMlp.in}, row1)});
  const uint64_t before = core.get_property("TEMPLATE", copied_bytes);
  request.infer();
  EXPECT_EQ(core.get_property("TEMPLATE", copied_bytes) - before, 2 * kSmallMlp.in * sizeof(float));
  std::vector<float> joined = row0;
  joined.insert(joined.end(), row1.begin(), row1.end());
  expect_values_near(values_of(request.get_tensor("probs")), mlp_reference(joined, 2, kSmallMlp).probs);
}

}  // namespace
}  // namespace ferry::template_test
