// MaxUnpool (opsets 9, 11): the inverse of MaxPool with indices. Lowered onto a scatter: a zero
// tensor of the unpooled shape, flattened, receives X's values at I's flat indices (MaxPool's
// indices count over the whole N x C x D1 x ... tensor), takes the unpooled shape back and, for an
// explicit output_shape, a Pad to it.
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

// The default output shape: per spatial axis (in - 1) * stride - pad_begin - pad_end + kernel,
// written as in * stride + (kernel - stride - pads) so that it also holds for dynamic inputs.
Output<Node> default_output_shape(const NodeContext& context, const Output<Node>& x, int64_t rank) {
  const size_t spatial = static_cast<size_t>(rank - 2);
  if (!context.has_attribute("kernel_shape")) context.fail("attribute 'kernel_shape' is missing");
  const auto kernel = context.attr_ints("kernel_shape", {});
  const auto strides = context.attr_ints("strides", std::vector<int64_t>(spatial, 1));
  const auto pads = context.attr_ints("pads", std::vector<int64_t>(2 * spatial, 0));
  if (kernel.size() != spatial || strides.size() != spatial || pads.size() != 2 * spatial)
    context.fail("needs ", spatial, " kernel_shape and strides values and ", 2 * spatial, " pads for an input of rank ",
                 rank, ", got ", kernel.size(), ", ", strides.size(), " and ", pads.size());
  std::vector<int64_t> scale{1, 1}, offset{0, 0};
  for (size_t i = 0; i < spatial; ++i) {
    if (kernel[i] < 1 || strides[i] < 1) context.fail("kernel_shape and strides must be positive");
    scale.push_back(strides[i]);
    offset.push_back(kernel[i] - strides[i] - pads[i] - pads[i + spatial]);
  }
  const Output<Node> input_shape = std::make_shared<op::v3::ShapeOf>(x, element::i64);
  return std::make_shared<op::v1::Add>(std::make_shared<op::v1::Multiply>(input_shape, i64_constant(scale)),
                                       i64_constant(offset));
}

OutputVector convert_max_unpool(const NodeContext& context) {
  const Output<Node>& x = context.input(0);
  const int64_t rank = static_rank(context, x);
  if (rank < 3) context.fail("needs an input of rank 3 or more ([N, C, D1, ...]), got ", rank);
  // The indices count over the shape the attributes give, even when output_shape asks for another.
  const Output<Node> shape = default_output_shape(context, x, rank);
  const auto flat = i64_constant({-1});
  const auto zeros = std::make_shared<op::v3::Broadcast>(scalar_like(x, 0.0), shape);
  const auto scattered = std::make_shared<op::v12::ScatterElementsUpdate>(
      std::make_shared<op::v1::Reshape>(zeros, flat, false),
      std::make_shared<op::v1::Reshape>(context.input(1), flat, false),
      std::make_shared<op::v1::Reshape>(x, flat, false), i64_constant({0}));
  const Output<Node> unpooled = std::make_shared<op::v1::Reshape>(scattered, shape, false);
  if (!context.has_input(2)) return {unpooled};
  // output_shape: the unpooled values keep their coordinates; zeros fill (or cropping trims) the
  // end of each axis, as ONNX's reference does.
  Output<Node> wanted = context.input(2);
  if (wanted.get_element_type() != element::i64) wanted = std::make_shared<op::v0::Convert>(wanted, element::i64);
  const auto growth = std::make_shared<op::v1::Subtract>(wanted, shape);
  const auto none = i64_constant(std::vector<int64_t>(static_cast<size_t>(rank), 0));
  return {std::make_shared<op::v12::Pad>(unpooled, none, growth, scalar_like(x, 0.0), op::PadMode::CONSTANT)};
}

}  // namespace

void add_max_unpool_converters(ConverterTable& table) { table["MaxUnpool"] = convert_max_unpool; }

}  // namespace onnx_frontend
}  // namespace ferry
