#pragma once

#include <level_zero/ze_api.h>

#include <memory>
#include <mutex>

#include "context.hpp"
#include "live_handles.hpp"
#include "worker.hpp"

namespace ferry::npu::simulator {

// A command list. A regular list records commands until closed, then runs on queues (each
// execution runs a snapshot, so reset or destroy after submission is safe); an immediate list
// hands each command to its own worker as it is appended.
struct CommandList : Live<CommandList> {
  CommandList(Context* context, bool immediate, ze_command_queue_mode_t mode)
      : context(context), immediate(immediate), mode(mode) {
    if (immediate) worker = std::make_unique<Worker>();
  }
  Context* const context;
  const bool immediate;
  const ze_command_queue_mode_t mode;  // immediate lists: synchronous or not
  std::mutex mutex;                    // guards commands and closed
  std::shared_ptr<CommandSequence> commands = std::make_shared<CommandSequence>();
  bool closed = false;
  std::unique_ptr<Worker> worker;
};

inline CommandList* find_command_list(ze_command_list_handle_t handle) {
  return LiveHandles<CommandList>::find(handle);
}

// Records `command` (regular list) or runs it (immediate list, waiting when synchronous).
ze_result_t append_command(CommandList* list, Command command);

}  // namespace ferry::npu::simulator
