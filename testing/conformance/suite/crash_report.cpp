#include "crash_report.hpp"

#include <execinfo.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstring>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FERRY_SANITIZER_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FERRY_SANITIZER_BUILD 1
#endif
#endif

namespace ferry::conformance {
namespace {

void write_text(const char* text) {
  if (write(STDERR_FILENO, text, std::strlen(text)) < 0) return;
}

void on_fatal_signal(int signal_number) {
  // The process is going down: best effort, mostly async-signal-safe calls.
  write_text("\n[ferry conformance] fatal signal ");
  write_text(strsignal(signal_number));
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  if (test) {
    write_text(" during ");
    write_text(test->test_suite_name());
    write_text(".");
    write_text(test->name());
  }
  write_text("; backtrace:\n");
  void* frames[64];
  backtrace_symbols_fd(frames, backtrace(frames, 64), STDERR_FILENO);
  raise(signal_number);  // SA_RESETHAND: the default action now
}

}  // namespace

void report_fatal_signals() {
#ifndef FERRY_SANITIZER_BUILD
  void* warm_up[1];
  backtrace(warm_up, 1);  // loads libgcc's unwinder now, not inside the handler
  struct sigaction action {};
  action.sa_handler = on_fatal_signal;
  action.sa_flags = SA_RESETHAND | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (int signal_number : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(signal_number, &action, nullptr);
#endif
}

}  // namespace ferry::conformance
