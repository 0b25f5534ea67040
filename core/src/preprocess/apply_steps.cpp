#include <numeric>
#include <sstream>

#include "builders.hpp"
#include "ferry/graph/ops.hpp"
#include "layout_axes.hpp"
#include "steps.hpp"

namespace ferry {
namespace preprocess {
namespace {

const std::string kPrefix = "PrePostProcessor: ";

void run_step(const std::string& name, const std::function<void(StepState&)>& apply, StepState& state,
              const std::string& label = {}, bool implicit = false) {
  const std::string before = state.trace ? describe(state) : std::string();
  std::vector<std::string>* trace = nullptr;
  if (state.trace) {
    trace = implicit ? &state.trace->implicit_steps : &state.trace->steps;
    trace->push_back((label.empty() ? name : label) + ": (" + before + ") -> (failed)");
  }
  try {
    apply(state);
  } catch (const Exception& e) {
    const std::string message = e.what();
    if (message.rfind(kPrefix, 0) == 0) throw;
    step_error(state, name, message);
  }
  if (trace) trace->back() = (label.empty() ? name : label) + ": (" + before + ") -> (" + describe(state) + ")";
}

}  // namespace

std::string describe(const PartialShape& shape, const Layout& layout, const element::Type& type,
                     ColorFormat color_format) {
  std::ostringstream text;
  text << shape << ", " << (layout.empty() ? std::string("<no layout>") : layout.to_string()) << ", " << type;
  if (color_format != ColorFormat::UNDEFINED) text << ", " << enum_to_string(color_format);
  return text.str();
}

void apply_steps(const StepList& steps, StepState& state) {
  for (const auto& step : steps.steps) run_step(step.name, step.apply, state, step.label);
}

void finish_implicitly(StepState& state, const element::Type& type, const Layout& layout) {
  if (type.is_static() && state.value().get_element_type() != type) {
    const Step step = convert_element_type_step(type);
    run_step("implicit convert_element_type", step.apply, state, step.label, true);
  }
  if (!layout.empty() && !state.layout.empty() && layout != state.layout) {
    const Step step = convert_layout_step(layout);
    run_step("implicit convert_layout", step.apply, state, step.label, true);
  }
}

}  // namespace preprocess
}  // namespace ferry
