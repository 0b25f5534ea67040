#include "ferry/graph/ops/depth_space.hpp"

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/depth_space.hpp"

namespace ferry {
namespace op {
namespace util {
namespace {

// The dimension d / divisor: exact for a static d; for an interval, the multiples of divisor
// inside it. Empty when no length of d divides evenly.
bool divide_dimension(const Dimension& d, int64_t divisor, Dimension& result) {
  if (d.is_static()) {
    if (d.get_length() % divisor != 0) return false;
    result = Dimension(d.get_length() / divisor);
    return true;
  }
  const int64_t min = (d.get_min_length() + divisor - 1) / divisor;
  const int64_t max = d.is_bounded() ? d.get_max_length() / divisor : -1;
  if (max != -1 && min > max) return false;
  result = Dimension(min, max);
  return true;
}

// The output shape for `data`; errors name the node through `node`.
PartialShape infer_shape(const Node& node, const PartialShape& data, int64_t block_size, bool to_space) {
  if (data.rank().is_dynamic()) return data;
  if (data.size() < 3) node.node_error("input must have rank >= 3 ([N, C, D1, ...]), got ", data);
  const size_t k = data.size() - 2;
  int64_t blocks = 1;
  for (size_t i = 0; i < k; ++i) {
    if (blocks > (int64_t(1) << 62) / block_size)
      node.node_error("block_size ", block_size, " to the power ", k, " overflows");
    blocks *= block_size;
  }
  PartialShape out = data;
  if (to_space) {
    if (!divide_dimension(data[1], blocks, out[1]))
      node.node_error("channel dimension ", data[1], " is not divisible by block_size^", k, " = ", blocks);
    for (size_t i = 2; i < data.size(); ++i) out[i] = data[i] * Dimension(block_size);
  } else {
    out[1] = data[1] * Dimension(blocks);
    for (size_t i = 2; i < data.size(); ++i)
      if (!divide_dimension(data[i], block_size, out[i]))
        node.node_error("spatial dimension ", data[i], " of axis ", i, " is not divisible by block_size ", block_size);
  }
  return out;
}

}  // namespace

DepthSpaceBase::DepthSpaceBase(const Output<Node>& data, BlockMode mode, size_t block_size)
    : Op({data}), m_mode(mode), m_block_size(static_cast<int64_t>(block_size)) {}

void DepthSpaceBase::validate_and_infer_types() {
  FERRY_NODE_CHECK(get_input_size() == 1, "expects 1 input, got ", get_input_size());
  FERRY_NODE_CHECK(m_block_size > 0, "attribute 'block_size' must be > 0, got ", m_block_size);
  set_output_type(0, get_input_element_type(0),
                  infer_shape(*this, get_input_partial_shape(0), m_block_size, to_space()));
}

bool DepthSpaceBase::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("block_size", m_block_size);
  visitor.on_enum("mode", m_mode);
  return true;
}

bool DepthSpaceBase::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const Tensor in = internal::dense(inputs.at(0));
  const element::Type type = in.get_element_type();
  if (type.bitwidth() < 8) return false;  // sub-byte types share bytes between elements
  const Shape out_shape = infer_shape(*this, in.get_shape(), m_block_size, to_space()).to_shape();
  Tensor& out = internal::prepare_output(*this, outputs, 0, type, out_shape);
  const Shape& depth_shape = to_space() ? in.get_shape() : out_shape;
  reference::depth_space(in.data(), out.data(), type.size(), depth_shape, static_cast<size_t>(m_block_size),
                         m_mode == BlockMode::BLOCKS_FIRST, to_space());
  return true;
}

}  // namespace util

namespace v0 {

DepthToSpace::DepthToSpace(const Output<Node>& data, BlockMode mode, size_t block_size)
    : DepthSpaceBase(data, mode, block_size) {
  constructor_validate_and_infer_types();
}

std::shared_ptr<Node> DepthToSpace::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<DepthToSpace>(inputs[0], m_mode, get_block_size());
}

SpaceToDepth::SpaceToDepth(const Output<Node>& data, BlockMode mode, size_t block_size)
    : DepthSpaceBase(data, mode, block_size) {
  constructor_validate_and_infer_types();
}

std::shared_ptr<Node> SpaceToDepth::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 1, "clone: expects 1 input, got ", inputs.size());
  return std::make_shared<SpaceToDepth>(inputs[0], m_mode, get_block_size());
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
