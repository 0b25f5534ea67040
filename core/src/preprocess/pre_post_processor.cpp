#include "ferry/preprocess/pre_post_processor.hpp"

#include "builders.hpp"

#include <functional>
#include <ostream>
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"

namespace ferry {
namespace preprocess {
namespace {

template <typename Ports>
size_t index_by_name(const Ports& ports, const std::string& tensor_name, const Model& model, const char* what) {
  for (size_t i = 0; i < ports.size(); ++i)
    if (ports[i].get_names().count(tensor_name)) return i;
  Exception::raise("PrePostProcessor: model '", model.get_friendly_name(), "' has no ", what, " named '", tensor_name,
                   "'");
}

template <typename Info>
Info& info_at(std::map<size_t, std::unique_ptr<Info>>& infos, size_t index) {
  auto& info = infos[index];
  if (!info) info = std::make_unique<Info>();
  return *info;
}

std::string port_name(const Output<Node>& port) {
  return port.get_names().empty() ? port.get_node()->get_friendly_name() : port.get_any_name();
}

void print_steps(std::ostream& out, const std::string& title, const std::vector<std::string>& steps) {
  if (steps.empty()) return;
  out << "    " << title << " (" << steps.size() << "):\n";
  for (const auto& step : steps) out << "      " << step << "\n";
}

}  // namespace

PrePostProcessor::PrePostProcessor(const std::shared_ptr<Model>& model) : m_model(model) {
  FERRY_ASSERT(m_model, "PrePostProcessor: the model is null");
}

PrePostProcessor::~PrePostProcessor() = default;

InputInfo& PrePostProcessor::input() {
  const size_t count = m_model->get_parameters().size();
  FERRY_ASSERT(count == 1, "PrePostProcessor: input() needs a model of one input, model '",
               m_model->get_friendly_name(), "' has ", count, "; use input(name) or input(index)");
  return input(size_t{0});
}

InputInfo& PrePostProcessor::input(const std::string& tensor_name) {
  return info_at(m_inputs, index_by_name(m_model->inputs(), tensor_name, *m_model, "input"));
}

InputInfo& PrePostProcessor::input(size_t input_index) {
  const size_t count = m_model->get_parameters().size();
  FERRY_ASSERT(input_index < count, "PrePostProcessor: model '", m_model->get_friendly_name(), "' has ", count,
               " input", count == 1 ? "" : "s", ", no input ", input_index);
  return info_at(m_inputs, input_index);
}

OutputInfo& PrePostProcessor::output() {
  const size_t count = m_model->get_results().size();
  FERRY_ASSERT(count == 1, "PrePostProcessor: output() needs a model of one output, model '",
               m_model->get_friendly_name(), "' has ", count, "; use output(name) or output(index)");
  return output(size_t{0});
}

OutputInfo& PrePostProcessor::output(const std::string& tensor_name) {
  return info_at(m_outputs, index_by_name(m_model->outputs(), tensor_name, *m_model, "output"));
}

OutputInfo& PrePostProcessor::output(size_t output_index) {
  const size_t count = m_model->get_results().size();
  FERRY_ASSERT(output_index < count, "PrePostProcessor: model '", m_model->get_friendly_name(), "' has ", count,
               " output", count == 1 ? "" : "s", ", no output ", output_index);
  return info_at(m_outputs, output_index);
}

std::shared_ptr<Model> PrePostProcessor::build() {
  // Phase 1: everything is built beside the model; an error leaves the model untouched.
  std::vector<BuiltInput> inputs;
  for (const auto& [index, info] : m_inputs)
    inputs.push_back(
        build_input(*m_model, index, *info->m_tensor.m_settings, *info->m_model.m_settings, *info->m_steps.m_steps));
  std::vector<BuiltOutput> outputs;
  for (const auto& [index, info] : m_outputs)
    outputs.push_back(
        build_output(*m_model, index, *info->m_tensor.m_settings, *info->m_model.m_settings, *info->m_steps.m_steps));

  // Phase 2: connect. Planes take the place of the input they replace, in order.
  const ParameterVector old_parameters = m_model->get_parameters();
  ParameterVector parameters;
  size_t next = 0;
  for (size_t i = 0; i < old_parameters.size(); ++i) {
    if (next < inputs.size() && inputs[next].index == i) {
      BuiltInput& built = inputs[next++];
      const auto& old = old_parameters[i];
      old->output(0).replace(built.value);
      old->output(0).set_names({});
      for (size_t k = 0; k < built.parameters.size(); ++k) {
        built.parameters[k]->output(0).set_names(built.names[k]);
        parameters.push_back(built.parameters[k]);
      }
    } else {
      parameters.push_back(old_parameters[i]);
    }
  }
  for (size_t i = 0; i < old_parameters.size(); ++i) m_model->replace_parameter(i, parameters[i]);
  m_model->add_parameters(ParameterVector(parameters.begin() + old_parameters.size(), parameters.end()));

  for (const auto& built : outputs) {
    const auto& result = m_model->get_results()[built.index];
    const Output<Node> produced = result->input_value(0);
    if (built.value != produced) {
      const TensorNames names = produced.get_names();
      produced.set_names({});
      built.value.set_names(names);
      result->input(0).replace_source_output(built.value);
    }
    result->validate_and_infer_types();
    if (!built.layout.empty()) result->set_layout(built.layout);
  }
  m_model->validate_nodes_and_infer_types();
  return m_model;
}

void PrePostProcessor::dump(std::ostream& out) const {
  const std::shared_ptr<Model> copy = m_model->clone();  // the steps are built beside the copy
  // Builds one input or output with `build` into a trace; what it would throw, or "".
  const auto traced = [](Trace& trace, const std::function<void(Trace*)>& build) {
    try {
      build(&trace);
    } catch (const Exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  for (const auto& [index, info] : m_inputs) {
    Trace trace;
    const std::string error = traced(trace, [&, index = index, &info = info](Trace* t) {
      build_input(*copy, index, *info->m_tensor.m_settings, *info->m_model.m_settings, *info->m_steps.m_steps, t);
    });
    out << "Input \"" << port_name(copy->get_parameters().at(index)->output(0)) << "\""
        << (trace.color.empty() ? std::string() : " (color " + trace.color + ")") << ":\n";
    if (trace.tensors.size() == 1) {
      out << "    User's input tensor: " << trace.tensors[0] << "\n";
    } else if (trace.tensors.size() > 1) {
      out << "    " << trace.tensors.size() << " user's tensors expected for each plane:\n";
      for (const auto& tensor : trace.tensors) out << "       " << tensor << "\n";
    }
    if (!trace.model.empty()) out << "    Model's expected tensor: " << trace.model << "\n";
    print_steps(out, "Pre-processing steps", trace.steps);
    print_steps(out, "Implicit pre-processing steps", trace.implicit_steps);
    if (!error.empty()) out << "    Error occurred: " << error << "\n";
  }
  for (const auto& [index, info] : m_outputs) {
    Trace trace;
    const std::string error = traced(trace, [&, index = index, &info = info](Trace* t) {
      build_output(*copy, index, *info->m_tensor.m_settings, *info->m_model.m_settings, *info->m_steps.m_steps, t);
    });
    out << "Output \"" << port_name(copy->get_results().at(index)->input_value(0)) << "\":\n";
    if (!trace.model.empty()) out << "    Model's data tensor: " << trace.model << "\n";
    print_steps(out, "Post-processing steps", trace.steps);
    print_steps(out, "Post-processing implicit steps", trace.implicit_steps);
    if (!trace.tensors.empty()) out << "    User's output tensor: " << trace.tensors[0] << "\n";
    if (!error.empty()) out << "    Error occurred: " << error << "\n";
  }
}

std::ostream& operator<<(std::ostream& out, const PrePostProcessor& processor) {
  processor.dump(out);
  return out;
}

}  // namespace preprocess
}  // namespace ferry
