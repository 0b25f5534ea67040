#pragma once

// A crash of the device under test names itself: on SIGSEGV, SIGBUS, SIGFPE, SIGILL or SIGABRT
// the suite writes the signal, the test that was running and a backtrace to stderr, then dies of
// the same signal (the exit status is unchanged). An intermittent crash in CI then leaves a stack
// to read. Not installed in sanitizer builds, whose own handlers report more.

namespace ferry::conformance {

void report_fatal_signals();

}  // namespace ferry::conformance
