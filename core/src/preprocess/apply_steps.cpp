#include <numeric>

#include "builders.hpp"
#include "ferry/graph/ops.hpp"
#include "layout_axes.hpp"
#include "steps.hpp"

namespace ferry {
namespace preprocess {
namespace {

const std::string kPrefix = "PrePostProcessor: ";

void run_step(const std::string& name, const std::function<void(StepState&)>& apply, StepState& state) {
  try {
    apply(state);
  } catch (const Exception& e) {
    const std::string message = e.what();
    if (message.rfind(kPrefix, 0) == 0) throw;
    step_error(state, name, message);
  }
}

}  // namespace

void apply_steps(const StepList& steps, StepState& state) {
  for (const auto& step : steps.steps) run_step(step.name, step.apply, state);
}

void finish_implicitly(StepState& state, const element::Type& type, const Layout& layout) {
  if (type.is_static() && state.value().get_element_type() != type)
    run_step("implicit convert_element_type", convert_element_type_step(type).apply, state);
  if (!layout.empty() && !state.layout.empty() && layout != state.layout)
    run_step("implicit convert_layout", convert_layout_step(layout).apply, state);
}

}  // namespace preprocess
}  // namespace ferry
