// Misuse: null, foreign and destroyed handles, objects still in use, indices out of range.
// Each answers a Level Zero error code and a message, never a crash.
#include "support/simulator_test.hpp"

namespace ferry::npu::simulator::test {
namespace {

using MisuseTest = SimulatorTest;

// Memory that is no object of the driver's, passed where a handle is expected.
struct NotAHandle {
  uint64_t words[16] = {};
};

TEST_F(MisuseTest, NullHandlesAreNullHandleErrors) {
  ze_command_queue_desc_t queue_desc{ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC};
  ze_command_queue_handle_t queue = nullptr;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NULL_HANDLE, zeCommandQueueCreate(nullptr, device(), &queue_desc, &queue));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NULL_HANDLE, zeCommandQueueCreate(m_context, nullptr, &queue_desc, &queue));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NULL_HANDLE, zeCommandListClose(nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NULL_HANDLE, zeEventHostSignal(nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NULL_HANDLE, zeFenceQueryStatus(nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NULL_POINTER, zeCommandQueueCreate(m_context, device(), nullptr, &queue));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_NULL_POINTER, zeCommandQueueCreate(m_context, device(), &queue_desc, nullptr));
}

TEST_F(MisuseTest, ForeignHandlesAreInvalidArguments) {
  NotAHandle garbage;
  auto* list = reinterpret_cast<ze_command_list_handle_t>(&garbage);
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandListClose(list));
  EXPECT_NE(std::string::npos, last_error().find("not a live handle")) << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeEventHostSignal(reinterpret_cast<ze_event_handle_t>(&garbage)));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeContextGetStatus(reinterpret_cast<ze_context_handle_t>(&garbage)));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT,
            zeCommandQueueSynchronize(reinterpret_cast<ze_command_queue_handle_t>(&garbage), 0));
  // A handle of one kind is not a handle of another.
  ze_command_list_handle_t real_list = create_list();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT,
            zeCommandQueueSynchronize(reinterpret_cast<ze_command_queue_handle_t>(real_list), 0));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(real_list));
  for (uint64_t word : garbage.words) EXPECT_EQ(0u, word) << "the driver wrote through a foreign handle";
}

TEST_F(MisuseTest, DestroyedObjectsAreInvalidArguments) {
  ze_command_list_handle_t list = create_list();
  ze_command_queue_handle_t queue = create_queue();
  ASSERT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandListClose(list));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandListAppendBarrier(list, nullptr, 0, nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandQueueExecuteCommandLists(queue, 1, &list, nullptr));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandListDestroy(list)) << "a double destroy";
  ASSERT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandQueueSynchronize(queue, 0));
}

TEST_F(MisuseTest, ObjectsInUseCannotBeDestroyed) {
  ze_command_queue_handle_t queue = create_queue();
  EXPECT_EQ(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE, zeContextDestroy(m_context));
  EXPECT_NE(std::string::npos, last_error().find("destroy them first")) << last_error();
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));

  ze_event_pool_desc_t pool_desc{ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, nullptr, 0, 2};
  ze_event_pool_handle_t pool = nullptr;
  ASSERT_ZE_SUCCESS(zeEventPoolCreate(m_context, &pool_desc, 0, nullptr, &pool));
  ze_event_desc_t event_desc{ZE_STRUCTURE_TYPE_EVENT_DESC, nullptr, 1, 0, 0};
  ze_event_handle_t event = nullptr, twin = nullptr;
  ASSERT_ZE_SUCCESS(zeEventCreate(pool, &event_desc, &event));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeEventCreate(pool, &event_desc, &twin));
  EXPECT_NE(std::string::npos, last_error().find("held by another event")) << last_error();
  event_desc.index = 2;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeEventCreate(pool, &event_desc, &twin));
  EXPECT_NE(std::string::npos, last_error().find("outside the pool's 2 events")) << last_error();
  EXPECT_EQ(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE, zeEventPoolDestroy(pool));
  EXPECT_ZE_SUCCESS(zeEventDestroy(event));
  EXPECT_ZE_SUCCESS(zeEventPoolDestroy(pool));
}

TEST_F(MisuseTest, QueuesThatDoNotExistAreRefused) {
  ze_command_queue_desc_t desc{ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC};
  ze_command_queue_handle_t queue = nullptr;
  desc.ordinal = 1;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandQueueCreate(m_context, device(), &desc, &queue));
  EXPECT_NE(std::string::npos, last_error().find("ordinal 1 does not exist")) << last_error();
  desc.ordinal = 0;
  desc.index = 4;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandQueueCreate(m_context, device(), &desc, &queue));
  EXPECT_NE(std::string::npos, last_error().find("exceeds the group's 4 queues")) << last_error();
  ze_command_list_handle_t list = nullptr;
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandListCreateImmediate(m_context, device(), &desc, &list));
  EXPECT_EQ(nullptr, queue);
  EXPECT_EQ(nullptr, list);
}

TEST_F(MisuseTest, ListsAndEventsOfAnotherContextAreRefused) {
  ze_context_handle_t other = nullptr;
  ze_context_desc_t context_desc{ZE_STRUCTURE_TYPE_CONTEXT_DESC};
  ASSERT_ZE_SUCCESS(zeContextCreate(driver(), &context_desc, &other));
  ze_command_list_desc_t list_desc{ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC};
  ze_command_list_handle_t foreign_list = nullptr;
  ASSERT_ZE_SUCCESS(zeCommandListCreate(other, device(), &list_desc, &foreign_list));
  ASSERT_ZE_SUCCESS(zeCommandListClose(foreign_list));
  ze_command_queue_handle_t queue = create_queue();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandQueueExecuteCommandLists(queue, 1, &foreign_list, nullptr));
  EXPECT_NE(std::string::npos, last_error().find("another context")) << last_error();

  ze_event_pool_desc_t pool_desc{ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, nullptr, 0, 1};
  ze_event_pool_handle_t pool = nullptr;
  ASSERT_ZE_SUCCESS(zeEventPoolCreate(other, &pool_desc, 0, nullptr, &pool));
  ze_event_desc_t event_desc{ZE_STRUCTURE_TYPE_EVENT_DESC};
  ze_event_handle_t foreign_event = nullptr;
  ASSERT_ZE_SUCCESS(zeEventCreate(pool, &event_desc, &foreign_event));
  ze_command_list_handle_t list = create_list();
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandListAppendSignalEvent(list, foreign_event));
  EXPECT_EQ(ZE_RESULT_ERROR_INVALID_ARGUMENT, zeCommandListAppendWaitOnEvents(list, 1, &foreign_event));

  EXPECT_ZE_SUCCESS(zeCommandListDestroy(list));
  EXPECT_ZE_SUCCESS(zeEventDestroy(foreign_event));
  EXPECT_ZE_SUCCESS(zeEventPoolDestroy(pool));
  EXPECT_ZE_SUCCESS(zeCommandQueueDestroy(queue));
  EXPECT_ZE_SUCCESS(zeCommandListDestroy(foreign_list));
  EXPECT_ZE_SUCCESS(zeContextDestroy(other));
}

}  // namespace
}  // namespace ferry::npu::simulator::test
