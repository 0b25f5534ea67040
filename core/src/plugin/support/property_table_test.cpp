// The SDK's declarative property table and the shared settings (BaseConfig): what
// SUPPORTED_PROPERTIES lists, how values are read, set (typed and as text) and refused.

#include "ferry/plugin/support/property_table.hpp"
#include "ferry/testing/error_of.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ferry/graph/ops/parameter.hpp"
#include "ferry/plugin/support/base_config.hpp"

namespace ferry::sdk {
namespace {

inline constexpr Property<bool> fast_mode{"TEST_FAST_MODE"};
inline constexpr Property<int32_t> level{"TEST_LEVEL"};
inline constexpr Property<uint64_t, PropertyMutability::RO> counter{"TEST_COUNTER"};

struct Config : BaseConfig {
  bool fast_mode = false;
  int32_t level = 1;
  bool level_set = false;
};

// A device whose table declares the shared settings, two of its own and two read-only keys.
struct Device {
  Device() : table(device_owner([this] { return name; })) {
    add_base_settings(table, BaseRules{4, {element::f32, element::f16}, [this] { return ids; }})
        .setting(fast_mode, &Config::fast_mode, nullptr, Reach::kPluginOnly)
        .setting(
            level, [](const Config& config) { return config.level; },
            [](Config& config, int32_t value) {
              FERRY_ASSERT(value >= 0, "expected a level >= 0");
              config.level = value;
              config.level_set = true;
            })
        .read_only(counter, [this] { return count; })
        .read_only(available_devices, [this](const AnyMap& arguments) {
          return arguments.count("DEVICE_ID") ? std::vector<std::string>{"x" + ids[0]} : ids;
        });
  }

