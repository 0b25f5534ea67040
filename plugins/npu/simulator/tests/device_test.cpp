// The driver and device the loader finds: one VPU that says it is Ferry's simulator.
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include "ferry/npu/driver/ze_ferry_graph_ext.h"
#include "ferry/npu/driver/ze_ferry_simulator_ext.h"
#include "support/simulator_test.hpp"

namespace ferry::npu::simulator::test {
namespace {

TEST(DeviceTest, TheLoaderFindsOneSimulatedVpu) {
  ASSERT_NE(nullptr, driver());
  uint32_t drivers = 0;
  ASSERT_ZE_SUCCESS(zeDriverGet(&drivers, nullptr));
  EXPECT_EQ(1u, drivers);
  uint32_t devices = 0;
  ASSERT_ZE_SUCCESS(zeDeviceGet(driver(), &devices, nullptr));
  EXPECT_EQ(1u, devices);

  ze_device_properties_t properties{ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeDeviceGetProperties(device(), &properties));
  EXPECT_EQ(ZE_DEVICE_TYPE_VPU, properties.type);
  EXPECT_NE(nullptr, std::strstr(properties.name, "Ferry NPU simulator")) << properties.name;
  EXPECT_GT(properties.maxMemAllocSize, 0u);
  EXPECT_GE(properties.numEUsPerSubslice, 1u);
  EXPECT_TRUE(properties.flags & ZE_DEVICE_PROPERTY_FLAG_INTEGRATED);
}

TEST(DeviceTest, DriverReportsItsVersionAndExtension) {
  ze_driver_properties_t properties{ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeDriverGetProperties(driver(), &properties));
  EXPECT_EQ(ZE_MAKE_VERSION(1, 0), properties.driverVersion);
  ze_api_version_t version{};
  ASSERT_ZE_SUCCESS(zeDriverGetApiVersion(driver(), &version));
  EXPECT_EQ(1, ZE_MAJOR_VERSION(version));

  uint32_t count = 0;
  ASSERT_ZE_SUCCESS(zeDriverGetExtensionProperties(driver(), &count, nullptr));
  ASSERT_EQ(2u, count);
  ze_driver_extension_properties_t extensions[2] = {};
  ASSERT_ZE_SUCCESS(zeDriverGetExtensionProperties(driver(), &count, extensions));
  EXPECT_STREQ(FERRY_SIMULATOR_EXTENSION_NAME, extensions[0].name);
  EXPECT_STREQ(FERRY_GRAPH_EXTENSION_NAME, extensions[1].name);

  void* function = nullptr;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT,
            zeDriverGetExtensionFunctionAddress(driver(), "noSuchFunction", &function));
  EXPECT_NE(std::string::npos, last_error().find("noSuchFunction")) << last_error();
}

TEST(DeviceTest, QueueGroupMemoryAndExternalMemoryProperties) {
  uint32_t groups = 0;
  ASSERT_ZE_SUCCESS(zeDeviceGetCommandQueueGroupProperties(device(), &groups, nullptr));
  ASSERT_EQ(1u, groups);
  ze_command_queue_group_properties_t group{ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeDeviceGetCommandQueueGroupProperties(device(), &groups, &group));
  EXPECT_TRUE(group.flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE);
  EXPECT_TRUE(group.flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY);
  EXPECT_EQ(4u, group.numQueues);
  EXPECT_EQ(128u, group.maxMemoryFillPatternSize);

  uint32_t memories = 0;
  ASSERT_ZE_SUCCESS(zeDeviceGetMemoryProperties(device(), &memories, nullptr));
  ASSERT_EQ(1u, memories);
  ze_device_memory_properties_t memory{ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeDeviceGetMemoryProperties(device(), &memories, &memory));
  ze_device_properties_t properties{ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeDeviceGetProperties(device(), &properties));
  EXPECT_EQ(properties.maxMemAllocSize, memory.totalSize);

  ze_device_external_memory_properties_t external{ZE_STRUCTURE_TYPE_DEVICE_EXTERNAL_MEMORY_PROPERTIES};
  ASSERT_ZE_SUCCESS(zeDeviceGetExternalMemoryProperties(device(), &external));
  EXPECT_EQ(ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF, external.memoryAllocationImportTypes);
  EXPECT_EQ(ZE_EXTERNAL_MEMORY_TYPE_FLAG_DMA_BUF, external.memoryAllocationExportTypes);

  uint64_t host = 0, on_device = 0;
  ASSERT_ZE_SUCCESS(zeDeviceGetGlobalTimestamps(device(), &host, &on_device));
  EXPECT_GT(host, 0u);
  EXPECT_GE(on_device, host);
}

// The _validated variants run under the loader's validation layer: make sure it is there.
TEST(DeviceTest, ValidationLayerIsLoadedWhenAsked) {
  ASSERT_NE(nullptr, driver());
  const char* asked = std::getenv("ZE_ENABLE_VALIDATION_LAYER");
  std::ifstream maps("/proc/self/maps");
  const std::string mapped((std::istreambuf_iterator<char>(maps)), std::istreambuf_iterator<char>());
  const bool loaded = mapped.find("libze_validation_layer") != std::string::npos;
  EXPECT_EQ(asked && std::string(asked) == "1", loaded);
}

TEST(DeviceTest, WhatAnNpuLacksIsUnsupported) {
  ze_context_handle_t context = nullptr;
  ze_context_desc_t desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC, nullptr, 0};
  ASSERT_ZE_SUCCESS(zeContextCreate(driver(), &desc, &context));
  ze_module_desc_t module_desc{ZE_STRUCTURE_TYPE_MODULE_DESC};
  const uint8_t spirv[4] = {0x03, 0x02, 0x23, 0x07};
  module_desc.format = ZE_MODULE_FORMAT_IL_SPIRV;
  module_desc.inputSize = sizeof spirv;
  module_desc.pInputModule = spirv;
  ze_module_handle_t module = nullptr;
  EXPECT_EQ(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, zeModuleCreate(context, device(), &module_desc, &module, nullptr));
  EXPECT_ZE_SUCCESS(zeContextDestroy(context));
}

}  // namespace
}  // namespace ferry::npu::simulator::test
