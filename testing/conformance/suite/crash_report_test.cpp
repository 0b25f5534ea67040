#include "crash_report.hpp"

#include <gtest/gtest.h>
#include <signal.h>

namespace ferry::conformance {
namespace {

#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
TEST(CrashReport, AFatalSignalNamesTheTestAndDiesOfTheSameSignal) {
  EXPECT_EXIT(
      {
        report_fatal_signals();
        raise(SIGSEGV);
      },
      ::testing::KilledBySignal(SIGSEGV),
      "fatal signal Segmentation fault during CrashReport.AFatalSignalNamesTheTestAndDiesOfTheSameSignal; "
      "backtrace:\n.*");
}
#endif

}  // namespace
}  // namespace ferry::conformance
