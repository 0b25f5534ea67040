#include "command_list.hpp"

#include "device.hpp"
#include "last_error.hpp"

namespace ferry::npu::simulator {

ze_result_t append_command(CommandList* list, Command command) {
  if (list->immediate) {
    auto single = std::make_shared<CommandSequence>();
    single->push_back(std::move(command));
    const bool synchronous = list->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
    // A synchronous list reports the command's failure from the append; an asynchronous one
    // only signals the command's event (it has no fence).
    const uint64_t sequence = list->worker->submit({std::move(single)}, synchronous);
    if (!synchronous) return ZE_RESULT_SUCCESS;
    list->worker->wait(sequence, UINT64_MAX);
    std::lock_guard<std::mutex> lock(device().signal_mutex);
    const BatchFailure* failure = list->worker->failure(sequence);
    if (!failure) return ZE_RESULT_SUCCESS;
    const ze_result_t result = fail(failure->result, failure->message);
    list->worker->forget_failure(sequence);
    return result;
  }
  std::lock_guard<std::mutex> lock(list->mutex);
  if (list->closed)
    return fail(ZE_RESULT_ERROR_INVALID_ARGUMENT, "the command list is closed: reset it to record again");
  list->commands->push_back(std::move(command));
  return ZE_RESULT_SUCCESS;
}

}  // namespace ferry::npu::simulator
