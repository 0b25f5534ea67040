#include "onednn_step.hpp"

#include <oneapi/dnnl/dnnl_debug.h>

#include "device_copy.hpp"
#include "ferry/base/exception.hpp"
#include "onednn_engine.hpp"

namespace ferry::cpu::engine {
namespace {

// A step's oneDNN memories made once over one context's slots; a memory over a caller's
// argument is pointed at its new address only when the address changed.
class OneDnnBinding : public StepBinding {
 public:
  OneDnnBinding(const OneDnnStep& step, ExecutionMemory& memory) : m_step(step), m_memory(memory) {
    const dnnl::engine& cpu = cpu_engine();
    m_memories.reserve(step.arguments().size() + 1);
    for (const auto& argument : step.arguments()) {
      void* address = memory.address[argument.slot];
      m_memories.emplace_back(argument.desc, cpu, address);
      m_bound.push_back(address);
      m_arguments.push_back({argument.id, m_memories.back().get()});
    }
    for (const auto& [id, constant] : step.constants()) m_arguments.push_back({id, constant.get()});
    if (step.scratchpad().get_size() > 0) {
      m_memories.emplace_back(step.scratchpad(), cpu, memory.scratchpad);
      m_arguments.push_back({DNNL_ARG_SCRATCHPAD, m_memories.back().get()});
    }
    if (step.accumulates_into_output != Step::kNoSlot) m_accumulated_bytes = (*memory.slots)[step.outputs.at(0)].bytes;
  }

  void run() override {
    const auto& arguments = m_step.arguments();
    for (size_t i = 0; i < arguments.size(); ++i) {
      void* address = m_memory.address[arguments[i].slot];
      if (address != m_bound[i]) {
        m_memories[i].set_data_handle(address);
        m_bound[i] = address;
      }
    }
    if (m_step.accumulates_into_output != Step::kNoSlot) {
      const void* addend = m_memory.address[m_step.accumulates_into_output];
      void* destination = m_memory.address[m_step.outputs[0]];
      if (addend != destination) device_copy(destination, addend, m_accumulated_bytes, m_memory.copied);
    }
    const dnnl_status_t status = dnnl_primitive_execute(m_step.primitive().get(), m_memory.stream.get(),
                                                        static_cast<int>(m_arguments.size()), m_arguments.data());
    if (status != dnnl_success)
      Exception::raise(m_step.name(), ": oneDNN failed to execute (", dnnl_status2str(status), ")");
  }

 private:
  const OneDnnStep& m_step;
  ExecutionMemory& m_memory;
  std::vector<dnnl::memory> m_memories;  // per argument of the step, then the scratchpad
  std::vector<void*> m_bound;            // the address each argument's memory points at
  std::vector<dnnl_exec_arg_t> m_arguments;
  size_t m_accumulated_bytes = 0;
};

}  // namespace

OneDnnStep::OneDnnStep(std::shared_ptr<const Node> node, std::string exec_type, dnnl::primitive primitive,
                       dnnl::memory::desc scratchpad, std::vector<Argument> arguments,
                       std::unordered_map<int, dnnl::memory> constants, std::string type, std::string name)
    : Step(std::move(node), std::move(exec_type), std::move(type), std::move(name)),
      m_primitive(std::move(primitive)),
      m_scratchpad(scratchpad),
      m_arguments(std::move(arguments)),
      m_constants(std::move(constants)) {}

std::unique_ptr<StepBinding> OneDnnStep::bind(ExecutionMemory& memory) const {
  return std::make_unique<OneDnnBinding>(*this, memory);
}

std::unique_ptr<OneDnnStep> make_reorder_step(std::shared_ptr<const Node> node, const std::string& name, size_t from,
                                              const dnnl::memory::desc& from_desc, size_t to,
                                              const dnnl::memory::desc& to_desc, const std::string& type) {
  const dnnl::engine& cpu = cpu_engine();
  const dnnl::reorder::primitive_desc primitive(cpu, from_desc, cpu, to_desc, primitive_attributes());
  auto step = std::make_unique<OneDnnStep>(
      std::move(node), "onednn", dnnl::reorder(primitive), primitive.scratchpad_desc(),
      std::vector<OneDnnStep::Argument>{{DNNL_ARG_FROM, from, from_desc}, {DNNL_ARG_TO, to, to_desc}},
      std::unordered_map<int, dnnl::memory>{}, type, name);
  step->inputs.push_back(from);
  step->outputs.push_back(to);
  return step;
}

}  // namespace ferry::cpu::engine
