#include "ferry/graph/ops/slice.hpp"

#include <numeric>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/slice.hpp"

namespace ferry {
namespace op {
namespace v8 {
namespace {

struct SliceSpec {
  std::vector<int64_t> start, stop, step, axes;
};

// Checks lengths, steps and axes; axes become [0, rank) positions.
void check_spec(const Node& node, SliceSpec& spec, int64_t rank) {
  if (spec.stop.size() != spec.start.size() || spec.step.size() != spec.start.size())
    node.node_error("start, stop and step have ", spec.start.size(), ", ", spec.stop.size(), " and ", spec.step.size(),
                    " entries; they must agree");
  if (spec.axes.empty()) {
    spec.axes.resize(spec.start.size());
    std::iota(spec.axes.begin(), spec.axes.end(), int64_t{0});
  }
  if (spec.axes.size() != spec.start.size())
    node.node_error("axes has ", spec.axes.size(), " entries, start has ", spec.start.size());
  std::vector<bool> seen(size_t(rank), false);
  for (size_t i = 0; i < spec.axes.size(); ++i) {
    if (spec.step[i] == 0) node.node_error("step ", i, " is 0");
    const size_t axis = internal::normalize_axis(node, spec.axes[i], rank, "axis");
    if (seen[axis]) node.node_error("axis ", spec.axes[i], " is repeated in ", internal::to_text(spec.axes));
    seen[axis] = true;
    spec.axes[i] = int64_t(axis);
  }
}

}  // namespace

Slice::Slice(const Output<Node>& data, const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step)
    : Op({data, start, stop, step}) {
  constructor_validate_and_infer_types();
}

Slice::Slice(const Output<Node>& data, const Output<Node>& start, const Output<Node>& stop, const Output<Node>& step,
             const Output<Node>& axes)
    : Op({data, start, stop, step, axes}) {
  constructor_validate_and_infer_types();
}

void Slice::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 4 || get_input_size() == 5, "expects 4 or 5 inputs, got ", get_input_size());
  static const char* const names[] = {"data", "start", "stop", "step", "axes"};
  for (size_t i = 1; i < get_input_size(); ++i) {
    const element::Type type = get_input_element_type(i);
    FERRY_NODE_CHECK(type.is_dynamic() || type.is_integral_number(), "input ", i, " (", names[i],
                     ") must be an integer tensor, got ", type);
    FERRY_NODE_CHECK(get_input_partial_shape(i).rank().compatible(1), "input ", i, " (", names[i],
                     ") must be 1-D, got shape ", get_input_partial_shape(i));
  }
  const PartialShape& in = get_input_partial_shape(0);
  const element::Type type = get_input_element_type(0);
  if (in.rank().is_dynamic()) return set_output_type(0, type, PartialShape::dynamic());
  SliceSpec spec;
  const bool known = internal::constant_integers(*this, 1, spec.start) &&
                     internal::constant_integers(*this, 2, spec.stop) &&
                     internal::constant_integers(*this, 3, spec.step) &&
                     (get_input_size() == 4 || internal::constant_integers(*this, 4, spec.axes));
  PartialShape out = in;
  if (!known) {
    // Unknown bounds: any sliced axis may shrink, to at most its length.
    for (auto& dim : out) dim = Dimension(0, dim.get_max_length());
    return set_output_type(0, type, out);
  }
  check_spec(*this, spec, int64_t(in.size()));
  for (size_t i = 0; i < spec.axes.size(); ++i) {
    const Dimension& dim = in[size_t(spec.axes[i])];
    Dimension& result = out[size_t(spec.axes[i])];
    if (dim.is_static()) {
      result =
          int64_t(reference::slice_axis(spec.start[i], spec.stop[i], spec.step[i], size_t(dim.get_length())).count);
    } else {
      // The count is not monotonic in the length (e.g. start -1, stop 2), so bound it by the length.
      result = Dimension(0, dim.get_max_length());
    }
  }
  set_output_type(0, type, out);
}

bool Slice::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> Slice::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 4 || inputs.size() == 5, "clone: expects 4 or 5 inputs, got ", inputs.size());
  if (inputs.size() == 4) return std::make_shared<Slice>(inputs[0], inputs[1], inputs[2], inputs[3]);
  return std::make_shared<Slice>(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]);
}

bool Slice::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const Shape in_shape = data.get_shape();
  SliceSpec spec;
  spec.start = internal::read_integers(*this, inputs.at(1), "input 1 (start)");
  spec.stop = internal::read_integers(*this, inputs.at(2), "input 2 (stop)");
  spec.step = internal::read_integers(*this, inputs.at(3), "input 3 (step)");
  if (inputs.size() > 4) spec.axes = internal::read_integers(*this, inputs[4], "input 4 (axes)");
  check_spec(*this, spec, int64_t(in_shape.size()));
  std::vector<reference::SliceAxis> axes(in_shape.size());
  for (size_t k = 0; k < in_shape.size(); ++k) axes[k].count = in_shape[k];
  for (size_t i = 0; i < spec.axes.size(); ++i) {
    const size_t k = size_t(spec.axes[i]);
    axes[k] = reference::slice_axis(spec.start[i], spec.stop[i], spec.step[i], in_shape[k]);
  }
  Shape out_shape(in_shape.size(), 0);
  for (size_t k = 0; k < in_shape.size(); ++k) out_shape[k] = axes[k].count;
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), out_shape);
  reference::strided_copy(static_cast<const char*>(data.data()), in_shape, static_cast<char*>(out.data()), axes,
                          data.get_element_type().size());
  return true;
}

}  // namespace v8
}  // namespace op
}  // namespace ferry
