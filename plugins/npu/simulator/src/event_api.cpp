// zeEventPool* and zeEvent*: events signalled by the host or by command lists on any queue.
#include "api.hpp"
#include "device.hpp"
#include "event.hpp"
#include "handle_checks.hpp"

namespace ferry::npu::simulator::api {

ze_result_t event_pool_create(ze_context_handle_t context_handle, const ze_event_pool_desc_t* desc,
                              uint32_t device_count, ze_device_handle_t* devices, ze_event_pool_handle_t* pool) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!desc) return null_pointer("the event pool descriptor");
  if (!pool) return null_pointer("the event pool to return");
  if (device_count && !devices) return null_pointer("the devices");
  for (uint32_t i = 0; i < device_count; ++i)
    if (!is_device(devices[i])) return bad_handle(devices[i], "a device of the event pool");
  if (desc->count == 0) return fail(ZE_RESULT_ERROR_INVALID_SIZE, "an event pool of 0 events");
  if (desc->flags & ZE_EVENT_POOL_FLAG_IPC)
    return fail(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, "IPC event pools are not supported");
  ++context->children;
  *pool = reinterpret_cast<ze_event_pool_handle_t>(new EventPool(context, desc->count, desc->flags));
  return ZE_RESULT_SUCCESS;
}

ze_result_t event_pool_destroy(ze_event_pool_handle_t handle) {
  EventPool* pool = find_event_pool(handle);
  if (!pool) return bad_handle(handle, "the event pool");
  {
    std::lock_guard<std::mutex> lock(pool->mutex);
    for (bool taken : pool->slot_taken)
      if (taken)
        return fail(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE, "the event pool still has events; destroy them first");
  }
  --pool->context->children;
  delete pool;
  return ZE_RESULT_SUCCESS;
}

ze_result_t event_create(ze_event_pool_handle_t pool_handle, const ze_event_desc_t* desc, ze_event_handle_t* event) {
  EventPool* pool = find_event_pool(pool_handle);
  if (!pool) return bad_handle(pool_handle, "the event pool");
  if (!desc) return null_pointer("the event descriptor");
  if (!event) return null_pointer("the event to return");
  std::lock_guard<std::mutex> lock(pool->mutex);
  if (desc->index >= pool->slot_taken.size())
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "event index " + std::to_string(desc->index) +
                                                      " is outside the pool's " +
                                                      std::to_string(pool->slot_taken.size()) + " events");
  if (pool->slot_taken[desc->index])
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT,
                "event index " + std::to_string(desc->index) + " of the pool is held by another event");
  pool->slot_taken[desc->index] = true;
  *event = reinterpret_cast<ze_event_handle_t>(new Event(pool, desc->index));
  return ZE_RESULT_SUCCESS;
}

ze_result_t event_destroy(ze_event_handle_t handle) {
  Event* event = find_event(handle);
  if (!event) return bad_handle(handle, "the event");
  {
    std::lock_guard<std::mutex> lock(event->pool->mutex);
    event->pool->slot_taken[event->index] = false;
  }
  delete event;
  return ZE_RESULT_SUCCESS;
}

ze_result_t event_host_signal(ze_event_handle_t handle) {
  Event* event = find_event(handle);
  if (!event) return bad_handle(handle, "the event");
  const uint64_t now = now_ns();
  signal_event(event, now, now);
  return ZE_RESULT_SUCCESS;
}

ze_result_t event_host_synchronize(ze_event_handle_t handle, uint64_t timeout_ns) {
  Event* event = find_event(handle);
  if (!event) return bad_handle(handle, "the event");
  std::unique_lock<std::mutex> lock(device().signal_mutex);
  return wait_signalled(lock, timeout_ns, [&] { return event->signalled; }) ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
}

ze_result_t event_query_status(ze_event_handle_t handle) { return event_host_synchronize(handle, 0); }

ze_result_t event_host_reset(ze_event_handle_t handle) {
  Event* event = find_event(handle);
  if (!event) return bad_handle(handle, "the event");
  reset_event(event);
  return ZE_RESULT_SUCCESS;
}

ze_result_t event_query_kernel_timestamp(ze_event_handle_t handle, ze_kernel_timestamp_result_t* result) {
  Event* event = find_event(handle);
  if (!event) return bad_handle(handle, "the event");
  if (!result) return null_pointer("the timestamps to return");
  if (!(event->pool->flags & ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP))
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the event's pool was not created with KERNEL_TIMESTAMP");
  std::lock_guard<std::mutex> lock(device().signal_mutex);
  if (!event->signalled) return ZE_RESULT_NOT_READY;
  result->global = {event->start_ns, event->end_ns};
  result->context = result->global;
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator::api
