#include "last_error.hpp"

namespace ferry::npu::simulator {
namespace {

// The message dies with its thread, and the main thread's at exit, before exit-time destructors
// of the application (a static ferry::Core) release objects and may fail: `ended` (trivially
// destructible, so usable until the thread is gone) says when it no longer exists.
thread_local bool ended = false;
struct LastMessage {
  std::string text;
  ~LastMessage() { ended = true; }
};
thread_local LastMessage last_message;

}  // namespace

ze_result_t fail(ze_result_t code, std::string message) {
  if (!ended) last_message.text = std::move(message);
  return code;
}

const char* last_error() { return ended ? "" : last_message.text.c_str(); }

}  // namespace ferry::npu::simulator
