#include "case_result.hpp"

namespace ferry {
namespace onnx_backend {

const char* status_name(Status status) {
  switch (status) {
    case Status::passed:
      return "passed";
    case Status::failed:
      return "failed";
    case Status::unsupported:
      return "unsupported";
    case Status::crashed:
      return "crashed";
  }
  return "?";
}

const char* stage_name(Stage stage) {
  switch (stage) {
    case Stage::load_data:
      return "load_data";
    case Stage::read_model:
      return "read_model";
    case Stage::query_model:
      return "query_model";
    case Stage::compile_model:
      return "compile_model";
    case Stage::infer:
      return "infer";
    case Stage::compare:
      return "compare";
    case Stage::done:
      return "done";
  }
  return "?";
}

namespace {

bool says_unsupported(const std::string& message) {
  for (const char* phrase : {"not supported", "unsupported", "no converter", "cannot compile"})
    if (message.find(phrase) != std::string::npos) return true;
  return false;
}

}  // namespace

CaseResult classify_error(Stage stage, const std::string& message) {
  CaseResult result;
  result.stage = stage;
  result.message = message;
  switch (stage) {
    case Stage::load_data:  // sequences, optionals, element types the referee cannot hold
    case Stage::read_model:
    case Stage::query_model:
      result.status = Status::unsupported;
      break;
    case Stage::compile_model:
      result.status = says_unsupported(message) ? Status::unsupported : Status::failed;
      break;
    default:
      result.status = Status::failed;
      break;
  }
  return result;
}

std::string first_line(const std::string& text) {
  const auto end = text.find('\n');
  return end == std::string::npos ? text : text.substr(0, end);
}

}  // namespace onnx_backend
}  // namespace ferry
