#include "builders.hpp"
#include "ferry/graph/ops.hpp"

namespace ferry {
namespace preprocess {

BuiltOutput build_output(const Model& model, size_t index, const OutputTensorSettings& tensor,
                         const ModelPortSettings& model_port, const StepList& steps, Trace* trace) {
  const auto& result = model.get_results().at(index);
  const Output<Node> produced = result->input_value(0);
  StepState state;
  state.where =
      "output '" + (produced.get_names().empty() ? result->get_friendly_name() : produced.get_any_name()) + "'";
  state.model_shape = produced.get_partial_shape();
  state.model_layout = model_port.layout ? *model_port.layout : result->get_layout();
  if (!state.model_layout.empty() && !layout::utils::is_compatible(state.model_layout, state.model_shape))
    step_error(state, "model().set_layout", "the layout ", state.model_layout,
               " does not fit the model output's shape ", state.model_shape);
  state.default_type = tensor.element_type ? *tensor.element_type : element::undefined;
  state.default_layout = tensor.layout ? *tensor.layout : Layout();
  state.layout = state.model_layout;
  state.color_format = model_port.color_format;
  state.set_value(produced);
  if (trace) {
    trace->model = describe(state);
    state.trace = trace;
  }

  apply_steps(steps, state);
  if (tensor.layout && state.layout.empty() && !tensor.layout->empty())
    step_error(state, "tensor().set_layout", "the model output's layout is not known, so it cannot become ",
               *tensor.layout, "; set model().set_layout");
  finish_implicitly(state, state.default_type, state.default_layout);
  if (trace) trace->tensors = {describe(state)};
  BuiltOutput built;
  built.index = index;
  built.value = state.value();
  built.layout = state.layout;
  return built;
}

}  // namespace preprocess
}  // namespace ferry
