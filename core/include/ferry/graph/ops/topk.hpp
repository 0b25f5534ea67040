#pragma once

#include "ferry/base/enum_names.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {

// Which end TopK keeps: the largest ("max") or the smallest ("min") values.
enum class TopKMode { MAX, MIN };
// How TopK orders the k kept elements: by value (best first), by index (ascending), or as found.
enum class TopKSortType { SORT_VALUES, SORT_INDICES, NONE };

namespace v11 {

// The k largest or smallest elements along `axis` of `data`, and their indices along that axis.
// Inputs: data (any numeric type), k (an integer scalar, >= 0). Outputs: values [.., min(k, d),
// ..] of data's type, indices of `index_element_type` (i32 or i64). Equal values keep the lower
// index first (this op is always stable, so "stable" only records the IR attribute).
// IR attributes: "axis", "mode" (max|min), "sort" (value|index|none), "index_element_type",
// "stable".
class TopK : public Op {
 public:
  FERRY_OP("TopK", "opset11")
  TopK() = default;
  TopK(const Output<Node>& data, const Output<Node>& k, int64_t axis, TopKMode mode, TopKSortType sort,
       const element::Type& index_element_type = element::i32, bool stable = false);

  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  int64_t get_axis() const { return m_axis; }
  TopKMode get_mode() const { return m_mode; }
  TopKSortType get_sort_type() const { return m_sort; }
  const element::Type& get_index_element_type() const { return m_index_element_type; }
  bool get_stable() const { return m_stable; }

 private:
  int64_t m_axis = 0;
  TopKMode m_mode = TopKMode::MAX;
  TopKSortType m_sort = TopKSortType::NONE;
  element::Type m_index_element_type = element::i32;
  bool m_stable = false;
};

}  // namespace v11
}  // namespace op

template <>
struct EnumNames<op::TopKMode> {
  static const std::vector<std::pair<const char*, op::TopKMode>>& table() {
    static const std::vector<std::pair<const char*, op::TopKMode>> names{{"max", op::TopKMode::MAX},
                                                                         {"min", op::TopKMode::MIN}};
    return names;
  }
};

template <>
struct EnumNames<op::TopKSortType> {
  static const std::vector<std::pair<const char*, op::TopKSortType>>& table() {
    static const std::vector<std::pair<const char*, op::TopKSortType>> names{{"value", op::TopKSortType::SORT_VALUES},
                                                                             {"index", op::TopKSortType::SORT_INDICES},
                                                                             {"none", op::TopKSortType::NONE}};
    return names;
  }
};

}  // namespace ferry
