// ONNX Einsum onto Einsum-7 (same equation language).
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

OutputVector convert_einsum(const NodeContext& context) {
  const std::string equation = context.attr_string("equation", "");
  if (equation.empty()) context.fail("attribute 'equation' is missing");
  OutputVector inputs;
  for (size_t i = 0; i < context.input_count(); ++i) inputs.push_back(context.input(i));
  return {std::make_shared<op::v7::Einsum>(inputs, equation)};
}

}  // namespace

void add_einsum_converters(ConverterTable& table) { table["Einsum"] = convert_einsum; }

}  // namespace onnx_frontend
}  // namespace ferry
