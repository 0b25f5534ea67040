#pragma once

// The outcome of one backend test case and the rule that turns an error into an outcome.
#include <string>
#include <vector>

namespace ferry {
namespace onnx_backend {

enum class Status { passed, failed, unsupported, crashed };

const char* status_name(Status status);  // "passed", "failed", ...

// Where in read_model -> compile_model -> infer -> compare a case stopped.
enum class Stage { load_data, read_model, query_model, compile_model, infer, compare, done };

const char* stage_name(Stage stage);

struct CaseResult {
  Status status = Status::crashed;
  Stage stage = Stage::done;
  std::string message;   // empty when passed; the cause otherwise (first mismatch, error text)
  size_t data_sets = 0;  // data sets run to completion
};

// An exception thrown at `stage` with `message`: conversion errors (read_model) and ops the
// device declines (query_model, or compile_model saying "not supported") are `unsupported`;
// anything else is a `failed` case, since the runtime accepted the model and then got it wrong.
CaseResult classify_error(Stage stage, const std::string& message);

// The first line of `text`, for one-line reasons in lists and tables.
std::string first_line(const std::string& text);

}  // namespace onnx_backend
}  // namespace ferry
