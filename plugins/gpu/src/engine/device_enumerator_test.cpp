#include "device_enumerator.hpp"

#include <gtest/gtest.h>

#include "ferry/base/exception.hpp"

namespace ferry::gpu {
namespace {

TEST(DeviceEnumerator, AutoFallsBackToTheOpenClCpuDeviceWhenThereIsNoGpu) {
  const auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  ASSERT_FALSE(devices.empty()) << "CI has PoCL's CPU device";
  EXPECT_EQ(devices[0].id, "0");
  EXPECT_FALSE(devices[0].info.name.empty());
  EXPECT_GT(devices[0].info.global_mem_size, 0u);
  EXPECT_GT(devices[0].info.compute_units, 0u);
  // PoCL's CPU device shares the host's memory: the zero-copy path.
  if (!devices[0].info.is_gpu()) {
    EXPECT_TRUE(devices[0].info.host_unified_memory);
  }
}

TEST(DeviceEnumerator, OrderAndNamesAreStable) {
  const auto first = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  const auto second = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  ASSERT_EQ(first.size(), second.size());
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].id, second[i].id);
    EXPECT_EQ(first[i].info.name, second[i].info.name);
  }
}

TEST(DeviceEnumerator, SubDevicesFollowTheirDeviceAsXDotY) {
  const auto devices = enumerate_devices(DeviceTypeSelection::parse("AUTO"));
  ASSERT_FALSE(devices.empty());
  if (devices[0].info.compute_units < 2) GTEST_SKIP() << "device 0 has one compute unit: no tiles";
  cl_uint max_sub_devices = 0;
  clGetDeviceInfo(devices[0].device.get(), CL_DEVICE_PARTITION_MAX_SUB_DEVICES, sizeof(max_sub_devices),
                  &max_sub_devices, nullptr);
  if (max_sub_devices < 2) GTEST_SKIP() << devices[0].info.name << " cannot be partitioned (NVIDIA's driver: never)";
  // PoCL partitions equally; its tiles are "0.0", "0.1" with half the compute units each.
  ASSERT_GE(devices.size(), 3u);
  EXPECT_EQ(devices[1].id, "0.0");
  EXPECT_EQ(devices[2].id, "0.1");
  EXPECT_EQ(devices[1].info.compute_units, devices[0].info.compute_units / 2);
}

TEST(DeviceEnumerator, ExplicitTypesSelectOnlyThoseTypes) {
  for (const auto& entry : enumerate_devices(DeviceTypeSelection::parse("CPU")))
    EXPECT_TRUE(entry.info.type & CL_DEVICE_TYPE_CPU) << entry.id;
  // No GPU here: an explicit GPU selection finds nothing, without error or fallback.
  for (const auto& entry : enumerate_devices(DeviceTypeSelection::parse("GPU")))
    EXPECT_TRUE(entry.info.is_gpu()) << entry.id;
}

TEST(DeviceEnumerator, BadTypeListsAreRefusedNamingTheWord) {
  try {
    DeviceTypeSelection::parse("GPU,FPGA");
    FAIL() << "expected an error";
  } catch (const Exception& e) {
    EXPECT_NE(std::string(e.what()).find("'FPGA'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(DeviceTypeSelection::parse(","), Exception);
  const auto both = DeviceTypeSelection::parse("GPU, CPU");
  EXPECT_FALSE(both.automatic);
  EXPECT_EQ(both.types, cl_device_type(CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_CPU));
}

}  // namespace
}  // namespace ferry::gpu
