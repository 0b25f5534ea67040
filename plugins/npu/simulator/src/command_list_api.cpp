// zeCommandList*: regular and immediate command lists and what can be appended to them.
#include <cstring>

#include "api.hpp"
#include "command_builder.hpp"
#include "command_list.hpp"
#include "command_queue.hpp"
#include "handle_checks.hpp"
#include "plugins/cpu/src/engine/device_copy.hpp"

namespace ferry::npu::simulator::api {
namespace {

CommandList* create_list(Context* context, bool immediate, ze_command_queue_mode_t mode) {
  ++context->children;
  return new CommandList(context, immediate, mode);
}

// The common tail of every append: read the events, then record or run the command.
ze_result_t append(CommandList* list, ze_event_handle_t signal, uint32_t wait_count, ze_event_handle_t* waits,
                   std::function<void()> work) {
  CommandEvents events;
  const ze_result_t read = read_command_events(list, signal, wait_count, waits, events);
  if (read != ZE_RESULT_SUCCESS) return read;
  return append_command(list, make_command(std::move(events), std::move(work)));
}

bool overlap(const void* a, const void* b, size_t size) {
  const auto x = reinterpret_cast<uintptr_t>(a);
  const auto y = reinterpret_cast<uintptr_t>(b);
  return x < y + size && y < x + size;
}

ze_result_t append_copy(CommandList* list, void* destination, const Context* source_context, const void* source,
                        size_t size, ze_event_handle_t signal, uint32_t wait_count, ze_event_handle_t* waits) {
  ze_result_t checked = check_memory_range(list->context, destination, size, "the copy's destination");
  if (checked != ZE_RESULT_SUCCESS) return checked;
  checked = check_memory_range(source_context, source, size, "the copy's source");
  if (checked != ZE_RESULT_SUCCESS) return checked;
  if (size && overlap(destination, source, size))
    return fail(ZE_RESULT_ERROR_OVERLAPPING_REGIONS, "the copy's source and destination overlap");
  return append(list, signal, wait_count, waits, [destination, source, size] {
    cpu::engine::device_copy(destination, source, size, device().copied_bytes);
  });
}

}  // namespace

#define FIND_LIST_OR_FAIL(list, handle)          \
  CommandList* list = find_command_list(handle); \
  if (!list) return bad_handle(handle, "the command list")

ze_result_t command_list_create(ze_context_handle_t context_handle, ze_device_handle_t device,
                                const ze_command_list_desc_t* desc, ze_command_list_handle_t* list) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!is_device(device)) return bad_handle(device, "the device");
  if (!desc) return null_pointer("the command list descriptor");
  if (!list) return null_pointer("the command list to return");
  if (desc->commandQueueGroupOrdinal != 0)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "queue group ordinal " +
                                                      std::to_string(desc->commandQueueGroupOrdinal) +
                                                      " does not exist (the device has one group)");
  *list = reinterpret_cast<ze_command_list_handle_t>(create_list(context, false, ZE_COMMAND_QUEUE_MODE_DEFAULT));
  return ZE_RESULT_SUCCESS;
}

ze_result_t command_list_create_immediate(ze_context_handle_t context_handle, ze_device_handle_t device,
                                          const ze_command_queue_desc_t* desc, ze_command_list_handle_t* list) {
  Context* context = find_context(context_handle);
  if (!context) return bad_handle(context_handle, "the context");
  if (!is_device(device)) return bad_handle(device, "the device");
  const ze_result_t checked = check_queue_desc(desc);
  if (checked != ZE_RESULT_SUCCESS) return checked;
  if (!list) return null_pointer("the command list to return");
  *list = reinterpret_cast<ze_command_list_handle_t>(create_list(context, true, desc->mode));
  return ZE_RESULT_SUCCESS;
}

ze_result_t command_list_destroy(ze_command_list_handle_t handle) {
  FIND_LIST_OR_FAIL(list, handle);
  --list->context->children;
  delete list;  // executions already submitted hold their own snapshot of the commands
  return ZE_RESULT_SUCCESS;
}

ze_result_t command_list_close(ze_command_list_handle_t handle) {
  FIND_LIST_OR_FAIL(list, handle);
  std::lock_guard<std::mutex> lock(list->mutex);
  list->closed = true;
  return ZE_RESULT_SUCCESS;
}

ze_result_t command_list_reset(ze_command_list_handle_t handle) {
  FIND_LIST_OR_FAIL(list, handle);
  if (list->immediate) {
    list->worker->wait_idle(UINT64_MAX);
    return ZE_RESULT_SUCCESS;
  }
  std::lock_guard<std::mutex> lock(list->mutex);
  list->commands = std::make_shared<CommandSequence>();  // queues may still run the old one
  list->closed = false;
  return ZE_RESULT_SUCCESS;
}

ze_result_t command_list_append_barrier(ze_command_list_handle_t handle, ze_event_handle_t signal, uint32_t wait_count,
                                        ze_event_handle_t* waits) {
  FIND_LIST_OR_FAIL(list, handle);
  // Commands run in order on one worker: a barrier is its waits and its signal.
  return append(list, signal, wait_count, waits, nullptr);
}

