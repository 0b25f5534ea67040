// TEMPLATE's device and compiled-model properties through Core and CompiledModel.

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "ferry/ferry.hpp"
#include "ferry/template/properties.hpp"
#include "support/test_utils.hpp"
#include "testing/models/test_models.hpp"

namespace ferry::template_test {
namespace {

using namespace ::ferry::test_models;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The Core loads a plugin on first use and keeps device settings given before that for then;
// these tests load TEMPLATE first so that set_property errors surface at the call.
class TemplateProperties : public ::testing::Test {
 protected:
  void SetUp() override { core.get_property("TEMPLATE", device::full_name); }
  Core core;
};

const PropertyName* find_property(const std::vector<PropertyName>& names, const std::string& name) {
  auto found = std::find(names.begin(), names.end(), name);
  return found == names.end() ? nullptr : &*found;
}

TEST_F(TemplateProperties, SupportedPropertiesListEveryKeyWithItsMutability) {
  const auto names = core.get_property("TEMPLATE", supported_properties);
  for (const char* read_only :
       {"SUPPORTED_PROPERTIES", "AVAILABLE_DEVICES", "FULL_DEVICE_NAME", "DEVICE_ARCHITECTURE",
        "OPTIMIZATION_CAPABILITIES", "RANGE_FOR_STREAMS", "RANGE_FOR_ASYNC_INFER_REQUESTS", "TEMPLATE_COPIED_BYTES"}) {
    const PropertyName* name = find_property(names, read_only);
    ASSERT_NE(name, nullptr) << read_only;
    EXPECT_FALSE(name->is_mutable()) << read_only;
  }
  for (const char* read_write : {"PERFORMANCE_HINT", "NUM_STREAMS", "INFERENCE_PRECISION_HINT", "PERF_COUNT",
                                 "PERFORMANCE_HINT_NUM_REQUESTS", "EXECUTION_MODE_HINT", "DEVICE_ID"}) {
    const PropertyName* name = find_property(names, read_write);
    ASSERT_NE(name, nullptr) << read_write;
    EXPECT_TRUE(name->is_mutable()) << read_write;
  }
  // Every listed key can be read.
  for (const auto& name : names) EXPECT_NO_THROW(core.get_property("TEMPLATE", name)) << name;
}

TEST_F(TemplateProperties, ReadOnlyValues) {
  EXPECT_EQ(core.get_property("TEMPLATE", available_devices), std::vector<std::string>{"0"});
  EXPECT_EQ(core.get_property("TEMPLATE", device::full_name), "Template reference device (CPU)");
  EXPECT_FALSE(core.get_property("TEMPLATE", device::architecture).empty());
  const auto capabilities = core.get_property("TEMPLATE", device::capabilities);
  EXPECT_EQ(capabilities, (std::vector<std::string>{"FP32", "EXPORT_IMPORT"}));
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  EXPECT_EQ(core.get_property("TEMPLATE", range_for_streams), std::make_tuple(1u, threads));
  EXPECT_EQ(core.get_property("TEMPLATE", range_for_async_infer_requests), std::make_tuple(1u, threads, 1u));
  EXPECT_EQ(core.get_property("TEMPLATE", template_plugin::copied_bytes), 0u);
}

TEST_F(TemplateProperties, SettingsRoundTrip) {
  EXPECT_EQ(core.get_property("TEMPLATE", hint::performance_mode), hint::PerformanceMode::LATENCY);
  core.set_property("TEMPLATE",
                    {hint::performance_mode(hint::PerformanceMode::THROUGHPUT), num_streams(1), enable_profiling(true),
                     hint::num_requests(3), hint::execution_mode(hint::ExecutionMode::ACCURACY),
                     hint::inference_precision(element::f32)});
  EXPECT_EQ(core.get_property("TEMPLATE", hint::performance_mode), hint::PerformanceMode::THROUGHPUT);
  EXPECT_EQ(core.get_property("TEMPLATE", num_streams).num, 1);
  EXPECT_TRUE(core.get_property("TEMPLATE", enable_profiling));
  EXPECT_EQ(core.get_property("TEMPLATE", hint::num_requests), 3u);
  EXPECT_EQ(core.get_property("TEMPLATE", hint::execution_mode), hint::ExecutionMode::ACCURACY);
  EXPECT_EQ(core.get_property("TEMPLATE", hint::inference_precision), element::f32);
  // Text values, as plugins.xml gives them, parse into the same settings.
  core.set_property("TEMPLATE", {{"PERFORMANCE_HINT", "LATENCY"}, {"NUM_STREAMS", "AUTO"}, {"PERF_COUNT", "NO"}});
  EXPECT_EQ(core.get_property("TEMPLATE", hint::performance_mode), hint::PerformanceMode::LATENCY);
  EXPECT_EQ(core.get_property("TEMPLATE", num_streams).num, streams::AUTO.num);
  EXPECT_FALSE(core.get_property("TEMPLATE", enable_profiling));
}

TEST_F(TemplateProperties, DeviceSettingsAreTheDefaultsOfCompileModel) {
  core.set_property("TEMPLATE", {enable_profiling(true)});
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE");
  EXPECT_TRUE(compiled.get_property(enable_profiling));
  auto overridden = core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE", {enable_profiling(false)});
  EXPECT_FALSE(overridden.get_property(enable_profiling));
}

TEST_F(TemplateProperties, UnknownPropertyNamesItAndTheDevice) {
  std::string error = error_of([&] { core.set_property("TEMPLATE", {{"NO_SUCH_KEY", 1}}); });
  EXPECT_TRUE(contains(error, "NO_SUCH_KEY") && contains(error, "TEMPLATE")) << error;
  error = error_of([&] { core.get_property("TEMPLATE", "NO_SUCH_KEY"); });
  EXPECT_TRUE(contains(error, "NO_SUCH_KEY") && contains(error, "TEMPLATE")) << error;
  error = error_of([&] { core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE", {{"NO_SUCH_KEY", 1}}); });
  EXPECT_TRUE(contains(error, "NO_SUCH_KEY") && contains(error, "TEMPLATE")) << error;
}

TEST_F(TemplateProperties, BadValueNamesThePropertyAndTheValue) {
  std::string error = error_of([&] { core.set_property("TEMPLATE", {{"PERFORMANCE_HINT", "FASTEST"}}); });
  EXPECT_TRUE(contains(error, "PERFORMANCE_HINT") && contains(error, "FASTEST")) << error;
  error = error_of([&] { core.set_property("TEMPLATE", {hint::inference_precision(element::f16)}); });
  EXPECT_TRUE(contains(error, "INFERENCE_PRECISION_HINT") && contains(error, "f16")) << error;
  error = error_of([&] { core.set_property("TEMPLATE", {{"NUM_STREAMS", "NUMA"}}); });
  EXPECT_TRUE(contains(error, "NUM_STREAMS") && contains(error, "NUMA")) << error;
  error = error_of([&] { core.set_property("TEMPLATE", {{"DEVICE_ID", "1"}}); });
  EXPECT_TRUE(contains(error, "DEVICE_ID") && contains(error, "1")) << error;
  // A failed set changes nothing, not even the valid entries given with it.
  error_of([&] { core.set_property("TEMPLATE", {{"PERF_COUNT", true}, {"PERFORMANCE_HINT", "FASTEST"}}); });
  EXPECT_FALSE(core.get_property("TEMPLATE", enable_profiling));
}

TEST_F(TemplateProperties, ReadOnlyPropertyCannotBeSet) {
  const std::string error = error_of([&] { core.set_property("TEMPLATE", {{"FULL_DEVICE_NAME", "mine"}}); });
  EXPECT_TRUE(contains(error, "FULL_DEVICE_NAME") && contains(error, "read-only")) << error;
}

TEST_F(TemplateProperties, CompiledModelProperties) {
  auto compiled = core.compile_model(make_mlp(2, kSmallMlp), "TEMPLATE", {enable_profiling(true)});
  const auto names = compiled.get_property(supported_properties);
  for (const char* key : {"SUPPORTED_PROPERTIES", "NETWORK_NAME", "OPTIMAL_NUMBER_OF_INFER_REQUESTS", "NUM_STREAMS",
                          "PERFORMANCE_HINT", "PERF_COUNT", "EXECUTION_DEVICES", "LOADED_FROM_CACHE"}) {
    const PropertyName* name = find_property(names, key);
    ASSERT_NE(name, nullptr) << key;
    EXPECT_FALSE(name->is_mutable()) << key;
  }
  for (const auto& name : names) EXPECT_NO_THROW(compiled.get_property(name)) << name;
  EXPECT_EQ(compiled.get_property(model_name), "mlp");
  EXPECT_EQ(compiled.get_property(execution_devices), std::vector<std::string>{"TEMPLATE"});
  EXPECT_FALSE(compiled.get_property(loaded_from_cache));
  EXPECT_TRUE(compiled.get_property(enable_profiling));

  std::string error = error_of([&] { compiled.set_property(enable_profiling(false)); });
  EXPECT_TRUE(contains(error, "PERF_COUNT") && contains(error, "read-only")) << error;
  error = error_of([&] { compiled.get_property("NO_SUCH_KEY"); });
  EXPECT_TRUE(contains(error, "NO_SUCH_KEY") && contains(error, "TEMPLATE")) << error;
}

}  // namespace
}  // namespace ferry::template_test
