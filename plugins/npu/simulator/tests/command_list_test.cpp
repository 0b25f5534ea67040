// Regular and immediate command lists on queues: copies, fills, timestamps, reset and close.
#include <cstring>
#include <numeric>
#include <vector>

#include "support/simulator_test.hpp"

namespace ferry::npu::simulator::test {
namespace {

using CommandListTest = SimulatorTest;

TEST_F(CommandListTest, CopiesAndFillsRunInOrderAndCountCopiedBytes) {
  auto* source = static_cast<uint32_t*>(allocate_host(1024 * sizeof(uint32_t)));
  auto* middle = static_cast<uint32_t*>(allocate_device(1024 * sizeof(uint32_t)));
  std::vector<uint32_t> result(1024);
  std::iota(source, source + 1024, 1u);

  ze_command_queue_handle_t queue = create_queue();
  ze_command_list_handle_t list = create_list();
  const uint32_t pattern = 0xabcdef01;
  // host -> device, overwrite the upper half with a fill, device -> plain host memory
  ASSERT_ZE_SUCCESS(zeCommandListAppendMemoryCopy(list, middle, source, 4096, nullptr, 0, nullptr));
  ASSERT_ZE_SUCCESS(
      zeCommandListAppendMemoryFill(list, middle + 512, &pattern, sizeof pattern, 2048, nullptr, 0, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandListAppendBarrier(list, nullptr, 0, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandListAppendMemoryCopy(list, result.data(), middle, 4096, nullptr, 0, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandListClose(list));

  const uint64_t before = copied_bytes();
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, UINT64_MAX));
  for (uint32_t i = 0; i < 512; ++i) ASSERT_EQ(i + 1, result[i]) << i;
  for (uint32_t i = 512; i < 1024; ++i) ASSERT_EQ(pattern, result[i]) << i;
  EXPECT_EQ(before + 2 * 4096, copied_bytes()) << "two copies of 4096 bytes; fills copy nothing";

  // A closed list runs again as often as it is executed.
  std::fill(result.begin(), result.end(), 0u);
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, UINT64_MAX));
  EXPECT_EQ(1u, result[0]);
  EXPECT_EQ(pattern, result[1023]);

  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, source));
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, middle));
}

