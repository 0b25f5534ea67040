#pragma once

#include <utility>
#include <vector>

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {

// How NormalizeL2 guards against a zero norm: add eps to the sum of squares, or take the max.
enum class EpsMode { ADD, MAX };

namespace v0 {

// x / sqrt(sum(x^2) + eps) ("add") or x / sqrt(max(sum(x^2), eps)) ("max"), the sum over the
// axes of the second input (i32/i64; an empty list normalises each element by itself). IR
// attributes: eps, eps_mode. Reals only.
class NormalizeL2 : public Op {
 public:
  FERRY_OP("NormalizeL2", "opset1")
  NormalizeL2() = default;
  NormalizeL2(const Output<Node>& data, const Output<Node>& axes, float eps, EpsMode eps_mode);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  double get_eps() const { return m_eps; }
  EpsMode get_eps_mode() const { return m_eps_mode; }

 private:
  double m_eps = 0.0;
  EpsMode m_eps_mode = EpsMode::ADD;
};

}  // namespace v0
}  // namespace op

template <>
struct EnumNames<op::EpsMode> {
  static const std::vector<std::pair<const char*, op::EpsMode>>& table() {
    static const std::vector<std::pair<const char*, op::EpsMode>> names = {{"add", op::EpsMode::ADD},
                                                                           {"max", op::EpsMode::MAX}};
    return names;
  }
};

}  // namespace ferry
