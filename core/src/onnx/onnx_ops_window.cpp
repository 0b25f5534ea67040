// The window functions of opset 17 (HannWindow, HammingWindow, BlackmanWindow), lowered as ONNX's
// own function bodies are: with n = 0 .. size-1 and N = size (periodic) or size - 1 (symmetric),
// w[n] = a0 - a1 * cos(2 pi n / N) + a2 * cos(4 pi n / N), computed in f32 (f64 for an f64
// output) and converted to "output_datatype".
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"
#include "onnx_tensor.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

struct Cosines {
  double a0, a1, a2;
};

Output<Node> scalar(const element::Type& type, double value) {
  return op::v0::Constant::create(type, Shape{}, std::vector<double>{value});
}

OutputVector convert_window(const NodeContext& context, const Cosines& cosines) {
  const Output<Node>& size = context.input(0);
  if (!size.get_element_type().is_dynamic() && !size.get_element_type().is_integral_number())
    context.fail("input 'size' must be an integer scalar, got ", size.get_element_type());
  const auto onnx_type = context.attr_int("output_datatype", onnx::TensorProto::FLOAT);
  const element::Type out_type =
      element_type_from_onnx(static_cast<int32_t>(onnx_type), context.describe() + " attribute 'output_datatype'");
  const element::Type type = out_type == element::f64 ? element::f64 : element::f32;
  const bool periodic = context.attr_int("periodic", 1) != 0;

  const Output<Node> length =
      std::make_shared<op::v0::Convert>(std::make_shared<op::v1::Reshape>(size, i64_constant({}), false), type);
  const auto n = std::make_shared<op::v4::Range>(scalar(type, 0.0), length, scalar(type, 1.0), type);
  const Output<Node> period = periodic ? length : std::make_shared<op::v1::Subtract>(length, scalar(type, 1.0));
  const double two_pi = 2.0 * 3.14159265358979323846;
  const auto angle =
      std::make_shared<op::v1::Multiply>(n, std::make_shared<op::v1::Divide>(scalar(type, two_pi), period, false));
  Output<Node> window = std::make_shared<op::v1::Subtract>(
      scalar(type, cosines.a0),
      std::make_shared<op::v1::Multiply>(scalar(type, cosines.a1), std::make_shared<op::v0::Cos>(angle)));
  if (cosines.a2 != 0.0) {
    const auto double_angle = std::make_shared<op::v1::Multiply>(angle, scalar(type, 2.0));
    window = std::make_shared<op::v1::Add>(
        window,
        std::make_shared<op::v1::Multiply>(scalar(type, cosines.a2), std::make_shared<op::v0::Cos>(double_angle)));
  }
  if (out_type != type) window = std::make_shared<op::v0::Convert>(window, out_type);
  return {window};
}

}  // namespace

void add_window_converters(ConverterTable& table) {
  table["HannWindow"] = [](const NodeContext& context) { return convert_window(context, {0.5, 0.5, 0.0}); };
  table["HammingWindow"] = [](const NodeContext& context) {
    return convert_window(context, {25.0 / 46.0, 21.0 / 46.0, 0.0});
  };
  table["BlackmanWindow"] = [](const NodeContext& context) { return convert_window(context, {0.42, 0.5, 0.08}); };
}

}  // namespace onnx_frontend
}  // namespace ferry
