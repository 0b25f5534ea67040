// Conformance, plugin level: registration, versions and device properties (SUPPORTED_PROPERTIES
// complete and readable, RW round-trips, RO refuses set, unknown keys refused, ranges honoured).

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include "checks.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/support/device_name.hpp"
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

// A virtual device ("MULTI:GPU,TEMPLATE") is not listed itself, as in OpenVINO: its devices are.
// AUTO named alone chooses among every available device: there is nothing to look for.
TEST(Plugin, DeviceIsListedUnderItsRegisteredName) {
  Core core = make_core();
  const auto devices = core.get_available_devices();
  const sdk::DeviceName name = sdk::DeviceName::parse(device());
  const std::vector<PropertyName> supported = core.get_property(device(), supported_properties);
  if (!name.is_virtual() && std::find(supported.begin(), supported.end(), device::priorities.name()) != supported.end())
    GTEST_SKIP() << device() << " is a virtual device named without its devices";
  for (const std::string& expected : name.is_virtual() ? name.targets : std::vector<std::string>{device()}) {
    if (expected.front() == '-') continue;  // "AUTO:-GPU": an excluded device
    const bool listed = std::any_of(devices.begin(), devices.end(), [&](const std::string& available) {
      return available == expected || available.rfind(expected + ".", 0) == 0;
    });
    EXPECT_TRUE(listed) << "'" << expected << "' is not in get_available_devices()";
  }
}

// A virtual device's versions are its plugin's and its devices' plugins', by registered name.
TEST(Plugin, VersionsNameTheDevice) {
  Core core = make_core();
  const auto versions = core.get_versions(device());
  const sdk::DeviceName name = sdk::DeviceName::parse(device());
  std::vector<std::string> expected{name.is_virtual() ? name.base : device()};
  for (const std::string& target : name.targets) expected.push_back(sdk::DeviceName::parse(target).base);
  for (const std::string& key : expected) {
    ASSERT_EQ(versions.count(key), 1u) << "get_versions has no entry named '" << key << "'";
    EXPECT_FALSE(versions.at(key).buildNumber.empty()) << key;
    EXPECT_FALSE(versions.at(key).description.empty()) << key;
  }
}

TEST(Plugin, SupportedPropertiesAreCompleteAndReadable) {
  Core core = make_core();
  const auto keys = supported_keys(core, device());
  std::set<std::string> unique(keys.begin(), keys.end());
  EXPECT_EQ(unique.size(), keys.size()) << "SUPPORTED_PROPERTIES lists a key twice";
  for (const char* required :
       {"SUPPORTED_PROPERTIES", "AVAILABLE_DEVICES", "FULL_DEVICE_NAME", "OPTIMIZATION_CAPABILITIES"})
    EXPECT_EQ(unique.count(required), 1u) << "SUPPORTED_PROPERTIES lacks " << required;
  for (const auto& key : keys) {
    Any value;
    EXPECT_NO_THROW(value = core.get_property(device(), key)) << key;
    EXPECT_FALSE(value.empty()) << key << " reads back empty";
  }
}

// The stored value of each common key holds the type its Property declares. Typed reads parse
// text, so a value stored as text (or another printable type) is only seen here.
TEST(Plugin, PropertiesHaveTheirDeclaredTypes) {
  std::map<std::string, std::function<bool(const Any&)>> declared;
  auto declare = [&declared](const auto& property) {
    using T = typename std::decay_t<decltype(property)>::value_type;
    declared[property.name()] = [](const Any& value) { return value.is<T>(); };
  };
  declare(supported_properties), declare(available_devices), declare(device::full_name);
  declare(device::capabilities), declare(device::architecture), declare(range_for_streams);
  declare(range_for_async_infer_requests), declare(optimal_batch_size), declare(max_batch_size);
  declare(enable_profiling), declare(num_streams), declare(hint::performance_mode), declare(hint::num_requests);
  declare(hint::execution_mode), declare(hint::inference_precision), declare(inference_num_threads);
  declare(device::id), declare(cache_dir), declare(log::level), declare(hint::model_priority);
  Core core = make_core();
  for (const auto& key : supported_keys(core, device())) {
    const auto found = declared.find(key);
    if (found == declared.end()) continue;  // a device's own key: its type is its own
    const Any value = core.get_property(device(), key);
    EXPECT_TRUE(found->second(value)) << key << " holds a " << value.type_name() << " ('" << value.as<std::string>()
                                      << "'), not the type ferry/value/properties.hpp declares";
  }
}

