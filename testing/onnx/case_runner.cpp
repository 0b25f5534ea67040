#include "case_runner.hpp"

#include <filesystem>
#include <map>

#include "case_steps.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/runtime/core.hpp"

namespace ferry {
namespace onnx_backend {
namespace {

namespace fs = std::filesystem;

// The exception's text at `stage`, as a result.
template <typename Body>
bool attempt(Stage stage, CaseResult& result, Body&& body) {
  try {
    body();
    return true;
  } catch (const std::exception& error) {
    result = classify_error(stage, error.what());
  } catch (...) {
    result = classify_error(stage, "a non-standard exception");
  }
  return false;
}

// The model's dynamic inputs take the shapes of `data_set`'s inputs (static ones stay as they are).
void reshape_to_first_data_set(Model& model, const std::string& data_set) {
  const DataSet loaded = read_data_set(data_set);
  const auto& parameters = model.get_parameters();
  std::map<size_t, PartialShape> shapes;
  for (size_t i = 0; i < parameters.size() && i < loaded.inputs.size(); ++i)
    if (parameters[i]->get_partial_shape().is_dynamic()) shapes.emplace(i, PartialShape(loaded.inputs[i].get_shape()));
  if (!shapes.empty()) model.reshape(shapes);
}

}  // namespace

CaseResult run_case(const BackendCase& backend_case, const std::string& device, const Tolerance& tolerance,
                    bool reshape_to_data) {
  CaseResult result;
  if (!backend_case.unsupported_reason.empty())
    return classify_error(Stage::load_data, backend_case.unsupported_reason);
  if (backend_case.data_sets.empty()) return classify_error(Stage::load_data, "the case has no test_data_set_* folder");

  Core core;
  std::shared_ptr<Model> model;
  CompiledModel compiled;
  if (!attempt(Stage::read_model, result, [&] { model = core.read_model(backend_case.model); })) return result;
  if (reshape_to_data &&
      !attempt(Stage::load_data, result, [&] { reshape_to_first_data_set(*model, backend_case.data_sets.front()); }))
    return result;
  if (!attempt(Stage::query_model, result, [&] {
        const std::string missing = unsupported_ops(*model, core.query_model(model, device));
        FERRY_ASSERT(missing.empty(), device, " does not support ", missing);
      }))
    return result;
  if (!attempt(Stage::compile_model, result, [&] { compiled = core.compile_model(model, device); })) return result;

  for (const auto& data_set : backend_case.data_sets) {
    const std::string set_name = fs::path(data_set).filename().string();
    std::vector<Tensor> inputs, expected;
    if (!attempt(Stage::load_data, result, [&] {
          DataSet loaded = read_data_set(data_set);
          inputs = std::move(loaded.inputs);
          expected = std::move(loaded.expected);
        }))
      return result;
    std::vector<Tensor> outputs;
    if (!attempt(Stage::infer, result, [&] {
          const auto model_inputs = compiled.inputs();
          FERRY_ASSERT(model_inputs.size() == inputs.size(), "the compiled model has ", model_inputs.size(),
                       " inputs, ", set_name, " holds ", inputs.size());
          FERRY_ASSERT(compiled.outputs().size() == expected.size(), "the compiled model has ",
                       compiled.outputs().size(), " outputs, ", set_name, " expects ", expected.size());
          auto request = compiled.create_infer_request();
          for (size_t i = 0; i < inputs.size(); ++i)
            request.set_input_tensor(i, as_declared(inputs[i], model_inputs[i].get_element_type()));
          request.infer();
          for (size_t i = 0; i < expected.size(); ++i) outputs.push_back(request.get_output_tensor(i));
        }))
      return result;
    for (size_t i = 0; i < expected.size(); ++i) {
      const std::string name = i < backend_case.outputs.size() ? backend_case.outputs[i] : "#" + std::to_string(i);
      std::optional<std::string> mismatch;
      if (!attempt(Stage::compare, result, [&] {
            const Tensor wanted = as_declared(expected[i], compiled.output(i).get_element_type());
            mismatch = compare_tensors(name, outputs[i], wanted, tolerance);
          }))
        return result;
      if (mismatch) return classify_error(Stage::compare, set_name + ": " + *mismatch);
    }
    ++result.data_sets;
  }
  result.status = Status::passed;
  result.stage = Stage::done;
  return result;
}

}  // namespace onnx_backend
}  // namespace ferry