ze_result_t command_list_append_memory_ranges_barrier(ze_command_list_handle_t handle, uint32_t range_count,
                                                      const size_t* range_sizes, const void** ranges,
                                                      ze_event_handle_t signal, uint32_t wait_count,
                                                      ze_event_handle_t* waits) {
  FIND_LIST_OR_FAIL(list, handle);
  if (range_count && (!range_sizes || !ranges)) return null_pointer("the memory ranges");
  return append(list, signal, wait_count, waits, nullptr);
}

ze_result_t command_list_append_memory_copy(ze_command_list_handle_t handle, void* destination, const void* source,
                                            size_t size, ze_event_handle_t signal, uint32_t wait_count,
                                            ze_event_handle_t* waits) {
  FIND_LIST_OR_FAIL(list, handle);
  return append_copy(list, destination, list->context, source, size, signal, wait_count, waits);
}

ze_result_t command_list_append_memory_copy_from_context(ze_command_list_handle_t handle, void* destination,
                                                         ze_context_handle_t source_context_handle, const void* source,
                                                         size_t size, ze_event_handle_t signal, uint32_t wait_count,
                                                         ze_event_handle_t* waits) {
  FIND_LIST_OR_FAIL(list, handle);
  Context* source_context = find_context(source_context_handle);
  if (!source_context) return bad_handle(source_context_handle, "the source context");
  return append_copy(list, destination, source_context, source, size, signal, wait_count, waits);
}

ze_result_t command_list_append_memory_fill(ze_command_list_handle_t handle, void* destination, const void* pattern,
                                            size_t pattern_size, size_t size, ze_event_handle_t signal,
                                            uint32_t wait_count, ze_event_handle_t* waits) {
  FIND_LIST_OR_FAIL(list, handle);
  if (!pattern) return null_pointer("the fill pattern");
  if (pattern_size == 0 || (pattern_size & (pattern_size - 1)) || pattern_size > kMaxFillPatternSize)
    return fail(ZE_RESULT_ERROR_INVALID_SIZE, "a fill pattern of " + std::to_string(pattern_size) +
                                                  " bytes (a power of two up to " +
                                                  std::to_string(kMaxFillPatternSize) + " is needed)");
  if (size % pattern_size)
    return fail(ZE_RESULT_ERROR_INVALID_SIZE, "a fill of " + std::to_string(size) +
                                                  " bytes is not a multiple of its pattern's " +
                                                  std::to_string(pattern_size));
  const ze_result_t checked = check_memory_range(list->context, destination, size, "the fill's destination");
  if (checked != ZE_RESULT_SUCCESS) return checked;
  // The pattern is read now: the caller may reuse its memory once the call returns.
  std::vector<unsigned char> bytes(static_cast<const unsigned char*>(pattern),
                                   static_cast<const unsigned char*>(pattern) + pattern_size);
  return append(list, signal, wait_count, waits, [destination, size, bytes = std::move(bytes)] {
    auto* out = static_cast<unsigned char*>(destination);
    for (size_t offset = 0; offset < size; offset += bytes.size())
      std::memcpy(out + offset, bytes.data(), bytes.size());
  });
}

ze_result_t command_list_append_write_global_timestamp(ze_command_list_handle_t handle, uint64_t* destination,
                                                       ze_event_handle_t signal, uint32_t wait_count,
                                                       ze_event_handle_t* waits) {
  FIND_LIST_OR_FAIL(list, handle);
  const ze_result_t checked =
      check_memory_range(list->context, destination, sizeof(uint64_t), "the timestamp's destination");
  if (checked != ZE_RESULT_SUCCESS) return checked;
  return append(list, signal, wait_count, waits, [destination] { *destination = now_ns(); });
}

ze_result_t command_list_append_memory_prefetch(ze_command_list_handle_t handle, const void* pointer, size_t size) {
  FIND_LIST_OR_FAIL(list, handle);
  return check_memory_range(list->context, pointer, size, "the memory to prefetch");  // resident already
}

ze_result_t command_list_append_mem_advise(ze_command_list_handle_t handle, ze_device_handle_t device,
                                           const void* pointer, size_t size, ze_memory_advice_t advice) {
  FIND_LIST_OR_FAIL(list, handle);
  if (!is_device(device)) return bad_handle(device, "the device");
  if (advice > ZE_MEMORY_ADVICE_BIAS_UNCACHED)
    return fail(ZE_RESULT_ERROR_INVALID_ENUMERATION, "unknown memory advice");
  return check_memory_range(list->context, pointer, size, "the memory advised on");  // one memory: no effect
}

ze_result_t command_list_append_signal_event(ze_command_list_handle_t handle, ze_event_handle_t event) {
  FIND_LIST_OR_FAIL(list, handle);
  if (!event) return bad_handle(event, "the event to signal");
  return append(list, event, 0, nullptr, nullptr);
}

ze_result_t command_list_append_wait_on_events(ze_command_list_handle_t handle, uint32_t count,
                                               ze_event_handle_t* events) {
  FIND_LIST_OR_FAIL(list, handle);
  return append(list, nullptr, count, events, nullptr);
}

ze_result_t command_list_append_event_reset(ze_command_list_handle_t handle, ze_event_handle_t event_handle) {
  FIND_LIST_OR_FAIL(list, handle);
  Event* event = find_event(event_handle);
  if (!event) return bad_handle(event_handle, "the event to reset");
  if (event->pool->context != list->context)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the event to reset is of another context");
  return append(list, nullptr, 0, nullptr, [event] { reset_event(event); });
}

}  // namespace ferry::npu::simulator::api
