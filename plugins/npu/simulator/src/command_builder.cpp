#include "command_builder.hpp"

#include <string>

#include "allocation_table.hpp"
#include "device.hpp"
#include "handle_checks.hpp"

namespace ferry::npu::simulator {

ze_result_t read_command_events(const CommandList* list, ze_event_handle_t signal, uint32_t wait_count,
                                ze_event_handle_t* waits, CommandEvents& events) {
  if (signal) {
    events.signal = find_event(signal);
    if (!events.signal) return bad_handle(signal, "the event to signal");
    if (events.signal->pool->context != list->context)
      return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the event to signal is of another context");
  }
  if (wait_count && !waits) return null_pointer("the events to wait on");
  for (uint32_t i = 0; i < wait_count; ++i) {
    Event* event = find_event(waits[i]);
    if (!event) return bad_handle(waits[i], "an event to wait on");
    if (event->pool->context != list->context)
      return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "an event to wait on is of another context");
    events.waits.push_back(event);
  }
  return ZE_RESULT_SUCCESS;
}

Command make_command(CommandEvents events, std::function<void()> work) {
  return [events = std::move(events), work = std::move(work)](const bool& stopping) {
    if (!events.waits.empty()) {
      std::unique_lock<std::mutex> lock(device().signal_mutex);
      auto all_signalled = [&] {
        for (const Event* event : events.waits)
          if (!event->signalled) return false;
        return true;
      };
      device().signalled.wait(lock, [&] { return stopping || all_signalled(); });
      if (stopping) return false;
    }
    const uint64_t start = now_ns();
    if (work) work();
    if (events.signal) signal_event(events.signal, start, now_ns());
    return true;
  };
}

ze_result_t check_memory_range(const Context* context, const void* pointer, size_t size, const char* what) {
  if (!pointer) return null_pointer(what);
  std::optional<Allocation> allocation = allocations().find(pointer);
  if (!allocation) return ZE_RESULT_SUCCESS;
  if (allocation->context != context)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, std::string(what) + " is memory of another context");
  const size_t offset = static_cast<const char*>(pointer) - static_cast<const char*>(allocation->base);
  if (size > allocation->size - offset)
    return fail(ZE_RESULT_ERROR_INVALID_SIZE, std::string(what) + ": " + std::to_string(size) + " bytes at offset " +
                                                  std::to_string(offset) + " run past the end of its allocation of " +
                                                  std::to_string(allocation->size) + " bytes");
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator
