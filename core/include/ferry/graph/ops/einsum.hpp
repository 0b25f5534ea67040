#pragma once

#include <string>
#include <vector>

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

  // The label of each axis of an input of `rank` axes written as `term` (a term of
  // parse_equation): a letter's own code, or kEllipsisLabel + i for the i-th of the
  // `ellipsis_rank` broadcast axes that "..." stands for (numpy alignment: the trailing ones).
  static constexpr int kEllipsisLabel = 1000;
  static std::vector<int> axis_labels(const std::string& term, size_t rank, size_t ellipsis_rank);
  // The number of letters of a term (its axes besides "...").
  static size_t letter_count(const std::string& term);

 private:
  std::string m_equation;
};

}  // namespace v7
}  // namespace op
}  // namespace ferry
