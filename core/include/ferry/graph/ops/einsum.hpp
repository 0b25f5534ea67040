#pragma once

#include <string>
#include <vector>

#include "ferry/base/shape.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v7 {

// Einstein summation over any number of inputs of one numeric element type, per "equation"
// ("ij,jk->ik", "...ii->...i", "ij,ij"): letters label axes, "..." stands for the broadcast
// leading axes, a label repeated within one input takes its diagonal, and labels absent from the
// output are summed over. Without "->" the output is "..." then the labels used once, sorted.
// IR attribute: "equation".
class Einsum : public Op {
 public:
  FERRY_OP("Einsum", "opset7")
  Einsum() = default;
  Einsum(const OutputVector& inputs, const std::string& equation);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  const std::string& get_equation() const { return m_equation; }
  void set_equation(const std::string& equation) { m_equation = equation; }

  // The equation without spaces, split into the input terms and the output term (the output
  // made explicit). Throws ferry::Exception naming the equation when it is malformed.
  static void parse_equation(const std::string& equation, std::vector<std::string>& input_subscripts,
                             std::string& output_subscript);

  // The loop that computes the op for inputs of `shapes` (`terms` and `output` from
  // parse_equation): the output's axes, then the summed labels; each input's element stride per
  // loop axis (0 where a length-1 "..." axis broadcasts; a label repeated within one input adds
  // its strides, which walks the diagonal). Throws ferry::Exception naming the input and axis
  // when the shapes do not fit the terms.
  struct Loop {
    std::vector<size_t> sizes;  // output axes first
    size_t output_axes = 0;
    std::vector<std::vector<size_t>> strides;  // [input][loop axis]
  };
  static Loop plan_loop(const std::vector<std::string>& terms, const std::string& output,
                        const std::vector<Shape>& shapes);

 private:
  std::string m_equation;
};

}  // namespace v7
}  // namespace op
}  // namespace ferry
