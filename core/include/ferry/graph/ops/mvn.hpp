#pragma once

#include <utility>
#include <vector>

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {

// Where MVN adds epsilon: under the square root, or to the standard deviation.
enum class MVNEpsMode { INSIDE_SQRT, OUTSIDE_SQRT };

namespace v6 {

// Mean-variance normalisation over the axes of the second input (i32/i64, negative counts from
// the end): (x - mean) / sqrt(var + eps), or / (sqrt(var) + eps), or only x - mean when
// "normalize_variance" is false. IR attributes: normalize_variance, eps, eps_mode. Reals only.
class MVN : public Op {
 public:
  FERRY_OP("MVN", "opset6")
  MVN() = default;
  MVN(const Output<Node>& data, const Output<Node>& axes, bool normalize_variance, float eps, MVNEpsMode eps_mode);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  bool get_normalize_variance() const { return m_normalize_variance; }
  double get_eps() const { return m_eps; }
  MVNEpsMode get_eps_mode() const { return m_eps_mode; }

 private:
  bool m_normalize_variance = true;
  double m_eps = 1e-9;
  MVNEpsMode m_eps_mode = MVNEpsMode::INSIDE_SQRT;
};

}  // namespace v6
}  // namespace op

template <>
struct EnumNames<op::MVNEpsMode> {
  static const std::vector<std::pair<const char*, op::MVNEpsMode>>& table() {
    static const std::vector<std::pair<const char*, op::MVNEpsMode>> names = {
        {"inside_sqrt", op::MVNEpsMode::INSIDE_SQRT}, {"outside_sqrt", op::MVNEpsMode::OUTSIDE_SQRT}};
    return names;
  }
};

}  // namespace ferry
