// The SDK's defaults: IPlugin's refusals, ICompiledModel's ports, executors and context,
// IRemoteContext's host tensors, and the plugin entry point.

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <thread>

#include "ferry/base/exception.hpp"
#include "ferry/graph/model.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/ops/unary_elementwise.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/iplugin.hpp"
#include "ferry/plugin/iremote_context.hpp"
#include "ferry/plugin/iremote_tensor.hpp"
#include "ferry/plugin/isync_infer_request.hpp"
#include "ferry/plugin/plugin_entry.hpp"
#include "ferry/testing/error_of.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {
namespace {

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << (text)

using ::ferry::testing::error_of;

std::shared_ptr<Model> make_two_input_model() {
  auto a = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2});
  a->output(0).set_names({"a"});
  auto b = std::make_shared<op::v0::Parameter>(element::i32, PartialShape{3});
  b->output(0).set_names({"b"});
  auto relu = std::make_shared<op::v0::Relu>(a);
  relu->output(0).set_names({"relu"});
  return std::make_shared<Model>(
      ResultVector{std::make_shared<op::v0::Result>(relu), std::make_shared<op::v0::Result>(b)}, ParameterVector{a, b});
}

// Implements only what IPlugin requires: every optional capability keeps its default.
class MinimalPlugin : public IPlugin {
 public:
  static bool fail_construction;
  MinimalPlugin() {
    if (fail_construction) throw Exception("MinimalPlugin: no device found");
  }
  std::shared_ptr<ICompiledModel> compile_model(const std::shared_ptr<const Model>&, const AnyMap&) const override {
    return nullptr;
  }
  using IPlugin::compile_model;
  void set_property(const AnyMap&) override {}
  Any get_property(const std::string&, const AnyMap&) const override { return {}; }
  SupportedOpsMap query_model(const std::shared_ptr<const Model>&, const AnyMap&) const override { return {}; }
};
bool MinimalPlugin::fail_construction = false;

class HostOnlyContext : public IRemoteContext {
 public:
  const std::string& get_device_name() const override { return m_name; }
  const AnyMap& get_property() const override { return m_params; }
  std::shared_ptr<IRemoteTensor> create_tensor(const element::Type&, const Shape&, const AnyMap&) override {
    return nullptr;
  }

 private:
  std::string m_name = "FAKE";
  AnyMap m_params;
};

class ContextPlugin : public MinimalPlugin {
 public:
  std::shared_ptr<IRemoteContext> get_default_context(const AnyMap&) const override { return context; }
  std::shared_ptr<IRemoteContext> context = std::make_shared<HostOnlyContext>();
};

class EchoSyncRequest : public ISyncInferRequest {
 public:
  using ISyncInferRequest::ISyncInferRequest;
  void infer() override { check_tensors(); }
};

class FakeCompiledModel : public ICompiledModel {
 public:
  using ICompiledModel::ICompiledModel;
  std::shared_ptr<ISyncInferRequest> create_sync_infer_request() const override {
    return std::make_shared<EchoSyncRequest>(shared_from_this());
  }
  void export_model(std::ostream&) const override {}
  std::shared_ptr<const Model> get_runtime_model() const override { return nullptr; }
  void set_property(const AnyMap&) override {}
  Any get_property(const std::string&) const override { return {}; }
};

TEST(PluginSdkDefaultsTest, PluginRefusesOptionalCapabilitiesNamingTheDevice) {
  auto plugin = std::make_shared<MinimalPlugin>();
  plugin->set_device_name("FAKE");
  std::istringstream blob("x");
  EXPECT_CONTAINS(error_of([&] { plugin->create_context({}); }), "device 'FAKE' does not support remote contexts");
  EXPECT_CONTAINS(error_of([&] { plugin->get_default_context({}); }), "device 'FAKE' does not support remote contexts");
  EXPECT_CONTAINS(error_of([&] { plugin->import_model(blob, {}); }), "EXPORT_IMPORT");
  EXPECT_CONTAINS(error_of([&] { plugin->import_model(blob, nullptr, {}); }), "device 'FAKE'");
  EXPECT_CONTAINS(error_of([&] { plugin->compile_model(make_two_input_model(), {}, nullptr); }),
                  "device 'FAKE' does not support compile_model with a remote context");
}

TEST(PluginSdkDefaultsTest, CompiledModelPortsAreTheModelsParameterAndResultOutputs) {
  auto model = make_two_input_model();
  auto compiled = std::make_shared<FakeCompiledModel>(model, nullptr);
  ASSERT_EQ(compiled->inputs().size(), 2u);
  ASSERT_EQ(compiled->outputs().size(), 2u);
  EXPECT_TRUE(compiled->inputs()[0] == Output<const Node>(model->get_parameters()[0]->output(0)));
  EXPECT_TRUE(compiled->inputs()[1] == Output<const Node>(model->get_parameters()[1]->output(0)));
  EXPECT_TRUE(compiled->outputs()[0] == Output<const Node>(model->get_results()[0]->output(0)));
  EXPECT_EQ(compiled->inputs()[1].get_element_type(), element::i32);
  EXPECT_EQ(compiled->outputs()[0].get_any_name(), "relu");
  EXPECT_EQ(compiled->outputs()[1].get_any_name(), "b");
}

