#pragma once

#include <vector>

#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v1 {

// TensorFlow-style slicing: inputs data, begin, end and optional strides (1-D i32/i64, one
// entry per slice spec). Per spec entry i the masks say: begin_mask / end_mask ignore begin[i] /
// end[i] (take the axis from its start / to its end); new_axis_mask inserts a unit axis;
// shrink_axis_mask takes the single element begin[i] and drops the axis; ellipsis_mask stands
// for every axis the other entries do not name. Axes after the spec are kept whole.
class StridedSlice : public Op {
 public:
  FERRY_OP("StridedSlice", "opset1")
  StridedSlice() = default;
  StridedSlice(const Output<Node>& data, const Output<Node>& begin, const Output<Node>& end,
               const Output<Node>& strides, std::vector<int64_t> begin_mask, std::vector<int64_t> end_mask,
               std::vector<int64_t> new_axis_mask = {}, std::vector<int64_t> shrink_axis_mask = {},
               std::vector<int64_t> ellipsis_mask = {});
  StridedSlice(const Output<Node>& data, const Output<Node>& begin, const Output<Node>& end,
               std::vector<int64_t> begin_mask, std::vector<int64_t> end_mask, std::vector<int64_t> new_axis_mask = {},
               std::vector<int64_t> shrink_axis_mask = {}, std::vector<int64_t> ellipsis_mask = {});

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

 private:
  std::vector<int64_t> m_begin_mask, m_end_mask, m_new_axis_mask, m_shrink_axis_mask, m_ellipsis_mask;
};

}  // namespace v1
}  // namespace op
}  // namespace ferry
