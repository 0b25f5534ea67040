// zeCommandQueue* and zeFence*: queues, each with its worker thread, and their fences.
#include <optional>
#include <vector>

#include "api.hpp"
#include "command_list.hpp"
#include "command_queue.hpp"
#include "handle_checks.hpp"

namespace ferry::npu::simulator {

ze_result_t check_queue_desc(const ze_command_queue_desc_t* desc) {
  if (!desc) return null_pointer("the command queue descriptor");
  if (desc->ordinal != 0)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT,
                "queue group ordinal " + std::to_string(desc->ordinal) + " does not exist (the device has one group)");
  if (desc->index >= kQueuesPerGroup)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "queue index " + std::to_string(desc->index) +
                                                      " exceeds the group's " + std::to_string(kQueuesPerGroup) +
                                                      " queues");
  if (desc->mode > ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS)
    return fail(ZE_RESULT_ERROR_INVALID_ENUMERATION, "unknown command queue mode");
  return ZE_RESULT_SUCCESS;
}

namespace api {

ze_result_t command_queue_create(ze_context_handle_t context_handle, ze_device_handle_t device,
                                 const ze_command_queue_desc_t* desc, ze_command_queue_handle_t* queue) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!is_device(device)) return bad_handle(device, "the device");
  const ze_result_t checked = check_queue_desc(desc);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  if (!queue) return null_pointer("the queue to return");
  ++context->children;
  *queue = reinterpret_cast<ze_command_queue_handle_t>(new CommandQueue(context, desc->mode));
  return ZE_RESULT_SUCCESS;
}

ze_result_t command_queue_destroy(ze_command_queue_handle_t handle) {
  CommandQueue* queue = find_command_queue(handle);
  if (!queue) return bad_handle(handle, "the command queue");
  if (queue->fences > 0)
    return fail(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE, "the command queue still has fences; destroy them first");
  --queue->context->children;
  delete queue;  // stops its worker
  return ZE_RESULT_SUCCESS;
}

ze_result_t command_queue_execute_command_lists(ze_command_queue_handle_t handle, uint32_t count,
                                                ze_command_list_handle_t* list_handles,
                                                ze_fence_handle_t fence_handle) {
  CommandQueue* queue = find_command_queue(handle);
  if (!queue) return bad_handle(handle, "the command queue");
  if (!list_handles) return null_pointer("the command lists");
  if (count == 0) return fail(ZE_RESULT_ERROR_INVALID_SIZE, "no command lists to execute");
  Fence* fence = nullptr;
  if (fence_handle) {
    fence = find_fence(fence_handle);
    if (!fence) return bad_handle(fence_handle, "the fence");
    if (fence->queue != queue) return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the fence belongs to another queue");
  }
  std::vector<std::shared_ptr<const CommandSequence>> batch;
  for (uint32_t i = 0; i < count; ++i) {
    CommandList* list = find_command_list(list_handles[i]);
    if (!list) return bad_handle(list_handles[i], "a command list to execute");
    if (list->immediate) return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "an immediate command list cannot be executed");
    if (list->context != queue->context)
      return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "a command list of another context");
    std::lock_guard<std::mutex> lock(list->mutex);
    if (!list->closed) return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "a command list to execute is not closed");
    batch.push_back(list->commands);
  }
  const bool synchronous = queue->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
  // The fence, or this call when the queue is synchronous, reports the batch's failure.
  const uint64_t sequence = queue->worker.submit(std::move(batch), fence || synchronous);
  if (fence) {
    // Whether the batch has already run or not: the fence reads the queue's progress.
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    if (fence->sequence) queue->worker.forget_failure(fence->sequence);
    fence->signalled = false;
    fence->sequence = sequence;
  }
  if (!synchronous) return ZE_RESULT_SUCCESS;
  queue->worker.wait(sequence, UINT64_MAX);
  std::lock_guard<std::mutex> lock(device().signal_mutex);
  const BatchFailure* failure = queue->worker.failure(sequence);
  if (!failure) return ZE_RESULT_SUCCESS;
  const ze_result_t result = fail(failure->result, failure->message);
  if (!fence) queue->worker.forget_failure(sequence);
  return result;
}

ze_result_t command_queue_synchronize(ze_command_queue_handle_t handle, uint64_t timeout_ns) {
  CommandQueue* queue = find_command_queue(handle);
  if (!queue) return bad_handle(handle, "the command queue");
  if (!queue->worker.wait_idle(timeout_ns)) return ZE_RESULT_NOT_READY;
  std::lock_guard<std::mutex> lock(device().signal_mutex);
  std::optional<BatchFailure> failure = queue->worker.take_unreported_failure();
  return failure ? fail(failure->result, std::move(failure->message)) : ZE_RESULT_SUCCESS;
}

}  // namespace api
}  // namespace ferry::npu::simulator

namespace ferry::npu::simulator::api {
namespace {

// Whether `fence` is signalled; the caller holds device().signal_mutex.
bool fence_signalled(const Fence* fence) {
  return fence->signalled || (fence->sequence && fence->queue->worker.has_completed(fence->sequence));
}

}  // namespace

ze_result_t fence_create(ze_command_queue_handle_t queue_handle, const ze_fence_desc_t* desc,
                         ze_fence_handle_t* fence) {
  CommandQueue* queue = find_command_queue(queue_handle);
  if (!queue) return bad_handle(queue_handle, "the command queue");
  if (!desc) return null_pointer("the fence descriptor");
  if (!fence) return null_pointer("the fence to return");
  if (desc->flags & ~ZE_FENCE_FLAG_SIGNALED) return fail(ZE_RESULT_ERROR_INVALID_ENUMERATION, "unknown fence flags");
  ++queue->fences;
  *fence = reinterpret_cast<ze_fence_handle_t>(new Fence(queue, desc->flags & ZE_FENCE_FLAG_SIGNALED));
  return ZE_RESULT_SUCCESS;
}

ze_result_t fence_destroy(ze_fence_handle_t handle) {
  Fence* fence = find_fence(handle);
  if (!fence) return bad_handle(handle, "the fence");
  {
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    if (fence->sequence) fence->queue->worker.forget_failure(fence->sequence);
  }
  --fence->queue->fences;
  delete fence;
  return ZE_RESULT_SUCCESS;
}

ze_result_t fence_host_synchronize(ze_fence_handle_t handle, uint64_t timeout_ns) {
  Fence* fence = find_fence(handle);
  if (!fence) return bad_handle(handle, "the fence");
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  if (!wait_signalled(lock, timeout_ns, [&] { return fence_signalled(fence); })) return ZE_RESULT_NOT_READY;
  // Every synchronize of the fence reports its batch's failure, until it is reset or reused.
  const BatchFailure* failure = fence->sequence ? fence->queue->worker.failure(fence->sequence) : nullptr;
  return failure ? fail(failure->result, failure->message) : ZE_RESULT_SUCCESS;
}

ze_result_t fence_query_status(ze_fence_handle_t handle) { return fence_host_synchronize(handle, 0); }

ze_result_t fence_reset(ze_fence_handle_t handle) {
  Fence* fence = find_fence(handle);
  if (!fence) return bad_handle(handle, "the fence");
  std::lock_guard<std::mutex> lock(device().signal_mutex);
  if (fence->sequence) fence->queue->worker.forget_failure(fence->sequence);
  fence->signalled = false;
  fence->sequence = 0;
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator::api
