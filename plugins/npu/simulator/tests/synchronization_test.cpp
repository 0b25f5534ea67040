// Fences and events: host waits with timeouts, events across queues, queues on many threads.
#include <atomic>
#include <thread>
#include <vector>

#include "support/simulator_test.hpp"

namespace ferry::npu::simulator::test {
namespace {

constexpr uint64_t kMillisecond = 1000000;

class SynchronizationTest : public SimulatorTest {
 protected:
  void SetUp() override {
    SimulatorTest::SetUp();
    ze_event_pool_desc_t desc{ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, nullptr,
                              ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 8};
    ASSERT_ZE_SUCCESS(zeEventPoolCreate(m_context, &desc, 1, &m_device_handle, &m_pool));
  }
  void TearDown() override {
    for (ze_event_handle_t event : m_events) EXPECT_ZE_SUCCESS(zeEventDestroy(event));
    if (m_pool) {
      EXPECT_ZE_SUCCESS(zeEventPoolDestroy(m_pool));
    }
    SimulatorTest::TearDown();
  }
  ze_event_handle_t create_event() {
    ze_event_desc_t desc{ZE_STRUCTURE_TYPE_EVENT_DESC, nullptr, static_cast<uint32_t>(m_events.size()),
                         ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    ze_event_handle_t event = nullptr;
    EXPECT_ZE_SUCCESS(zeEventCreate(m_pool, &desc, &event));
    m_events.push_back(event);
    return event;
  }
  ze_fence_handle_t create_fence(ze_command_queue_handle_t queue, ze_fence_flags_t flags = 0) {
    ze_fence_desc_t desc{ZE_STRUCTURE_TYPE_FENCE_DESC, nullptr, flags};
    ze_fence_handle_t fence = nullptr;
    EXPECT_ZE_SUCCESS(zeFenceCreate(queue, &desc, &fence));
    return fence;
  }

  ze_device_handle_t m_device_handle = device();
  ze_event_pool_handle_t m_pool = nullptr;
  std::vector<ze_event_handle_t> m_events;
};

TEST_F(SynchronizationTest, HostSignalWaitAndReset) {
  ze_event_handle_t event = create_event();
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeEventQueryStatus(event));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeEventHostSynchronize(event, kMillisecond));
  std::thread signaller([&] { EXPECT_ZE_SUCCESS(zeEventHostSignal(event)); });
  EXPECT_ZE_SUCCESS(zeEventHostSynchronize(event, UINT64_MAX));
  signaller.join();
  EXPECT_ZE_SUCCESS(zeEventQueryStatus(event));
  ze_kernel_timestamp_result_t timestamps{};
  EXPECT_ZE_SUCCESS(zeEventQueryKernelTimestamp(event, &timestamps));
  EXPECT_GT(timestamps.global.kernelStart, 0u);
  EXPECT_ZE_SUCCESS(zeEventHostReset(event));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeEventQueryStatus(event));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeEventQueryKernelTimestamp(event, &timestamps));
}

TEST_F(SynchronizationTest, FencesFollowTheirBatches) {
  ze_command_queue_handle_t queue = create_queue();
  ze_event_handle_t gate = create_event();
  ze_command_list_handle_t list = create_list();
  ASSERT_ZE_SUCCESS(zeCommandListAppendWaitOnEvents(list, 1, &gate));
  ASSERT_ZE_SUCCESS(zeCommandListClose(list));

  ze_fence_handle_t signalled = create_fence(queue, ZE_FENCE_FLAG_SIGNALED);
  EXPECT_ZE_SUCCESS(zeFenceQueryStatus(signalled));
  ze_fence_handle_t fence = create_fence(queue);
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeFenceQueryStatus(fence));
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence));
  // The batch waits on the gate: every wait times out until the host opens it.
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeFenceHostSynchronize(fence, 5 * kMillisecond));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeCommandQueueSynchronize(queue, kMillisecond));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeCommandQueueSynchronize(queue, 0));
  ASSERT_ZE_SUCCESS(zeEventHostSignal(gate));
  EXPECT_ZE_SUCCESS(zeFenceHostSynchronize(fence, UINT64_MAX));
  EXPECT_ZE_SUCCESS(zeCommandQueueSynchronize(queue, 0));
  EXPECT_ZE_SUCCESS(zeFenceReset(fence));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeFenceQueryStatus(fence));

  // A fence belongs to its queue.
  ze_command_queue_handle_t other = create_queue(ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, 1);
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandQueueExecuteCommandLists(other, 1, &list, fence));
  EXPECT_NE(std::string::npos, last_error().find("another queue")) << last_error();
  // ... and a queue with fences is in use.
  EXPECT_EQ(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE, zeCommandQueueDestroy(queue));

  for (ze_fence_handle_t each : {fence, signalled}) EXPECT_ZE_SUCCESS(zeFenceDestroy(each));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(other));
}