  std::string name = "DEV";
  std::vector<std::string> ids{"0", "1"};
  uint64_t count = 7;
  PropertyTable<Config> table;
};

const PropertyName* find(const std::vector<PropertyName>& names, const std::string& name) {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? nullptr : &*it;
}

TEST(PropertyTable, SupportedPropertiesListsEveryKeyOnceWithItsMutability) {
  Device device;
  const auto names = device.table.supported();
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names[0], "SUPPORTED_PROPERTIES");
  EXPECT_FALSE(names[0].is_mutable());
  for (const char* rw :
       {"PERFORMANCE_HINT", "NUM_STREAMS", "PERFORMANCE_HINT_NUM_REQUESTS", "EXECUTION_MODE_HINT",
        "INFERENCE_PRECISION_HINT", "PERF_COUNT", "DEVICE_ID", "MODEL_PRIORITY", "TEST_FAST_MODE", "TEST_LEVEL"}) {
    const PropertyName* name = find(names, rw);
    ASSERT_NE(name, nullptr) << rw;
    EXPECT_TRUE(name->is_mutable()) << rw;
  }
  for (const char* ro : {"TEST_COUNTER", "AVAILABLE_DEVICES"}) {
    const PropertyName* name = find(names, ro);
    ASSERT_NE(name, nullptr) << ro;
    EXPECT_FALSE(name->is_mutable()) << ro;
  }
  EXPECT_EQ(names.size(), 13u);
  Config config;
  EXPECT_EQ(device.table.get("SUPPORTED_PROPERTIES", config).as<std::vector<PropertyName>>(), names);
}

TEST(PropertyTable, ReadsSettingsAndComputedValues) {
  Device device;
  Config config;
  config.enable_profiling = true;
  EXPECT_TRUE(device.table.get("PERF_COUNT", config).as<bool>());
  EXPECT_EQ(device.table.get("TEST_COUNTER", config).as<uint64_t>(), 7u);
  device.count = 9;  // computed on each read
  EXPECT_EQ(device.table.get("TEST_COUNTER", config).as<uint64_t>(), 9u);
  EXPECT_EQ(device.table.get("AVAILABLE_DEVICES", config).as<std::vector<std::string>>(),
            (std::vector<std::string>{"0", "1"}));
  EXPECT_EQ(device.table.get("AVAILABLE_DEVICES", config, {{"DEVICE_ID", "1"}}).as<std::vector<std::string>>(),
            std::vector<std::string>{"x0"});
}

TEST(PropertyTable, SetsTypedAndTextValues) {
  Device device;
  Config config;
  device.table.set(config, {hint::performance_mode(hint::PerformanceMode::THROUGHPUT),
                            num_streams(3),
                            {"PERF_COUNT", "YES"},
                            {"TEST_LEVEL", "5"},
                            {"DEVICE_ID", "1"}});
  EXPECT_EQ(config.performance_mode, hint::PerformanceMode::THROUGHPUT);
  EXPECT_EQ(config.num_streams.num, 3);
  EXPECT_TRUE(config.enable_profiling);
  EXPECT_EQ(config.level, 5);
  EXPECT_TRUE(config.level_set);
  EXPECT_EQ(config.device_id, "1");
  EXPECT_EQ(device.table.get("TEST_LEVEL", config).as<int32_t>(), 5);
}

TEST(PropertyTable, RefusalsNameTheOwnerKeyAndValueAndChangeNothing) {
  Device device;
  Config config;
  EXPECT_ERROR_CONTAINS(device.table.get("NO_SUCH_KEY", config), "device 'DEV' has no property 'NO_SUCH_KEY'");
  EXPECT_ERROR_CONTAINS(device.table.set(config, {{"NO_SUCH_KEY", 1}}), "device 'DEV' has no property 'NO_SUCH_KEY'");
  EXPECT_ERROR_CONTAINS(device.table.set(config, {{"TEST_COUNTER", 1}}),
                        "property 'TEST_COUNTER' of device 'DEV' is read-only");
  EXPECT_ERROR_CONTAINS(device.table.set(config, {{"SUPPORTED_PROPERTIES", 1}}), "read-only");
  EXPECT_ERROR_CONTAINS(device.table.set(config, {{"PERFORMANCE_HINT", "FASTEST"}}),
                        "device 'DEV': bad value 'FASTEST' for property 'PERFORMANCE_HINT'");
  EXPECT_ERROR_CONTAINS(device.table.set(config, {{"TEST_LEVEL", -1}}), "expected a level >= 0");
  device.name = "DEV2";  // the owner's name is read when the error is made
  EXPECT_ERROR_CONTAINS(device.table.get("X", config), "device 'DEV2'");

  // A refused entry leaves every other entry of the same call unapplied.
  EXPECT_THROW(device.table.set(config, {{"PERF_COUNT", true}, {"TEST_LEVEL", -1}}), Exception);
  EXPECT_FALSE(config.enable_profiling);
  EXPECT_EQ(config.level, 1);
  EXPECT_FALSE(config.level_set);
}

TEST(PropertyTable, ArgumentsAreDeclaredAndChecked) {
  Device device;
  Config config;
  add_model_argument(device.table);
  // DEVICE_ID (declared by add_base_settings) must name a device; MODEL_PTR must hold a model.
  EXPECT_NO_THROW(device.table.get("TEST_COUNTER", config, {{"DEVICE_ID", "1"}}));
  EXPECT_ERROR_CONTAINS(device.table.get("TEST_COUNTER", config, {{"DEVICE_ID", "7"}}),
                        "device 'DEV': bad argument '7' for 'DEVICE_ID': no such device (AVAILABLE_DEVICES: 0, 1)");
  EXPECT_ERROR_CONTAINS(device.table.get("TEST_COUNTER", config, {{"PREFIX", true}}),
                        "device 'DEV': unexpected argument 'PREFIX' (arguments: DEVICE_ID, MODEL_PTR)");
  EXPECT_ERROR_CONTAINS(device.table.get("TEST_COUNTER", config, {{"MODEL_PTR", 3}}),
                        "bad argument '3' for 'MODEL_PTR': it holds a int");
  EXPECT_ERROR_CONTAINS(device.table.check_arguments({{"X", 1}}), "unexpected argument 'X'");

  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape{2});
  auto model = std::make_shared<Model>(OutputVector{x}, ParameterVector{x}, "identity");
  EXPECT_EQ(model_of({{"MODEL_PTR", model}}), model);
  EXPECT_EQ(model_of({{"MODEL_PTR", std::shared_ptr<const Model>(model)}}), model);
  EXPECT_EQ(model_of({}), nullptr);
  config.device_id = "1";
  EXPECT_EQ(device_id_of({}, config), "1");
  EXPECT_EQ(device_id_of({{"DEVICE_ID", "0"}}, config), "0");
}

TEST(PropertyTable, DeclaringAKeyTwiceIsAnError) {
  PropertyTable<Config> table(device_owner([] { return "DEV"; }));
  table.setting(fast_mode, &Config::fast_mode);
  EXPECT_ERROR_CONTAINS(table.setting(fast_mode, &Config::fast_mode), "property 'TEST_FAST_MODE' is declared twice");
}

