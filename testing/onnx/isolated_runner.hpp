#pragma once

// Runs cases in forked child processes, `jobs` at a time, so that a crash, an abort or a hang in
// one case becomes that case's `crashed` result and the run goes on. The parent process never
// creates a Core: it holds no threads or plugins when it forks.
#include <functional>
#include <string>
#include <vector>

#include "backend_case.hpp"
#include "case_result.hpp"
#include "tensor_compare.hpp"

namespace ferry {
namespace onnx_backend {

struct RunSettings {
  std::string device;
  size_t jobs = 1;
  double timeout_s = 60;
  Tolerance tolerance;
};

// Called in the parent as each case finishes (in completion order).
using OnResult = std::function<void(size_t case_index, const CaseResult& result)>;

// `body` runs in the child; its result comes back through a pipe. Results in case order.
using CaseBody = std::function<CaseResult(const BackendCase&)>;
std::vector<CaseResult> run_isolated(const std::vector<BackendCase>& cases, const RunSettings& settings,
                                     const CaseBody& body, const OnResult& on_result = {});

// The text a child sends back and its parsing (exposed for tests).
std::string serialize_result(const CaseResult& result);
bool parse_result(const std::string& text, CaseResult& result);

// Why a child that sent no result ended: "killed by signal 11 (Segmentation fault)", "exited
// with status 3", plus the last line it wrote to stderr when there is one.
std::string describe_exit(int wait_status, const std::string& stderr_tail);

}  // namespace onnx_backend
}  // namespace ferry
