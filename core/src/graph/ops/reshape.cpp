#include "ferry/graph/ops/reshape.hpp"

#include <cstring>

#include "core/src/graph/ops/evaluate_util.hpp"

namespace ferry {
namespace op {
namespace v1 {
namespace {

// The output shape for `target` (the second input's values). Works on intervals, so static,
// bounded and dynamic inputs all give the tightest shape this op can know.
PartialShape resolve_target(const Node& node, const PartialShape& in, const std::vector<int64_t>& target,
                            bool special_zero) {
  std::vector<Dimension> out(target.size());
  int64_t placeholder = -1;
  for (size_t i = 0; i < target.size(); ++i) {
    const int64_t v = target[i];
    if (v == -1) {
      if (placeholder != -1) node.node_error("the target shape has more than one -1: ", internal::to_text(target));
      placeholder = static_cast<int64_t>(i);
    } else if (v == 0 && special_zero) {
      if (in.rank().is_dynamic()) {
        out[i] = Dimension();
      } else {
        if (i >= in.size())
          node.node_error("target shape entry ", i, " is 0 with special_zero, but the input ", in, " has only ",
                          in.size(), " axes");
        out[i] = in[i];
      }
    } else if (v < 0) {
      node.node_error("target shape entry ", i, " is ", v, " (only -1 may be negative)");
    } else {
      out[i] = Dimension(v);
    }
  }
  if (in.rank().is_static()) {
    // A length copied by special_zero appears on both sides: leave it out of both products, so
    // [?,3,4] -> {0,-1} still infers 12.
    std::vector<bool> copied(in.size(), false);
    for (size_t i = 0; i < target.size(); ++i)
      if (special_zero && target[i] == 0 && i < in.size()) copied[i] = true;
    Dimension in_count(1);
    for (size_t i = 0; i < in.size(); ++i)
      if (!copied[i]) in_count *= in[i];
    Dimension known(1);
    for (size_t i = 0; i < out.size(); ++i)
      if (int64_t(i) != placeholder && !(i < copied.size() && copied[i])) known *= out[i];
    if (placeholder >= 0) {
      Dimension& p = out[placeholder];
      if (known.is_static() && known.get_length() == 0) {
        if (in_count.get_max_length() != 0 && in_count.get_min_length() > 0)
          node.node_error("cannot infer -1: the other target entries multiply to 0 but the input ", in,
                          " is not empty");
        p = Dimension();
      } else if (in_count.is_static() && known.is_static()) {
        if (in_count.get_length() % known.get_length() != 0)
          node.node_error("cannot reshape ", in, " (", in_count, " elements) to ", internal::to_text(target),
                          ": not divisible by ", known);
        p = Dimension(in_count.get_length() / known.get_length());
      } else {
        // Interval division: [ceil(lo / known_max), floor(hi / known_min)].
        const int64_t lo = in_count.get_min_length(), hi = in_count.get_max_length();
        const int64_t klo = known.get_min_length(), khi = known.get_max_length();
        const int64_t min_len = khi <= 0 ? 0 : (lo + khi - 1) / khi;
        const int64_t max_len = (hi < 0 || klo == 0) ? -1 : hi / klo;
        p = (max_len >= 0 && max_len < min_len) ? Dimension(max_len) : Dimension(min_len, max_len);
      }
    } else if (!in_count.compatible(known)) {
      node.node_error("cannot reshape ", in, " (", in_count, " elements) to ", PartialShape(out), " (", known,
                      " elements)");
    }
  } else if (placeholder >= 0) {
    out[placeholder] = Dimension();
  }
  return PartialShape(out);
}

}  // namespace

Reshape::Reshape(const Output<Node>& data, const Output<Node>& target_shape, bool special_zero)
    : Op({data, target_shape}), m_special_zero(special_zero) {
  constructor_validate_and_infer_types();
}

void Reshape::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  const element::Type shape_type = get_input_element_type(1);
  FERRY_NODE_CHECK(shape_type.is_dynamic() || shape_type.is_integral_number(),
                   "input 1 (target shape) must be an integer tensor, got ", shape_type);
  const PartialShape& target_shape = get_input_partial_shape(1);
  FERRY_NODE_CHECK(target_shape.rank().compatible(1) || target_shape.rank().compatible(0),
                   "input 1 (target shape) must be 1-D, got shape ", target_shape);
  std::vector<int64_t> target;
  if (internal::constant_integers(*this, 1, target)) {
    set_output_type(0, get_input_element_type(0),
                    resolve_target(*this, get_input_partial_shape(0), target, m_special_zero));
  } else if (target_shape.is_static()) {
    const size_t rank = target_shape.size() == 0 ? 1 : target_shape.to_shape()[0];
    set_output_type(0, get_input_element_type(0), PartialShape::dynamic(Dimension(int64_t(rank))));
  } else {
    set_output_type(0, get_input_element_type(0), PartialShape::dynamic());
  }
}

bool Reshape::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("special_zero", m_special_zero);
  return true;
}

std::shared_ptr<Node> Reshape::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<Reshape>(inputs[0], inputs[1], m_special_zero);
}

bool Reshape::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor in = internal::dense(inputs.at(0));
  const std::vector<int64_t> target = internal::read_integers(*this, inputs.at(1), "input 1 (target shape)");
  const PartialShape out_shape = resolve_target(*this, in.get_shape(), target, m_special_zero);
  if (!out_shape.is_static() || shape_size(out_shape.to_shape()) != in.get_size())
    node_error("evaluate: cannot reshape ", in.get_shape(), " to ", out_shape);
  Tensor& out = internal::prepare_output(*this, outputs, 0, in.get_element_type(), out_shape.to_shape());
  if (in.get_byte_size()) std::memcpy(out.data(), in.data(), in.get_byte_size());
  return true;
}

}  // namespace v1
}  // namespace op
}  // namespace ferry