TEST_F(CommandListTest, ASynchronousQueueHasFinishedWhenExecuteReturns) {
  ze_command_queue_handle_t queue = create_queue(ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS);
  ze_command_list_handle_t list = create_list();
  std::vector<uint8_t> a(300000, 7), b(300000, 0);
  ASSERT_ZE_SUCCESS(zeCommandListAppendMemoryCopy(list, b.data(), a.data(), a.size(), nullptr, 0, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandListClose(list));
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
  EXPECT_EQ(a, b);
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
}

TEST_F(CommandListTest, ImmediateListsRunAsTheyAreAppended) {
  for (ze_command_queue_mode_t mode : {ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS}) {
    ze_command_list_handle_t list = create_immediate_list(mode);
    ze_event_pool_desc_t pool_desc{ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, nullptr, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
    ze_event_pool_handle_t pool = nullptr;
    ASSERT_ZE_SUCCESS(zeEventPoolCreate(m_context, &pool_desc, 0, nullptr, &pool));
    ze_event_desc_t event_desc{ZE_STRUCTURE_TYPE_EVENT_DESC, nullptr, 0, 0, 0};
    ze_event_handle_t done = nullptr;
    ASSERT_ZE_SUCCESS(zeEventCreate(pool, &event_desc, &done));

    uint64_t value = 0x1122334455667788, copy = 0;
    ASSERT_ZE_SUCCESS(zeCommandListAppendMemoryCopy(list, &copy, &value, sizeof value, done, 0, nullptr));
    if (mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS) {
      EXPECT_EQ(ZE_RESULT_SUCCESS, zeEventQueryStatus(done)) << "a synchronous append has run on return";
    }
    ASSERT_ZE_SUCCESS(zeEventHostSynchronize(done, UINT64_MAX));
    EXPECT_EQ(value, copy);
    // Closing an immediate list is allowed and changes nothing.
    EXPECT_ZE_SUCCESS(zeCommandListClose(list));
    EXPECT_ZE_SUCCESS(zeCommandListReset(list));

    EXPECT_ZE_SUCCESS(zeEventDestroy(done));
    EXPECT_ZE_SUCCESS(zeEventPoolDestroy(pool));
    EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  }
}

TEST_F(CommandListTest, ResetEmptiesAListAndCloseEndsRecording) {
  ze_command_queue_handle_t queue = create_queue();
  ze_command_list_handle_t list = create_list();
  int first = 1, second = 2, target = 0;
  ASSERT_ZE_SUCCESS(zeCommandListAppendMemoryCopy(list, &target, &first, sizeof target, nullptr, 0, nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("not closed")) << last_error();
  ASSERT_ZE_SUCCESS(zeCommandListClose(list));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT,
            zeCommandListAppendMemoryCopy(list, &target, &second, sizeof target, nullptr, 0, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("closed")) << last_error();

  ASSERT_ZE_SUCCESS(zeCommandListReset(list));
  ASSERT_ZE_SUCCESS(zeCommandListAppendMemoryCopy(list, &target, &second, sizeof target, nullptr, 0, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandListClose(list));
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, UINT64_MAX));
  EXPECT_EQ(2, target) << "the copy recorded before the reset must not run";

  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
}

TEST_F(CommandListTest, BadCopiesAndFillsAreRefusedWhenAppended) {
  ze_command_list_handle_t list = create_list();
  auto* memory = static_cast<char*>(allocate_device(256));
  char host[512] = {};
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_SIZE,
            zeCommandListAppendMemoryCopy(list, memory + 200, host, 57, nullptr, 0, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("run past the end")) << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_SIZE, zeCommandListAppendMemoryCopy(list, host, memory, 257, nullptr, 0, nullptr));
  EXPECT_EQ(ZE_RESULT_SUCCESS, zeCommandListAppendMemoryCopy(list, host, memory + 200, 56, nullptr, 0, nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_OVERLAPPING_REGIONS,
            zeCommandListAppendMemoryCopy(list, memory, memory + 10, 100, nullptr, 0, nullptr));

  ze_context_handle_t other = nullptr;
  ze_context_desc_t desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC};
  ASSERT_ZE_SUCCESS(zeContextCreate(driver(), &desc, &other));
  ze_device_mem_alloc_desc_t alloc_desc{ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC};
  void* foreign = nullptr;
  ASSERT_ZE_SUCCESS(zeMemAllocDevice(other, &alloc_desc, 64, 0, device(), &foreign));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT,
            zeCommandListAppendMemoryCopy(list, host, foreign, 64, nullptr, 0, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("another context")) << last_error();
  // Copying from another context is what zeCommandListAppendMemoryCopyFromContext is for.
  EXPECT_ZE_SUCCESS(zeCommandListAppendMemoryCopyFromContext(list, host, other, foreign, 64, nullptr, 0, nullptr));

  const uint8_t pattern[3] = {1, 2, 3};
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_SIZE,
            zeCommandListAppendMemoryFill(list, memory, pattern, 3, 96, nullptr, 0, nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_SIZE,
            zeCommandListAppendMemoryFill(list, memory, pattern, 2, 97, nullptr, 0, nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_SIZE,
            zeCommandListAppendMemoryFill(list, memory, pattern, 2, 258, nullptr, 0, nullptr));

  EXPECT_ZE_SUCCESS(zeMemFree(other, foreign));
  EXPECT_ZE_SUCCESS(zeContextDestroy(other));
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, memory));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
}

TEST_F(CommandListTest, GlobalTimestampsIncrease) {
  ze_command_list_handle_t list = create_immediate_list(ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS);
  uint64_t first = 0, second = 0, host = 0, device_now = 0;
  ASSERT_ZE_SUCCESS(zeDeviceGetGlobalTimestamps(device(), &host, &device_now));
  ASSERT_ZE_SUCCESS(zeCommandListAppendWriteGlobalTimestamp(list, &first, nullptr, 0, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandListAppendWriteGlobalTimestamp(list, &second, nullptr, 0, nullptr));
  EXPECT_GE(first, device_now);
  EXPECT_GE(second, first);
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
}

}  // namespace
}  // namespace ferry::npu::simulator::test