TEST(PluginSdkDefaultsTest, CompiledModelDefaultExecutors) {
  auto compiled = std::make_shared<FakeCompiledModel>(make_two_input_model(), nullptr);
  auto streams = std::dynamic_pointer_cast<threading::CPUStreamsExecutor>(compiled->get_task_executor());
  ASSERT_TRUE(streams);
  EXPECT_EQ(streams->get_streams_num(), 1);
  EXPECT_TRUE(std::dynamic_pointer_cast<threading::ImmediateExecutor>(compiled->get_callback_executor()));

  // The inference runs on the stream; the callback on the thread that finished it.
  auto request = compiled->create_infer_request();
  std::thread::id callback_thread;
  int callback_stream = -2;
  request->set_callback([&](std::exception_ptr) {
    callback_thread = std::this_thread::get_id();
    callback_stream = streams->get_stream_id();
  });
  request->infer();
  EXPECT_NE(callback_thread, std::this_thread::get_id());
  EXPECT_EQ(callback_stream, 0);
}

TEST(PluginSdkDefaultsTest, CreateInferRequestWrapsTheSyncRequest) {
  auto compiled = std::make_shared<FakeCompiledModel>(make_two_input_model(), nullptr);
  auto request = compiled->create_infer_request();
  ASSERT_TRUE(request);
  EXPECT_TRUE(request->get_compiled_model() == std::static_pointer_cast<const ICompiledModel>(compiled));
  EXPECT_EQ(request->get_tensor(compiled->inputs()[1]).get_shape(), (Shape{3}));
  EXPECT_NO_THROW(request->infer());
}

TEST(PluginSdkDefaultsTest, GetContextFallsBackToThePluginsDefaultContext) {
  auto plugin = std::make_shared<ContextPlugin>();
  auto compiled = std::make_shared<FakeCompiledModel>(make_two_input_model(), plugin);
  EXPECT_TRUE(compiled->get_context() == plugin->context);
  auto own = std::make_shared<HostOnlyContext>();
  auto with_context = std::make_shared<FakeCompiledModel>(make_two_input_model(), plugin, own);
  EXPECT_TRUE(with_context->get_context() == own);

  auto minimal = std::make_shared<MinimalPlugin>();
  minimal->set_device_name("NOCTX");
  auto no_context = std::make_shared<FakeCompiledModel>(make_two_input_model(), minimal);
  EXPECT_CONTAINS(error_of([&] { no_context->get_context(); }), "device 'NOCTX'");
}

TEST(PluginSdkDefaultsTest, RemoteContextHostTensorsArePlainHostMemory) {
  HostOnlyContext context;
  auto tensor = context.create_host_tensor(element::f32, Shape{2, 5});
  ASSERT_TRUE(tensor);
  EXPECT_EQ(tensor->get_element_type(), element::f32);
  EXPECT_EQ(tensor->get_shape(), (Shape{2, 5}));
  EXPECT_TRUE(tensor->is_host_accessible());
  ASSERT_NE(tensor->data(), nullptr);
  std::memset(tensor->data(), 0, tensor->get_byte_size());  // writable, all 40 bytes (asan checks)
  EXPECT_EQ(tensor->get_byte_size(), 40u);
}

TEST(PluginSdkDefaultsTest, WriteErrorTruncatesAndTerminates) {
  char buffer[8];
  std::memset(buffer, 'z', sizeof(buffer));
  plugin_entry::write_error(buffer, sizeof(buffer), "a long message");
  EXPECT_STREQ(buffer, "a long ");
  plugin_entry::write_error(buffer, sizeof(buffer), "ok");
  EXPECT_STREQ(buffer, "ok");
  plugin_entry::write_error(buffer, 0, "ignored");  // nothing written, nothing crashes
  plugin_entry::write_error(nullptr, 10, "ignored");
  EXPECT_STREQ(buffer, "ok");
}

}  // namespace
}  // namespace ferry

// The entry point as a plugin library defines it; called directly here.
FERRY_DEFINE_PLUGIN(ferry::MinimalPlugin)

namespace ferry {
namespace {

TEST(PluginSdkDefaultsTest, EntryPointCreatesThePluginOrReportsItsError) {
  EXPECT_EQ(ferry_plugin_api_version(), FERRY_PLUGIN_API_VERSION);
  std::shared_ptr<IPlugin> plugin;
  char error[64] = "";
  EXPECT_EQ(ferry_create_plugin(&plugin, error, sizeof(error)), plugin_entry::kOk);
  EXPECT_TRUE(std::dynamic_pointer_cast<MinimalPlugin>(plugin));

  MinimalPlugin::fail_construction = true;
  std::shared_ptr<IPlugin> failed;
  EXPECT_EQ(ferry_create_plugin(&failed, error, sizeof(error)), plugin_entry::kFailed);
  MinimalPlugin::fail_construction = false;
  EXPECT_FALSE(failed);
  EXPECT_STREQ(error, "MinimalPlugin: no device found");
}

}  // namespace
}  // namespace ferry
