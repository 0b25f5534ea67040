#pragma once

#include "ferry/base/enum_names.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {

// How Pad fills the new elements (IR attribute "pad_mode"): a constant, the edge value, a
// mirror that excludes the edge (reflect) or includes it (symmetric).
enum class PadMode { CONSTANT, EDGE, REFLECT, SYMMETRIC };

namespace util {

// Inputs: data, pads_begin, pads_end (1-D integer, one entry per data axis), and in constant
// mode an optional scalar pad_value of the data's type (0 when absent).
class PadBase : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  PadMode get_pad_mode() const { return m_pad_mode; }
  void set_pad_mode(PadMode mode) { m_pad_mode = mode; }

 protected:
  PadBase() = default;
  PadBase(const OutputVector& arguments, PadMode mode) : Op(arguments), m_pad_mode(mode) {}
  // opset12 accepts negative pads, which remove elements.
  virtual bool allows_negative_pads() const = 0;

 private:
  // The output shape from data's shape and known pads; throws naming the node.
  PartialShape padded_shape(const PartialShape& data, const std::vector<int64_t>& begin,
                            const std::vector<int64_t>& end) const;

  PadMode m_pad_mode = PadMode::CONSTANT;
};

}  // namespace util

#define FERRY_PAD_OP(NAMESPACE, OPSET, NEGATIVE)                                                              \
  namespace NAMESPACE {                                                                                       \
  class Pad : public util::PadBase {                                                                          \
   public:                                                                                                    \
    FERRY_OP("Pad", OPSET)                                                                                    \
    Pad() = default;                                                                                          \
    Pad(const Output<Node>& data, const Output<Node>& pads_begin, const Output<Node>& pads_end, PadMode mode) \
        : PadBase({data, pads_begin, pads_end}, mode) {                                                       \
      constructor_validate_and_infer_types();                                                                 \
    }                                                                                                         \
    Pad(const Output<Node>& data, const Output<Node>& pads_begin, const Output<Node>& pads_end,               \
        const Output<Node>& pad_value, PadMode mode)                                                          \
        : PadBase({data, pads_begin, pads_end, pad_value}, mode) {                                            \
      constructor_validate_and_infer_types();                                                                 \
    }                                                                                                         \
    std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;                   \
                                                                                                              \
   protected:                                                                                                 \
    bool allows_negative_pads() const override { return NEGATIVE; }                                           \
  };                                                                                                          \
  }

FERRY_PAD_OP(v1, "opset1", false)
FERRY_PAD_OP(v12, "opset12", true)
#undef FERRY_PAD_OP

}  // namespace op

template <>
struct EnumNames<op::PadMode> {
  static const std::vector<std::pair<const char*, op::PadMode>>& table() {
    static const std::vector<std::pair<const char*, op::PadMode>> names = {{"constant", op::PadMode::CONSTANT},
                                                                           {"edge", op::PadMode::EDGE},
                                                                           {"reflect", op::PadMode::REFLECT},
                                                                           {"symmetric", op::PadMode::SYMMETRIC}};
    return names;
  }
};

}  // namespace ferry
