#include "ferry/graph/ops/tile.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/tile_broadcast.hpp"

namespace ferry {
namespace op {
namespace v0 {
namespace {

void check_repeats(const Node& node, const std::vector<int64_t>& repeats) {
  for (const int64_t r : repeats)
    if (r < 0) node.node_error("input 1 (repeats) ", internal::to_text(repeats), " has a negative entry");
}

}  // namespace

Tile::Tile(const Output<Node>& data, const Output<Node>& repeats) : Op({data, repeats}) {
  constructor_validate_and_infer_types();
}

void Tile::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 2, "expects 2 inputs, got ", get_input_size());
  const element::Type repeats_type = get_input_element_type(1);
  FERRY_NODE_CHECK(repeats_type.is_dynamic() || repeats_type.is_integral_number(),
                   "input 1 (repeats) must be an integer tensor, got ", repeats_type);
  const PartialShape& repeats_shape = get_input_partial_shape(1);
  FERRY_NODE_CHECK(repeats_shape.rank().compatible(1), "input 1 (repeats) must be 1-D, got shape ", repeats_shape);
  const PartialShape& in = get_input_partial_shape(0);
  const element::Type type = get_input_element_type(0);
  std::vector<int64_t> repeats;
  if (in.rank().is_dynamic()) return set_output_type(0, type, PartialShape::dynamic());
  if (!internal::constant_integers(*this, 1, repeats)) {
    if (repeats_shape.rank().is_static() && repeats_shape[0].is_static())
      return set_output_type(
          0, type,
          PartialShape::dynamic(Dimension(std::max<int64_t>(int64_t(in.size()), repeats_shape[0].get_length()))));
    return set_output_type(0, type, PartialShape::dynamic());
  }
  check_repeats(*this, repeats);
  const size_t rank = std::max(in.size(), repeats.size());
  std::vector<Dimension> out(rank);
  for (size_t k = 0; k < rank; ++k) {
    const Dimension dim = k + in.size() >= rank ? in[k + in.size() - rank] : Dimension(1);
    const int64_t r = k + repeats.size() >= rank ? repeats[k + repeats.size() - rank] : 1;
    out[k] = dim * Dimension(r);
  }
  set_output_type(0, type, PartialShape(out));
}

bool Tile::visit_attributes(AttributeVisitor&) { return true; }

std::shared_ptr<Node> Tile::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 2, "clone: expects 2 inputs, got ", inputs.size());
  return std::make_shared<Tile>(inputs[0], inputs[1]);
}

bool Tile::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor data = internal::dense(inputs.at(0));
  if (data.get_element_type().is_quantized()) return false;
  const auto repeats = internal::read_integers(*this, inputs.at(1), "input 1 (repeats)");
  check_repeats(*this, repeats);
  const Shape shape = data.get_shape();
  const size_t rank = std::max(shape.size(), repeats.size());
  Shape in_shape(rank, 1), out_shape(rank, 1);
  for (size_t k = 0; k < rank; ++k) {
    if (k + shape.size() >= rank) in_shape[k] = shape[k + shape.size() - rank];
    const int64_t r = k + repeats.size() >= rank ? repeats[k + repeats.size() - rank] : 1;
    out_shape[k] = in_shape[k] * size_t(r);
  }
  Tensor& out = internal::prepare_output(*this, outputs, 0, data.get_element_type(), out_shape);
  reference::tile(static_cast<const char*>(data.data()), in_shape, static_cast<char*>(out.data()), out_shape,
                  data.get_element_type().size());
  return true;
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
