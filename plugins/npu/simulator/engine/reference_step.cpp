#include "ferry/base/exception.hpp"
#include "step.hpp"

namespace ferry::npu::engine {
namespace {

class ReferenceStep : public Step {
 public:
  explicit ReferenceStep(std::shared_ptr<const Node> node) : Step(std::move(node), "reference") {}

  void run(TensorVector& outputs, const TensorVector& inputs) const override {
    if (!node().evaluate(outputs, inputs)) {
      std::string types;
      for (const Tensor& input : inputs)
        types += (types.empty() ? "" : ", ") + input.get_element_type().get_type_name();
      Exception::raise(node().describe(), " has no reference kernel for inputs of type ", types);
    }
  }
};

}  // namespace

std::unique_ptr<Step> make_reference_step(std::shared_ptr<const Node> node) {
  return std::make_unique<ReferenceStep>(std::move(node));
}

}  // namespace ferry::npu::engine
