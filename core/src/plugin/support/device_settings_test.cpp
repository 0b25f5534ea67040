// sdk::DeviceSettings: a plugin's settings under concurrent set_property, get and compile.

#include "ferry/plugin/support/device_settings.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "ferry/plugin/support/base_config.hpp"

namespace ferry::sdk {
namespace {

inline constexpr Property<int32_t> level{"TEST_LEVEL"};

struct Config : BaseConfig {
  int32_t level = 0;
};

// A device whose DEVICE_ID check reads its own settings, as a plugin's device list may.
struct Device {
  Device() : table(device_owner([] { return std::string("DEV"); })), settings(table) {
    BaseRules rules;
    rules.device_ids = [this] {
      const int32_t count = settings.get().level + 1;  // reads the settings during a set
      std::vector<std::string> ids;
      for (int32_t i = 0; i < count; ++i) ids.push_back(std::to_string(i));
      return ids;
    };
    add_base_settings(table, rules).setting(level, &Config::level, [](int32_t value) {
      FERRY_ASSERT(value >= 0, "expected a level >= 0");
    });
  }
  PropertyTable<Config> table;
  DeviceSettings<Config> settings;
};

TEST(DeviceSettings, WithAppliesOverridesToACopy) {
  Device device;
  device.settings.set({{"TEST_LEVEL", 2}});
  const Config compiled = device.settings.with({{"PERF_COUNT", true}});
  EXPECT_TRUE(compiled.enable_profiling);
  EXPECT_EQ(compiled.level, 2);
  EXPECT_FALSE(device.settings.get().enable_profiling);
}

TEST(DeviceSettings, ARefusedSetChangesNothing) {
  Device device;
  EXPECT_THROW(device.settings.set({{"PERF_COUNT", true}, {"TEST_LEVEL", -1}}), Exception);
  EXPECT_FALSE(device.settings.get().enable_profiling);
  EXPECT_THROW(device.settings.with({{"NO_SUCH_KEY", 1}}), Exception);
}

TEST(DeviceSettings, ChecksMayReadTheSettingsAndChangedSeesBothSides) {
  Device device;
  device.settings.set({{"TEST_LEVEL", 3}});
  int before = -1, after = -1;
  device.settings.set({{"DEVICE_ID", "3"}, {"TEST_LEVEL", 4}}, [&](const Config& old_config, const Config& new_config) {
    before = old_config.level;
    after = new_config.level;
  });
  EXPECT_EQ(before, 3);
  EXPECT_EQ(after, 4);
  EXPECT_EQ(device.settings.get().device_id, "3");
  EXPECT_THROW(device.settings.set({{"DEVICE_ID", "9"}}), Exception);
}

// Sets from several threads are all kept (none overwrites another's key with a stale copy),
// while other threads read and compile.
TEST(DeviceSettings, ConcurrentSetsLoseNothing) {
  Device device;
  constexpr int kRounds = 200;
  std::atomic<bool> stop{false};
  std::thread reader([&] {
    while (!stop) device.settings.with({{"PERF_COUNT", true}});
  });
  std::thread profiling([&] {
    for (int i = 0; i < kRounds; ++i) device.settings.set({{"PERF_COUNT", i % 2 == 0}});
  });
  std::thread levels([&] {
    for (int i = 1; i <= kRounds; ++i) device.settings.set({{"TEST_LEVEL", i}});
  });
  profiling.join();
  levels.join();
  stop = true;
  reader.join();
  const Config final_config = device.settings.get();
  EXPECT_EQ(final_config.level, kRounds);
  EXPECT_FALSE(final_config.enable_profiling);  // the last set of the profiling thread
}

}  // namespace
}  // namespace ferry::sdk
