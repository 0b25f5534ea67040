#include "device_copy.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/value/tensor.hpp"
#include "step.hpp"

namespace ferry::cpu::engine {
namespace {

// Tensors viewing each slot's memory as the op sees it (its own input and output types and
// shapes: a slot may hold a value under another shape, a Reshape's input for its output), remade
// only when the slot moved (a caller's argument).
class SlotViews {
 public:
  SlotViews(const std::vector<size_t>& slots, std::vector<std::pair<element::Type, Shape>> ports,
            const ExecutionMemory& memory)
      : m_slots(slots), m_ports(std::move(ports)), m_memory(memory) {
    // A caller's argument has no address before the first execution.
    for (size_t i = 0; i < m_slots.size(); ++i) m_views.push_back(m_memory.address[m_slots[i]] ? view(i) : Tensor());
  }

  const TensorVector& current() {
    for (size_t i = 0; i < m_slots.size(); ++i)
      if (!m_views[i] || m_views[i].data() != m_memory.address[m_slots[i]]) m_views[i] = view(i);
    return m_views;
  }

 private:
  Tensor view(size_t i) const { return Tensor(m_ports[i].first, m_ports[i].second, m_memory.address[m_slots[i]]); }

  const std::vector<size_t>& m_slots;
  std::vector<std::pair<element::Type, Shape>> m_ports;
  const ExecutionMemory& m_memory;
  TensorVector m_views;
};

std::vector<std::pair<element::Type, Shape>> input_ports(const Node& node) {
  std::vector<std::pair<element::Type, Shape>> ports;
  for (size_t i = 0; i < node.get_input_size(); ++i)
    ports.emplace_back(node.get_input_element_type(i), node.get_input_shape(i));
  return ports;
}

std::vector<std::pair<element::Type, Shape>> output_ports(const Node& node) {
  std::vector<std::pair<element::Type, Shape>> ports;
  for (size_t i = 0; i < node.get_output_size(); ++i)
    ports.emplace_back(node.get_output_element_type(i), node.get_output_shape(i));
  return ports;
}

class ReferenceBinding : public StepBinding {
 public:
  ReferenceBinding(const Step& step, ExecutionMemory& memory)
      : m_step(step),
        m_memory(memory),
        m_inputs(step.inputs, input_ports(step.node()), memory),
        m_outputs(step.outputs, output_ports(step.node()), memory) {}

  void run() override {
    const TensorVector& inputs = m_inputs.current();
    m_written = m_outputs.current();  // same size every time: no allocation
    if (!m_step.node().evaluate(m_written, inputs)) {
      std::string types;
      for (const Tensor& input : inputs)
        types += (types.empty() ? "" : ", ") + input.get_element_type().get_type_name();
      Exception::raise(m_step.node().describe(), " has no reference kernel for inputs of type ", types);
    }
    // A kernel that made a tensor of its own: copy it into the slot.
    const TensorVector& planned = m_outputs.current();
    for (size_t k = 0; k < planned.size(); ++k) {
      if (m_written[k].data() == planned[k].data()) continue;
      const size_t bytes = planned[k].get_byte_size();
      FERRY_ASSERT(m_written[k].get_byte_size() == bytes && m_written[k].is_continuous(), m_step.node().describe(),
                   ": its reference kernel made output ", k, " of shape ", m_written[k].get_shape(), ", not ",
                   planned[k].get_shape());
      device_copy(planned[k].data(), m_written[k].data(), bytes, m_memory.copied);
    }
  }

 private:
  const Step& m_step;
  ExecutionMemory& m_memory;
  SlotViews m_inputs, m_outputs;
  TensorVector m_written;
};

class ReferenceStep : public Step {
 public:
  explicit ReferenceStep(std::shared_ptr<const Node> node) : Step(std::move(node), "reference") {}

  std::unique_ptr<StepBinding> bind(ExecutionMemory& memory) const override {
    return std::make_unique<ReferenceBinding>(*this, memory);
  }
};

}  // namespace

std::unique_ptr<Step> make_reference_step(std::shared_ptr<const Node> node) {
  return std::make_unique<ReferenceStep>(std::move(node));
}

}  // namespace ferry::cpu::engine
