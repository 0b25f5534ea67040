// Dropout at inference. Every opset's inference meaning is the identity with an all-true (all-one
// before opset 10) mask. Training mode with a ratio > 0 drops random elements, which cannot be
// reproduced: refused while converting when the inputs are constants, else at run time by
// ext::Dropout, the only case that needs an op of its own.
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

bool wants_output(const NodeContext& context, size_t i) {
  return i < context.output_count() && !context.proto().output(static_cast<int>(i)).empty();
}

// A value of `x`'s shape filled with one (true for boolean).
Output<Node> filled_like(const Output<Node>& x, const element::Type& type) {
  const auto one = op::v0::Constant::create(type, Shape{}, std::vector<double>{1.0});
  return std::make_shared<op::v3::Broadcast>(one, std::make_shared<op::v3::ShapeOf>(x));
}

std::shared_ptr<op::v0::Constant> constant_of(const NodeContext& context, size_t i) {
  if (!context.has_input(i)) return nullptr;
  return as_type_ptr<op::v0::Constant>(context.input(i).get_node_shared_ptr());
}

[[noreturn]] void refuse_training(const NodeContext& context, double ratio) {
  context.fail("training mode with ratio ", ratio,
               " drops random elements, which cannot be reproduced at inference (only ratio 0 is supported)");
}

OutputVector identity(const NodeContext& context, const element::Type& mask_type) {
  const Output<Node>& x = context.input(0);
  OutputVector outputs{x};
  if (wants_output(context, 1)) outputs.push_back(filled_like(x, mask_type));
  return outputs;
}

// Opsets 1-11: the ratio is an attribute. Before opset 7 "is_test" 0 (the default) asks for
// training; read and ignored like BatchNormalization's (inference semantics, as onnxruntime).
OutputVector convert_legacy_dropout(const NodeContext& context) {
  context.attr_float("ratio", 0.5f);  // read (so a malformed one is refused) and ignored
  if (context.opset() < 7) {
    context.attr_ints("consumed_inputs", {});  // opset < 6 bookkeeping
    context.attr_int("is_test", 0);
  }
  return identity(context, context.opset() < 10 ? context.input(0).get_element_type() : element::boolean);
}

// Opset 12+: ratio and training_mode are optional inputs, known while converting or at run time.
OutputVector convert_dropout(const NodeContext& context) {
  if (context.opset() < 12) return convert_legacy_dropout(context);
  context.attr_int("seed", 0);  // seeds the random mask: irrelevant without dropping
  if (!context.has_input(2)) return identity(context, element::boolean);
  const auto mode = constant_of(context, 2);
  if (mode && mode->cast_vector<double>().size() == 1 && mode->cast_vector<double>()[0] == 0.0)
    return identity(context, element::boolean);
  const auto ratio = constant_of(context, 1);
  if (mode && !context.has_input(1)) refuse_training(context, 0.5);  // the default ratio
  if (mode && ratio && ratio->cast_vector<double>().size() == 1) {
    const double value = ratio->cast_vector<double>()[0];
    if (value != 0.0) refuse_training(context, value);
    return identity(context, element::boolean);
  }
  const Output<Node> ratio_value =
      context.has_input(1) ? context.input(1)
                           : op::v0::Constant::create(element::f32, Shape{}, std::vector<float>{0.5f})->output(0);
  const auto dropout = std::make_shared<op::ext::Dropout>(context.input(0), ratio_value, context.input(2));
  // Run-time refusals name the op; an unnamed ONNX node is known by its first output.
  dropout->set_friendly_name(context.proto().name().empty() ? context.proto().output(0) : context.proto().name());
  OutputVector outputs{dropout->output(0)};
  if (wants_output(context, 1)) outputs.push_back(dropout->output(1));
  return outputs;
}

}  // namespace

void add_dropout_converters(ConverterTable& table) { table["Dropout"] = convert_dropout; }

}  // namespace onnx_frontend
}  // namespace ferry
