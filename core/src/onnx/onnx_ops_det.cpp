// Det (opset 11): the determinant of each square matrix of a [*, M, M] input, onto ext::Det.
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

OutputVector convert_det(const NodeContext& context) {
  if (context.input_count() != 1) context.fail("expects 1 input, got ", context.input_count());
  return {std::make_shared<op::ext::Det>(context.input(0))};
}

}  // namespace

void add_det_converters(ConverterTable& table) { table["Det"] = convert_det; }

}  // namespace onnx_frontend
}  // namespace ferry
