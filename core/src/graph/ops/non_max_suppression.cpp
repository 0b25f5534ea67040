#include "ferry/graph/ops/non_max_suppression.hpp"

#include <algorithm>
#include <type_traits>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/non_max_suppression.hpp"
#include "ferry/base/element_convert.hpp"

namespace ferry {
namespace op {
namespace v9 {
namespace {

std::vector<double> read_reals(const Node& node, const Tensor& tensor) {
  const Tensor data = internal::dense(tensor);
  std::vector<double> values(data.get_size());
  const std::string name = node.describe();
  element::visit_storage(data.get_element_type(), name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = static_cast<const T*>(data.data());
    for (size_t k = 0; k < values.size(); ++k) values[k] = static_cast<double>(p[k]);
  });
  return values;
}

void check_scalar(const Node& node, size_t i, const char* what, bool integral) {
  const element::Type& type = node.get_input_element_type(i);
  if (!(type.is_dynamic() || (integral ? type.is_integral_number() : type.is_real())))
    node.node_error(what, " must be ", integral ? "an integer" : "a real number", ", got ", type);
  const PartialShape& shape = node.get_input_partial_shape(i);
  if (shape.rank().is_static() && !(shape.size() == 0 || (shape.size() == 1 && shape[0].compatible(1))))
    node.node_error(what, " must be a scalar, got shape ", shape);
}

}  // namespace

NonMaxSuppression::NonMaxSuppression(const OutputVector& inputs, BoxEncodingType box_encoding,
                                     bool sort_result_descending, const element::Type& output_type)
    : Op(inputs, 3),
      m_box_encoding(box_encoding),
      m_sort_result_descending(sort_result_descending),
      m_output_type(output_type) {
  constructor_validate_and_infer_types();
}

void NonMaxSuppression::validate_and_infer_types() {
  const size_t inputs = get_input_size();
  FERRY_NODE_CHECK(inputs >= 2 && inputs <= 5,
                   "expects 2 to 5 inputs (boxes, scores[, max_output_boxes_per_class, iou_threshold, "
                   "score_threshold]), got ",
                   inputs);
  FERRY_NODE_CHECK(m_output_type == element::i32 || m_output_type == element::i64,
                   "output_type must be i32 or i64, got ", m_output_type);
  element::Type type;
  FERRY_NODE_CHECK(element::Type::merge(type, get_input_element_type(0), get_input_element_type(1)), "boxes (",
                   get_input_element_type(0), ") and scores (", get_input_element_type(1),
                   ") must have the same element type");
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "boxes and scores must be real numbers, got ", type);
  if (inputs > 2) check_scalar(*this, 2, "max_output_boxes_per_class", true);
  if (inputs > 3) check_scalar(*this, 3, "iou_threshold", false);
  if (inputs > 4) check_scalar(*this, 4, "score_threshold", false);
  const PartialShape& boxes = get_input_partial_shape(0);
  const PartialShape& scores = get_input_partial_shape(1);
  FERRY_NODE_CHECK(boxes.rank().is_dynamic() || (boxes.size() == 3 && boxes[2].compatible(4)),
                   "boxes must be [batches, boxes, 4], got ", boxes);
  FERRY_NODE_CHECK(scores.rank().is_dynamic() || scores.size() == 3, "scores must be [batches, classes, boxes], got ",
                   scores);
  Dimension selected = Dimension::dynamic();
  if (boxes.rank().is_static() && scores.rank().is_static()) {
    FERRY_NODE_CHECK(boxes[0].compatible(scores[0]) && boxes[1].compatible(scores[2]), "boxes ", boxes, " and scores ",
                     scores, " disagree on batches or boxes");
    // At most batches * classes * min(boxes, max_output_boxes_per_class) rows.
    std::vector<int64_t> max_boxes;
    Dimension per_class = boxes[1];
    if (inputs > 2 && internal::constant_integers(*this, 2, max_boxes) && max_boxes.size() == 1) {
      const int64_t cap = std::max<int64_t>(max_boxes[0], 0);
      per_class = per_class.is_bounded() ? Dimension(0, std::min(cap, per_class.get_max_length())) : Dimension(0, cap);
    } else if (inputs == 2) {
      per_class = Dimension(0);
    }
    const Dimension most = boxes[0] * scores[1] * per_class;
    selected = most.is_bounded() ? Dimension(0, most.get_max_length()) : Dimension::dynamic();
  }
  set_output_type(0, m_output_type, PartialShape{selected, 3});
  set_output_type(1, type.is_dynamic() ? element::f32 : type, PartialShape{selected, 3});
  set_output_type(2, m_output_type, PartialShape{1});
}

bool NonMaxSuppression::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_enum("box_encoding", m_box_encoding);
  visitor.on_attribute("sort_result_descending", m_sort_result_descending);
  visitor.on_attribute("output_type", m_output_type);
  return true;
}