TEST(PropertyTable, SettingsOfRecordsEverySettingAndSetReadsItBack) {
  Device device;
  Config config;
  device.table.set(config, {{"TEST_LEVEL", 3}, {"NUM_STREAMS", 2}, {"TEST_FAST_MODE", true}});
  const AnyMap recorded = device.table.settings_of(config);
  EXPECT_EQ(recorded.size(), 10u);  // every setting, plugin-only ones too
  AnyMap as_text;
  for (const auto& [key, value] : recorded) as_text[key] = value.as<std::string>();
  Config restored;
  device.table.set(restored, as_text);
  EXPECT_EQ(restored.level, 3);
  EXPECT_EQ(restored.num_streams.num, 2);
  EXPECT_TRUE(restored.fast_mode);
}

TEST(PropertyTable, CompiledModelsReportTheSettingsThatReachThemReadOnly) {
  Device device;
  PropertyTable<Config> compiled(compiled_model_owner([] { return "DEV.1"; }));
  compiled.read_only(model_name, [] { return std::string("net"); })
      .read_only(num_streams, [] { return streams::Num(2); })
      .report_settings(device.table);
  const auto names = compiled.supported();
  for (const auto& name : names) EXPECT_FALSE(name.is_mutable()) << name;
  EXPECT_EQ(find(names, "TEST_FAST_MODE"), nullptr);  // plugin-only
  ASSERT_NE(find(names, "TEST_LEVEL"), nullptr);
  EXPECT_EQ(std::count(names.begin(), names.end(), "NUM_STREAMS"), 1);  // its own reading wins

  Config config;
  config.level = 4;
  config.num_streams = streams::Num(6);
  EXPECT_EQ(compiled.get("TEST_LEVEL", config).as<int32_t>(), 4);
  EXPECT_EQ(compiled.get("NUM_STREAMS", config).as<streams::Num>().num, 2);
  EXPECT_ERROR_CONTAINS(
      compiled.set(config, {{"TEST_LEVEL", 1}}),
      "property 'TEST_LEVEL' of a model compiled for DEV.1 is read-only: it is fixed at compile time");
  EXPECT_ERROR_CONTAINS(compiled.get("NO_SUCH_KEY", config),
                        "a model compiled for DEV.1 has no property 'NO_SUCH_KEY'");
}

TEST(BaseConfig, NumStreamsRule) {
  EXPECT_NO_THROW(check_num_streams(streams::AUTO, 4));
  EXPECT_NO_THROW(check_num_streams(streams::Num(1), 4));
  EXPECT_NO_THROW(check_num_streams(streams::Num(4), 4));
  EXPECT_ERROR_CONTAINS(check_num_streams(streams::Num(5), 4),
                        "expected AUTO or a number of streams in [1, 4] (RANGE_FOR_STREAMS)");
  EXPECT_THROW(check_num_streams(streams::Num(0), 4), Exception);
  EXPECT_THROW(check_num_streams(streams::NUMA, 4), Exception);
}

TEST(BaseConfig, PrecisionAndDeviceIdRules) {
  EXPECT_NO_THROW(check_precision(element::f16, {element::f32, element::f16}));
  EXPECT_ERROR_CONTAINS(check_precision(element::bf16, {element::f32, element::f16}),
                        "this device accepts f32 and f16, not bf16");
  EXPECT_ERROR_CONTAINS(check_precision(element::i8, {element::f32, element::f16, element::bf16}),
                        "this device accepts f32, f16 and bf16, not i8");
  EXPECT_ERROR_CONTAINS(check_precision(element::f16, {element::f32}), "this device accepts f32, not f16");
  EXPECT_NO_THROW(check_device_id("1", {"0", "1"}));
  EXPECT_ERROR_CONTAINS(check_device_id("2", {"0", "1"}), "no such device (AVAILABLE_DEVICES: 0, 1)");
  EXPECT_ERROR_CONTAINS(check_device_id("0", {}), "AVAILABLE_DEVICES: none");
}

TEST(BaseConfig, DeviceIdsAreAskedOnEverySet) {
  Device device;
  Config config;
  EXPECT_THROW(device.table.set(config, {{"DEVICE_ID", "2"}}), Exception);
  device.ids.push_back("2");
  device.table.set(config, {{"DEVICE_ID", "2"}});
  EXPECT_EQ(config.device_id, "2");
}

TEST(BaseConfig, ResolveStreams) {
  BaseConfig config;
  EXPECT_EQ(config.resolve_streams(4), 1);  // LATENCY
  config.performance_mode = hint::PerformanceMode::THROUGHPUT;
  EXPECT_EQ(config.resolve_streams(4), 4);
  config.num_requests = 3;
  EXPECT_EQ(config.resolve_streams(4), 3);
  config.num_streams = streams::Num(6);
  EXPECT_EQ(config.resolve_streams(4), 6);
}

}  // namespace
}  // namespace ferry::sdk
