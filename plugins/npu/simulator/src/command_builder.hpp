#pragma once

#include <level_zero/ze_api.h>

#include <functional>
#include <vector>

#include "command_list.hpp"
#include "event.hpp"

namespace ferry::npu::simulator {

// The events an append names (one to signal, several to wait on), checked against the list.
struct CommandEvents {
  Event* signal = nullptr;
  std::vector<Event*> waits;
};

// Checks that the events are live and of the list's context.
ze_result_t read_command_events(const CommandList* list, ze_event_handle_t signal, uint32_t wait_count,
                                ze_event_handle_t* waits, CommandEvents& events);

// A command that waits for `events.waits`, does `work` (may be empty: a barrier), then
// signals `events.signal` with the work's timestamps.
Command make_command(CommandEvents events, std::function<void()> work);

// Checks `size` bytes at `pointer` for a command of a list in `context`: memory of another
// context and ranges that run past their allocation's end are refused; other host memory is
// accepted (the device computes in host memory).
ze_result_t check_memory_range(const Context* context, const void* pointer, size_t size, const char* what);

}  // namespace ferry::npu::simulator
