#include "onednn_step.hpp"

#include <oneapi/dnnl/dnnl_debug.h>

#include "device_copy.hpp"
#include "ferry/base/exception.hpp"
#include "onednn_engine.hpp"

namespace ferry::npu::engine {
namespace {

// A step's oneDNN memories made once over one context's slots; a memory over a caller's
// argument is pointed at its new address only when the address changed.
class OneDnnBinding : public StepBinding {
 public:
  OneDnnBinding(const OneDnnStep& step, ExecutionMemory& memory) : step_(step), memory_(memory) {
    const dnnl::engine& cpu = cpu_engine();
    memories_.reserve(step.arguments().size() + 1);
    for (const auto& argument : step.arguments()) {
      void* address = memory.address[argument.slot];
      memories_.emplace_back(argument.desc, cpu, address);
      bound_.push_back(address);
      arguments_.push_back({argument.id, memories_.back().get()});
    }
    for (const auto& [id, constant] : step.constants()) arguments_.push_back({id, constant.get()});
    if (step.scratchpad().get_size() > 0) {
      memories_.emplace_back(step.scratchpad(), cpu, memory.scratchpad);
      arguments_.push_back({DNNL_ARG_SCRATCHPAD, memories_.back().get()});
    }
    if (step.accumulates_into_output != Step::kNoSlot) accumulated_bytes_ = (*memory.slots)[step.outputs.at(0)].bytes;
  }

  void run() override {
    const auto& arguments = step_.arguments();
    for (size_t i = 0; i < arguments.size(); ++i) {
      void* address = memory_.address[arguments[i].slot];
      if (address != bound_[i]) {
        memories_[i].set_data_handle(address);
        bound_[i] = address;
      }
    }
    if (step_.accumulates_into_output != Step::kNoSlot) {
      const void* addend = memory_.address[step_.accumulates_into_output];
      void* destination = memory_.address[step_.outputs[0]];
      if (addend != destination) device_copy(destination, addend, accumulated_bytes_, memory_.copied);
    }
    const dnnl_status_t status = dnnl_primitive_execute(step_.primitive().get(), memory_.stream.get(),
                                                        static_cast<int>(arguments_.size()), arguments_.data());
    if (status != dnnl_success)
      Exception::raise(step_.name(), ": oneDNN failed to execute (", dnnl_status2str(status), ")");
  }

 private:
  const OneDnnStep& step_;
  ExecutionMemory& memory_;
  std::vector<dnnl::memory> memories_;  // per argument of the step, then the scratchpad
  std::vector<void*> bound_;            // the address each argument's memory points at
  std::vector<dnnl_exec_arg_t> arguments_;
  size_t accumulated_bytes_ = 0;
};

}  // namespace

OneDnnStep::OneDnnStep(std::shared_ptr<const Node> node, std::string exec_type, dnnl::primitive primitive,
                       dnnl::memory::desc scratchpad, std::vector<Argument> arguments,
                       std::unordered_map<int, dnnl::memory> constants, std::string type, std::string name)
    : Step(std::move(node), std::move(exec_type), std::move(type), std::move(name)),
      primitive_(std::move(primitive)),
      scratchpad_(scratchpad),
      arguments_(std::move(arguments)),
      constants_(std::move(constants)) {}

std::unique_ptr<StepBinding> OneDnnStep::bind(ExecutionMemory& memory) const {
  return std::make_unique<OneDnnBinding>(*this, memory);
}

std::unique_ptr<OneDnnStep> make_reorder_step(std::shared_ptr<const Node> node, const std::string& name, size_t from,
                                              const dnnl::memory::desc& from_desc, size_t to,
                                              const dnnl::memory::desc& to_desc) {
  const dnnl::engine& cpu = cpu_engine();
  const dnnl::reorder::primitive_desc primitive(cpu, from_desc, cpu, to_desc, primitive_attributes());
  auto step = std::make_unique<OneDnnStep>(
      std::move(node), "onednn", dnnl::reorder(primitive), primitive.scratchpad_desc(),
      std::vector<OneDnnStep::Argument>{{DNNL_ARG_FROM, from, from_desc}, {DNNL_ARG_TO, to, to_desc}},
      std::unordered_map<int, dnnl::memory>{}, "Reorder", name);
  step->inputs.push_back(from);
  step->outputs.push_back(to);
  return step;
}

}  // namespace ferry::npu::engine
