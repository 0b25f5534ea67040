#pragma once

// Runs one backend test case in this process: read_model -> query_model -> compile_model ->
// infer for every data set -> compare. Errors become results (see classify_error); a crash
// takes the process down, which is why the suite calls this in a child process.
#include <string>

#include "backend_case.hpp"
#include "case_result.hpp"
#include "tensor_compare.hpp"

namespace ferry {
namespace onnx_backend {

// `reshape_to_data`: dynamic model inputs take the shapes of the first data set's inputs before
// query_model and compile_model (for devices with static graphs).
CaseResult run_case(const BackendCase& backend_case, const std::string& device, const Tolerance& tolerance = {},
                    bool reshape_to_data = false);

}  // namespace onnx_backend
}  // namespace ferry