TEST(Plugin, ReadWritePropertiesRoundTrip) {
  Core core = make_core();
  for (const auto& key : supported_keys(core, device())) {
    if (!key.is_mutable()) continue;
    const Any value = core.get_property(device(), key);
    EXPECT_NO_THROW(core.set_property(device(), {{key, value}})) << key << " refuses its own value";
    const std::string text = value.as<std::string>();
    EXPECT_NO_THROW(core.set_property(device(), {{key, Any(text)}}))
        << key << " refuses its value as text '" << text << "'";
    EXPECT_EQ(core.get_property(device(), key).as<std::string>(), text) << key;
  }
}

TEST(Plugin, ReadOnlyPropertiesRefuseSet) {
  Core core = make_core();
  for (const auto& key : supported_keys(core, device())) {
    if (key.is_mutable()) continue;
    const Any value = core.get_property(device(), key);
    EXPECT_THROW(core.set_property(device(), {{key, value}}), Exception) << key << " is RO but accepted a set";
  }
}

TEST(Plugin, UnknownPropertyIsAnError) {
  Core core = make_core();
  const std::string key = "FERRY_CONFORMANCE_NO_SUCH_KEY";
  EXPECT_NE(error_of([&] { core.get_property(device(), key); }).find(key), std::string::npos);
  EXPECT_NE(error_of([&] {
              core.set_property(device(), {{key, Any(std::string("1"))}});
            }).find(key),
            std::string::npos);
  Core fresh = make_core();
  EXPECT_THROW(fresh.compile_model(make_mlp(model_batch(2)), device(), AnyMap{{key, Any(std::string("1"))}}),
               Exception);
}

TEST(Plugin, OptimizationCapabilitiesAreDistinctNames) {
  Core core = make_core();
  const std::vector<std::string> caps = core.get_property(device(), device::capabilities);
  std::set<std::string> unique(caps.begin(), caps.end());
  EXPECT_EQ(unique.size(), caps.size());
  for (const auto& cap : caps) EXPECT_FALSE(cap.empty());
}

TEST(Plugin, NumStreamsHonoursRangeForStreams) {
  Core core = make_core();
  if (!supports(core, device(), range_for_streams.name()) || !supports(core, device(), num_streams.name()))
    GTEST_SKIP() << device() << " does not list both RANGE_FOR_STREAMS and NUM_STREAMS";
  const auto [low, high] = core.get_property(device(), range_for_streams);
  ASSERT_GE(low, 1u);
  ASSERT_LE(low, high);
  for (unsigned n : {low, high}) {
    EXPECT_NO_THROW(core.set_property(device(), num_streams(static_cast<int32_t>(n)))) << "NUM_STREAMS=" << n;
    EXPECT_EQ(core.get_property(device(), num_streams).num, static_cast<int32_t>(n));
  }
  EXPECT_THROW(core.set_property(device(), num_streams(static_cast<int32_t>(high + 1))), Exception)
      << "NUM_STREAMS=" << high + 1 << " is above RANGE_FOR_STREAMS " << low << ".." << high;
  EXPECT_THROW(core.set_property(device(), num_streams(-5)), Exception) << "NUM_STREAMS=-5";
  EXPECT_THROW(core.compile_model(make_mlp(model_batch(2)), device(), num_streams(static_cast<int32_t>(high + 1))),
               Exception);
}

TEST(Plugin, RangeForAsyncInferRequestsIsConsistent) {
  Core core = make_core();
  if (!supports(core, device(), range_for_async_infer_requests.name()))
    GTEST_SKIP() << device() << " does not list RANGE_FOR_ASYNC_INFER_REQUESTS";
  const auto [low, high, step] = core.get_property(device(), range_for_async_infer_requests);
  EXPECT_GE(low, 1u);
  EXPECT_LE(low, high);
  EXPECT_GE(step, 1u);
}

TEST(Plugin, RefusedSetLeavesTheDeviceUsable) {
  Core core = make_core();
  EXPECT_THROW(core.set_property(device(), {{"FERRY_CONFORMANCE_NO_SUCH_KEY", Any(1)}}), Exception);
  CompiledModel compiled = core.compile_model(make_mlp(1), device());
  InferRequest request = compiled.create_infer_request();
  const auto x = sample(kIn, 1);
  request.set_tensor("x", make_f32({1, kIn}, x));
  request.infer();
  expect_near(values_of(request.get_tensor("probs")), mlp_reference(x, 1).probs);
}

}  // namespace
}  // namespace ferry::conformance