TEST_F(SynchronizationTest, EventsOrderWorkAcrossQueues) {
  // Queue A copies `stage` out once queue B, submitted later, has filled it.
  ze_command_queue_handle_t a = create_queue(ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, 0);
  ze_command_queue_handle_t b = create_queue(ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, 1);
  ze_event_handle_t filled = create_event();
  ze_event_handle_t copied = create_event();
  auto* stage = static_cast<uint32_t*>(allocate_device(64 * sizeof(uint32_t)));
  std::vector<uint32_t> out(64, 0);

  ze_command_list_handle_t consumer = create_list();
  ASSERT_ZE_SUCCESS(zeCommandListAppendMemoryCopy(consumer, out.data(), stage, 256, copied, 1, &filled));
  ASSERT_ZE_SUCCESS(zeCommandListClose(consumer));
  ze_command_list_handle_t producer = create_list();
  const uint32_t pattern = 99;
  ASSERT_ZE_SUCCESS(zeCommandListAppendMemoryFill(producer, stage, &pattern, sizeof pattern, 256, filled, 0, nullptr));
  ASSERT_ZE_SUCCESS(zeCommandListClose(producer));

  ze_fence_handle_t consumed = create_fence(a);
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(a, 1, &consumer, consumed));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeFenceHostSynchronize(consumed, 5 * kMillisecond));
  EXPECT_EQ(0u, out[0]);
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(b, 1, &producer, nullptr));
  ASSERT_ZE_SUCCESS(zeFenceHostSynchronize(consumed, UINT64_MAX));
  EXPECT_ZE_SUCCESS(zeEventQueryStatus(copied));
  for (uint32_t value : out) ASSERT_EQ(pattern, value);

  ze_kernel_timestamp_result_t fill_time{}, copy_time{};
  ASSERT_ZE_SUCCESS(zeEventQueryKernelTimestamp(filled, &fill_time));
  ASSERT_ZE_SUCCESS(zeEventQueryKernelTimestamp(copied, &copy_time));
  EXPECT_LE(fill_time.global.kernelEnd, copy_time.global.kernelStart) << "the copy ran after the fill";

  ASSERT_ZE_SUCCESS(zeCommandQueueSynchronize(b, UINT64_MAX));
  EXPECT_ZE_SUCCESS(zeFenceDestroy(consumed));
  for (auto list : {consumer, producer}) EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  for (auto queue : {a, b}) EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
  EXPECT_ZE_SUCCESS(zeMemFree(m_context, stage));
}

TEST_F(SynchronizationTest, AppendedResetAndSignalRunInOrder) {
  ze_command_list_handle_t list = create_immediate_list(ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS);
  ze_event_handle_t event = create_event();
  ASSERT_ZE_SUCCESS(zeCommandListAppendSignalEvent(list, event));
  EXPECT_ZE_SUCCESS(zeEventQueryStatus(event));
  ASSERT_ZE_SUCCESS(zeCommandListAppendEventReset(list, event));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeEventQueryStatus(event));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
}

TEST_F(SynchronizationTest, QueuesOnManyThreadsEachGetTheirOwnResults) {
  constexpr int kThreads = 4;
  constexpr int kRounds = 50;
  constexpr size_t kWords = 4096;
  const uint64_t before = copied_bytes();
  std::atomic<int> wrong{0};
  // Each thread: its own queue (one of the group's four), a shared one for all, and buffers.
  ze_command_queue_handle_t shared = create_queue(ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, 3);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      ze_command_queue_handle_t own = create_queue(ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, t % 3);
      auto* staged = static_cast<uint32_t*>(allocate_device(kWords * sizeof(uint32_t)));
      std::vector<uint32_t> out(kWords);
      for (int round = 0; round < kRounds; ++round) {
        const uint32_t value = static_cast<uint32_t>(t * 1000 + round);
        ze_command_list_handle_t list = create_list();
        EXPECT_ZE_SUCCESS(
            zeCommandListAppendMemoryFill(list, staged, &value, sizeof value, kWords * 4, nullptr, 0, nullptr));
        EXPECT_ZE_SUCCESS(zeCommandListAppendMemoryCopy(list, out.data(), staged, kWords * 4, nullptr, 0, nullptr));
        EXPECT_ZE_SUCCESS(zeCommandListClose(list));
        ze_command_queue_handle_t queue = round % 2 ? shared : own;
        ze_fence_handle_t fence = nullptr;
        ze_fence_desc_t fence_desc{ZE_STRUCTURE_TYPE_FENCE_DESC, nullptr, 0};
        EXPECT_ZE_SUCCESS(zeFenceCreate(queue, &fence_desc, &fence));
        EXPECT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence));
        EXPECT_ZE_SUCCESS(zeFenceHostSynchronize(fence, UINT64_MAX));
        for (uint32_t word : out)
          if (word != value) ++wrong;
        EXPECT_ZE_SUCCESS(zeFenceDestroy(fence));
        EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
      }
      EXPECT_ZE_SUCCESS(zeMemFree(m_context, staged));
      EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(own));
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(0, wrong.load());
  EXPECT_EQ(before + uint64_t{kThreads} * kRounds * kWords * 4, copied_bytes());
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(shared));
}

TEST_F(SynchronizationTest, DestroyingAQueueStuckOnAnEventDoesNotHang) {
  ze_command_queue_handle_t queue = create_queue();
  ze_event_handle_t never = create_event();
  ze_command_list_handle_t list = create_list();
  ASSERT_ZE_SUCCESS(zeCommandListAppendWaitOnEvents(list, 1, &never));
  ASSERT_ZE_SUCCESS(zeCommandListClose(list));
  ASSERT_ZE_SUCCESS(zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
  EXPECT_EQ(ZE_RESULT_NOT_READY, zeCommandQueueSynchronize(queue, kMillisecond));
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
}

}  // namespace
}  // namespace ferry::npu::simulator::test
