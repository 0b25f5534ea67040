#pragma once

#include "ferry/base/auto_broadcast.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v0 {

// Quantises X onto `levels` evenly spaced values: inputs X, input_low, input_high, output_low,
// output_high (the four ranges broadcast into X). Per element:
//   x <= min(in_lo, in_hi): out_lo;  x > max(in_lo, in_hi): out_hi;
//   else round((x - in_lo) / (in_hi - in_lo) * (levels - 1)) / (levels - 1) * (out_hi - out_lo) + out_lo
// with round half to even. Real element types (f16/bf16 computed in f32).
// IR attributes: "levels", "auto_broadcast".
class FakeQuantize : public Op {
 public:
  FERRY_OP("FakeQuantize", "opset1")
  FakeQuantize() = default;
  FakeQuantize(const Output<Node>& data, const Output<Node>& input_low, const Output<Node>& input_high,
               const Output<Node>& output_low, const Output<Node>& output_high, int64_t levels,
               const AutoBroadcastSpec& autob = AutoBroadcastSpec(AutoBroadcastType::NUMPY));

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  int64_t get_levels() const { return m_levels; }
  void set_levels(int64_t levels) { m_levels = levels; }
  const AutoBroadcastSpec& get_auto_broadcast() const { return m_autob; }

 private:
  int64_t m_levels = 256;
  AutoBroadcastSpec m_autob{AutoBroadcastType::NUMPY};
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
