#include "ferry/plugin/support/device_name.hpp"

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"

namespace ferry::sdk {
namespace {

TEST(DeviceName, PlainAndInstances) {
  EXPECT_EQ(DeviceName::parse("TEMPLATE").base, "TEMPLATE");
  EXPECT_EQ(DeviceName::parse("TEMPLATE").id, "");
  const DeviceName gpu1 = DeviceName::parse("GPU.1");
  EXPECT_EQ(gpu1.base, "GPU");
  EXPECT_EQ(gpu1.id, "1");
  EXPECT_FALSE(gpu1.is_virtual());
  const DeviceName tile = DeviceName::parse("GPU.1.0");
  EXPECT_EQ(tile.base, "GPU");
  EXPECT_EQ(tile.id, "1.0");
  EXPECT_EQ(tile.full_name(), "GPU.1.0");
}

TEST(DeviceName, Multi) {
  const DeviceName multi = DeviceName::parse("MULTI:GPU.1,GPU.0");
  EXPECT_EQ(multi.base, "MULTI");
  ASSERT_EQ(multi.targets.size(), 2u);
  EXPECT_EQ(multi.targets[0], "GPU.1");
  EXPECT_EQ(multi.targets[1], "GPU.0");
  EXPECT_TRUE(multi.is_virtual());
  EXPECT_EQ(multi.full_name(), "MULTI:GPU.1,GPU.0");
}

TEST(DeviceName, Batch) {
  const DeviceName batch = DeviceName::parse("BATCH:GPU(4)");
  EXPECT_EQ(batch.base, "BATCH");
  ASSERT_EQ(batch.targets.size(), 1u);
  EXPECT_EQ(batch.targets[0], "GPU");
  EXPECT_EQ(batch.batch, 4);
  EXPECT_EQ(batch.full_name(), "BATCH:GPU(4)");
  EXPECT_EQ(DeviceName::parse("BATCH:GPU").batch, 0);
}

TEST(DeviceName, FromPriorities) {
  const DeviceName multi = DeviceName::from_priorities("MULTI", "GPU.1,TEMPLATE");
  EXPECT_EQ(multi.targets, (std::vector<std::string>{"GPU.1", "TEMPLATE"}));
  const DeviceName batch = DeviceName::from_priorities("BATCH", "GPU(8)");
  EXPECT_EQ(batch.targets, std::vector<std::string>{"GPU"});
  EXPECT_EQ(batch.batch, 8);
  try {
    DeviceName::from_priorities("MULTI", "");
    ADD_FAILURE() << "empty priorities parsed";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("DEVICE_PRIORITIES is empty"), std::string::npos) << e.what();
  }
}

void expect_error(const std::string& name, const std::string& fragment) {
  try {
    DeviceName::parse(name);
    ADD_FAILURE() << "'" << name << "' parsed";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(DeviceName, MalformedNamesAreNamedInErrors) {
  expect_error("", "empty device name");
  expect_error("GPU.", "GPU.");
  expect_error("GPU.a", "instance 'a'");
  expect_error("GPU..1", "GPU..1");
  expect_error("MULTI:", "no devices");
  expect_error("MULTI:GPU,,CPU", "empty device");
  expect_error("BATCH:GPU(x)", "batch size 'x'");
  expect_error("BATCH:GPU(0)", "positive");
  expect_error("BATCH:GPU,CPU(2)", "exactly one device");
  expect_error("G PU", "malformed");
}

}  // namespace
}  // namespace ferry::sdk
