#pragma once

// build() in two phases: each described input and output is first built beside the model (new
// Parameters and step ops; nothing of the model changes, so an error leaves it as it was), then
// all are connected into it.
#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "settings.hpp"

namespace ferry {
namespace preprocess {

struct BuiltInput {
  size_t index = 0;                // of the model's Parameter it replaces
  ParameterVector parameters;      // its replacements, in order (several for planes)
  std::vector<TensorNames> names;  // each new Parameter's tensor names
  Output<Node> value;              // what the model's consumers read instead
};

struct BuiltOutput {
  size_t index = 0;
  Output<Node> value;  // what the Result reads instead
  Layout layout;       // the Result's new layout (empty: unchanged)
};

// `trace` (dump()): records the tensors and each step as they are built.
BuiltInput build_input(const Model& model, size_t index, const InputTensorSettings& tensor,
                       const ModelPortSettings& model_port, const StepList& steps, Trace* trace = nullptr);
BuiltOutput build_output(const Model& model, size_t index, const OutputTensorSettings& tensor,
                         const ModelPortSettings& model_port, const StepList& steps, Trace* trace = nullptr);
// Runs the steps in order; errors from the ops they create are given the step's name.
void apply_steps(const StepList& steps, StepState& state);
// The element type and layout conversions that remain to reach (type, layout); then checks that
// the value fits `shape`.
void finish_implicitly(StepState& state, const element::Type& type, const Layout& layout);

}  // namespace preprocess
}  // namespace ferry
