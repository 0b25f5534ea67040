#include "runner_outcome.hpp"

#include <cstring>

namespace ferry::conformance::runner {

const char* status_name(Status status) {
  switch (status) {
    case Status::PASSED:
      return "passed";
    case Status::FAILED:
      return "failed";
    case Status::SKIPPED:
      return "skipped";
    case Status::UNSUPPORTED:
      return "unsupported";
    case Status::CRASHED:
      return "crashed";
    case Status::TIMED_OUT:
      return "timed out";
  }
  return "?";
}

std::string describe(const Outcome& outcome) {
  if (outcome.status == Status::SKIPPED && outcome.skip_list) return "skipped (skip list): " + outcome.detail;
  if (outcome.status == Status::SKIPPED || outcome.status == Status::UNSUPPORTED)
    return std::string(status_name(outcome.status)) + ": " + one_line(outcome.detail);
  return status_name(outcome.status);
}

std::string category_of(const std::string& test) {
  std::string suite = test.substr(0, test.find('.'));
  const auto slash = suite.find('/');
  return slash == std::string::npos ? suite : suite.substr(slash + 1);
}

std::string skip_reason(const std::string& log) {
  // GoogleTest prints "<file>:<line>: Skipped\n<message>\n\n[  SKIPPED ] ...".
  const auto at = log.find("Skipped\n");
  if (at == std::string::npos) return "no reason given";
  const auto begin = at + 8, end = log.find("\n[  SKIPPED", begin);
  std::string reason = log.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  while (!reason.empty() && (reason.back() == '\n' || reason.back() == ' ')) reason.pop_back();
  return reason.empty() ? "no reason given" : reason;
}

std::string failure_text(const std::string& log) {
  // Between the test's "[ RUN      ] name" line and its "[  FAILED  ] name" line.
  const auto run = log.find("[ RUN      ]");
  const auto begin = run == std::string::npos ? 0 : log.find('\n', run);
  const auto end = log.find("[  FAILED  ]", begin == std::string::npos ? 0 : begin);
  if (begin == std::string::npos) return log;
  std::string text = log.substr(begin + 1, end == std::string::npos ? std::string::npos : end - begin - 1);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text.empty() ? log : text;
}

std::string one_line(std::string text, size_t limit) {
  for (char& c : text)
    if (c == '\n' || c == '\r' || c == '|') c = ' ';
  return text.size() > limit ? text.substr(0, limit) + "..." : text;
}

Outcome classify(const std::string& test, const ProcessResult& result, const std::string& log, int timeout_s) {
  Outcome outcome{test, Status::PASSED, "", result.seconds};
  const bool skipped = log.find("[  SKIPPED ] 1 test") != std::string::npos;
  if (result.timed_out) {
    outcome.status = Status::TIMED_OUT;
    outcome.detail = "killed after " + std::to_string(timeout_s) + " s";
  } else if (result.signal != 0) {
    outcome.status = Status::CRASHED;
    outcome.detail = std::string("signal ") + strsignal(result.signal);
  } else if (result.exit_code == 0 && skipped) {
    outcome.detail = skip_reason(log);
    outcome.status = outcome.detail.rfind("unsupported", 0) == 0 ? Status::UNSUPPORTED : Status::SKIPPED;
  } else if (result.exit_code == 0 && log.find("[  PASSED  ] 1 test") != std::string::npos) {
    outcome.status = Status::PASSED;
  } else if (result.exit_code == 1 && log.find("[  FAILED  ]") != std::string::npos) {
    outcome.status = Status::FAILED;
    outcome.detail = failure_text(log);
  } else if (result.exit_code == 0 && log.find("[  PASSED  ] 0 tests") != std::string::npos) {
    outcome.status = Status::FAILED;
    outcome.detail = "the suite ran no test of this name";
  } else {
    outcome.status = Status::CRASHED;
    outcome.detail = "exit status " + std::to_string(result.exit_code) + " without a GoogleTest result";
  }
  return outcome;
}

}  // namespace ferry::conformance::runner
