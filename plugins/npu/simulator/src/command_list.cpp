#include "command_list.hpp"

#include "last_error.hpp"

namespace ferry::npu::simulator {

ze_result_t append_command(CommandList* list, Command command) {
  if (list->immediate) {
    auto single = std::make_shared<CommandSequence>();
    single->push_back(std::move(command));
    const uint64_t sequence = list->worker->submit({std::move(single)});
    if (list->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS) list->worker->wait(sequence, UINT64_MAX);
    return ZE_RESULT_SUCCESS;
  }
  std::lock_guard<std::mutex> lock(list->mutex);
  if (list->closed)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the command list is closed: reset it to record again");
  list->commands->push_back(std::move(command));
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator
