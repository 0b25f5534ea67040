#include "device_copy.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/value/tensor.hpp"
#include "step.hpp"

namespace ferry::npu::engine {
namespace {

// Tensors viewing each slot's memory, remade only when the slot moved (a caller's argument).
class SlotViews {
 public:
  SlotViews(const std::vector<size_t>& slots, const ExecutionMemory& memory) : slots_(slots), memory_(memory) {
    // A caller's argument has no address before the first execution.
    for (size_t slot : slots_) views_.push_back(memory_.address[slot] ? view(slot) : Tensor());
  }

  const TensorVector& current() {
    for (size_t i = 0; i < slots_.size(); ++i)
      if (!views_[i] || views_[i].data() != memory_.address[slots_[i]]) views_[i] = view(slots_[i]);
    return views_;
  }

 private:
  Tensor view(size_t slot) const {
    const SlotInfo& info = (*memory_.slots)[slot];
    return Tensor(info.type, info.shape, memory_.address[slot]);
  }

  const std::vector<size_t>& slots_;
  const ExecutionMemory& memory_;
  TensorVector views_;
};

class ReferenceBinding : public StepBinding {
 public:
  ReferenceBinding(const Step& step, ExecutionMemory& memory)
      : step_(step), memory_(memory), inputs_(step.inputs, memory), outputs_(step.outputs, memory) {}

  void run() override {
    const TensorVector& inputs = inputs_.current();
    written_ = outputs_.current();  // same size every time: no allocation
    if (!step_.node().evaluate(written_, inputs)) {
      std::string types;
      for (const Tensor& input : inputs)
        types += (types.empty() ? "" : ", ") + input.get_element_type().get_type_name();
      Exception::raise(step_.node().describe(), " has no reference kernel for inputs of type ", types);
    }
    // A kernel that made a tensor of its own: copy it into the slot.
    const TensorVector& planned = outputs_.current();
    for (size_t k = 0; k < planned.size(); ++k) {
      if (written_[k].data() == planned[k].data()) continue;
      const size_t bytes = planned[k].get_byte_size();
      FERRY_ASSERT(written_[k].get_byte_size() == bytes && written_[k].is_continuous(), step_.node().describe(),
                   ": its reference kernel made output ", k, " of shape ", written_[k].get_shape(), ", not ",
                   planned[k].get_shape());
      device_copy(planned[k].data(), written_[k].data(), bytes, memory_.copied);
    }
  }

 private:
  const Step& step_;
  ExecutionMemory& memory_;
  SlotViews inputs_, outputs_;
  TensorVector written_;
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

}  // namespace ferry::npu::engine