std::shared_ptr<Node> NonMaxSuppression::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() >= 2 && inputs.size() <= 5, "clone: expects 2 to 5 inputs, got ", inputs.size());
  return std::make_shared<NonMaxSuppression>(inputs, m_box_encoding, m_sort_result_descending, m_output_type);
}

bool NonMaxSuppression::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  if (inputs.size() != get_input_size()) node_error("evaluate: expects ", get_input_size(), " input tensors");
  const Shape boxes_shape = inputs[0].get_shape(), scores_shape = inputs[1].get_shape();
  if (boxes_shape.size() != 3 || boxes_shape[2] != 4 || scores_shape.size() != 3 || scores_shape[0] != boxes_shape[0] ||
      scores_shape[2] != boxes_shape[1])
    node_error("evaluate: boxes ", boxes_shape, " and scores ", scores_shape,
               " must be [batches, boxes, 4] and [batches, classes, boxes]");
  const element::Type type = inputs[1].get_element_type();
  if (!type.is_real()) return false;
  int64_t max_per_class = 0;
  double iou_threshold = 0.0, score_threshold = 0.0;
  auto scalar = [&](size_t i, const char* what) {
    const auto values = read_reals(*this, inputs[i]);
    if (values.size() != 1) node_error("evaluate: ", what, " must hold one value, got ", values.size());
    return values[0];
  };
  if (inputs.size() > 2) {
    const auto values = internal::read_integers(*this, inputs[2], "max_output_boxes_per_class");
    if (values.size() != 1) node_error("evaluate: max_output_boxes_per_class must hold one value");
    max_per_class = values[0];
  }
  if (inputs.size() > 3) iou_threshold = scalar(3, "iou_threshold");
  if (inputs.size() > 4) score_threshold = scalar(4, "score_threshold");
  const std::vector<double> raw = read_reals(*this, inputs[0]);
  std::vector<std::vector<reference::NmsBox>> boxes(boxes_shape[0], std::vector<reference::NmsBox>(boxes_shape[1]));
  for (size_t b = 0; b < boxes_shape[0]; ++b)
    for (size_t i = 0; i < boxes_shape[1]; ++i) {
      const double* v = raw.data() + (b * boxes_shape[1] + i) * 4;
      reference::NmsBox& box = boxes[b][i];
      if (m_box_encoding == BoxEncodingType::CENTER) {
        box = {v[1] - v[3] / 2, v[0] - v[2] / 2, v[1] + v[3] / 2, v[0] + v[2] / 2};
      } else {
        box = {std::min(v[0], v[2]), std::min(v[1], v[3]), std::max(v[0], v[2]), std::max(v[1], v[3])};
      }
    }
  const auto selected =
      reference::non_max_suppression(boxes, read_reals(*this, inputs[1]), scores_shape[1], max_per_class, iou_threshold,
                                     score_threshold, m_sort_result_descending);
  const Shape out_shape{selected.size(), 3};
  Tensor& indices = internal::prepare_output(*this, outputs, 0, m_output_type, out_shape);
  Tensor& scores = internal::prepare_output(*this, outputs, 1, type, out_shape);
  Tensor& valid = internal::prepare_output(*this, outputs, 2, m_output_type, Shape{1});
  auto write_int = [&](Tensor& tensor, size_t k, int64_t value) {
    if (m_output_type == element::i32)
      static_cast<int32_t*>(tensor.data())[k] = static_cast<int32_t>(value);
    else
      static_cast<int64_t*>(tensor.data())[k] = value;
  };
  const std::string name = describe();
  element::visit_storage(type, name.c_str(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* s = static_cast<T*>(scores.data());
    for (size_t r = 0; r < selected.size(); ++r) {
      write_int(indices, 3 * r, selected[r].batch);
      write_int(indices, 3 * r + 1, selected[r].cls);
      write_int(indices, 3 * r + 2, selected[r].box);
      s[3 * r] = convert_element<T>(static_cast<double>(selected[r].batch));
      s[3 * r + 1] = convert_element<T>(static_cast<double>(selected[r].cls));
      s[3 * r + 2] = convert_element<T>(selected[r].score);
    }
  });
  write_int(valid, 0, static_cast<int64_t>(selected.size()));
  return true;
}

}  // namespace v9
}  // namespace op
}  // namespace ferry
