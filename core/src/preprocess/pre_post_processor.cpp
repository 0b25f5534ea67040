#include "ferry/preprocess/pre_post_processor.hpp"

#include "builders.hpp"
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

}  // namespace preprocess
}  // namespace ferry
