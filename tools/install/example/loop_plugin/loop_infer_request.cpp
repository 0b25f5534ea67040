#include "loop_infer_request.hpp"

#include <algorithm>

#include "loop_compiled_model.hpp"

namespace loop_device {

LoopInferRequest::LoopInferRequest(const std::shared_ptr<const LoopCompiledModel>& compiled_model)
    : ISyncInferRequest(compiled_model), m_compiled_model(compiled_model) {
  const LoopProgram& program = compiled_model->program();
  for (size_t slot = 0; slot < program.slot_sizes.size(); ++slot)
    m_slots.push_back(program.constants[slot].empty() ? std::vector<float>(program.slot_sizes[slot])
                                                      : program.constants[slot]);
}

void LoopInferRequest::infer() {
  check_tensors();  // bound, right type and shape: the base class knows the ports
  const LoopProgram& program = m_compiled_model->program();
  for (size_t i = 0; i < program.input_slots.size(); ++i) {
    const ferry::Tensor& input = input_tensor(i);
    const float* data = input.data<const float>();
    std::copy(data, data + input.get_size(), m_slots[program.input_slots[i]].begin());
  }
  for (const LoopProgram::Step& step : program.steps) {
    const std::vector<float>& a = m_slots[step.a];
    std::vector<float>& out = m_slots[step.out];
    if (step.kind == LoopProgram::Step::Kind::RELU) {
      for (size_t k = 0; k < out.size(); ++k) out[k] = a[k] > 0 ? a[k] : 0.0f;
    } else {
      const std::vector<float>& b = m_slots[step.b];
      for (size_t k = 0; k < out.size(); ++k) out[k] = a[k] + b[k];
    }
  }
  for (size_t i = 0; i < program.output_slots.size(); ++i) {
    const std::vector<float>& values = m_slots[program.output_slots[i]];
    std::copy(values.begin(), values.end(), output_tensor(i).data<float>());
  }
}

}  // namespace loop_device
