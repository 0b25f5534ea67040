#pragma once

#include "ferry/base/enum_names.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {
namespace v9 {

// Greedy non-maximum suppression per (batch, class). Inputs: boxes [B, N, 4], scores [B, C, N]
// (f32, f16 or bf16), and optional scalars max_output_boxes_per_class (integer, default 0),
// iou_threshold and score_threshold (real, default 0). Per class, boxes with score >
// score_threshold are visited best first (equal scores: lower index first) and kept unless
// their IoU with an already kept box exceeds iou_threshold, at most max_output_boxes_per_class
// of them. Outputs: selected_indices [M, 3] rows (batch, class, box) of output_type (i32|i64),
// selected_scores [M, 3] rows (batch, class, score) of the scores' type, valid_outputs [1] = M.
// Rows go by batch, then class, then selection order; sort_result_descending sorts them all by
// score instead (stable). box_encoding "corner": [y1, x1, y2, x2] (either corner order);
// "center": [x_center, y_center, width, height]. soft_nms_sigma is not part of this version.
// IR attributes: "box_encoding", "sort_result_descending", "output_type".
class NonMaxSuppression : public Op {
 public:
  enum class BoxEncodingType { CORNER, CENTER };

  FERRY_OP("NonMaxSuppression", "opset9")
  NonMaxSuppression() = default;
  // `inputs`: boxes, scores, then up to three of max_output_boxes_per_class, iou_threshold,
  // score_threshold.
  NonMaxSuppression(const OutputVector& inputs, BoxEncodingType box_encoding = BoxEncodingType::CORNER,
                    bool sort_result_descending = true, const element::Type& output_type = element::i64);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  BoxEncodingType get_box_encoding() const { return m_box_encoding; }
  bool get_sort_result_descending() const { return m_sort_result_descending; }
  const element::Type& get_output_type() const { return m_output_type; }

 private:
  BoxEncodingType m_box_encoding = BoxEncodingType::CORNER;
  bool m_sort_result_descending = true;
  element::Type m_output_type = element::i64;
};

}  // namespace v9
}  // namespace op

template <>
struct EnumNames<op::v9::NonMaxSuppression::BoxEncodingType> {
  using Type = op::v9::NonMaxSuppression::BoxEncodingType;
  static const std::vector<std::pair<const char*, Type>>& table() {
    static const std::vector<std::pair<const char*, Type>> names{{"corner", Type::CORNER}, {"center", Type::CENTER}};
    return names;
  }
};

}  // namespace ferry
