// Loss ONNX ops: NegativeLogLikelihoodLoss lowered onto GatherElements / Gather and reductions,
// and SoftmaxCrossEntropyLoss as NLL of LogSoftmax along the class axis (with its optional
// log_prob output).
#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

Output<Node> typed_scalar(const element::Type& type, double value) {
  return op::v0::Constant::create(type, Shape{}, std::vector<double>{value});
}

// loss[n, d...] = -input[n, target[n, d...], d...] * weight[target[n, d...]], 0 where the target is
// ignore_index; then none / sum / mean (mean divides by the sum of the weights used).
Output<Node> nll_loss(const NodeContext& context, const Output<Node>& input, const Output<Node>& target,
                      const Output<Node>* weight) {
  const std::string reduction = context.attr_string("reduction", "mean");
  if (reduction != "none" && reduction != "sum" && reduction != "mean")
    context.fail("attribute 'reduction' must be none, sum or mean, got '", reduction, "'");
  const element::Type type = input.get_element_type();
  const element::Type index_type = target.get_element_type();
  if (!index_type.is_dynamic() && !index_type.is_integral_number())
    context.fail("the target must be an integer tensor, got ", index_type);
  const int64_t target_rank = static_rank(context, target);

  Output<Node> safe_target = target;
  Output<Node> kept;  // 1 where the target counts, 0 where it is ignore_index
  if (context.has_attribute("ignore_index")) {
    const auto ignored =
        std::make_shared<op::v1::Equal>(target, typed_scalar(index_type, double(context.attr_int("ignore_index", 0))));
    safe_target = std::make_shared<op::v1::Select>(ignored, typed_scalar(index_type, 0.0), target);
    kept = std::make_shared<op::v0::Convert>(std::make_shared<op::v1::LogicalNot>(ignored), type);
  }
  const auto picked = std::make_shared<op::v6::GatherElements>(
      input, std::make_shared<op::v0::Unsqueeze>(safe_target, i64_constant({1})), 1);
  Output<Node> loss = std::make_shared<op::v0::Negative>(std::make_shared<op::v0::Squeeze>(picked, i64_constant({1})));
  Output<Node> weights;  // per element, when they are not all 1
  if (weight) weights = std::make_shared<op::v8::Gather>(*weight, safe_target, typed_scalar(element::i64, 0.0));
  if (kept.get_node())
    weights = weights.get_node() ? Output<Node>(std::make_shared<op::v1::Multiply>(weights, kept)) : kept;
  if (weights.get_node()) loss = std::make_shared<op::v1::Multiply>(loss, weights);
  if (reduction == "none") return loss;

  std::vector<int64_t> all(static_cast<size_t>(target_rank));
  for (int64_t axis = 0; axis < target_rank; ++axis) all[static_cast<size_t>(axis)] = axis;
  if (reduction == "mean" && !weights.get_node())
    return std::make_shared<op::v1::ReduceMean>(loss, i64_constant(all), false);
  const auto sum = std::make_shared<op::v1::ReduceSum>(loss, i64_constant(all), false);
  if (reduction == "sum") return sum;
  return std::make_shared<op::v1::Divide>(sum, std::make_shared<op::v1::ReduceSum>(weights, i64_constant(all), false));
}

OutputVector convert_nll_loss(const NodeContext& context) {
  const Output<Node>* weight = context.has_input(2) ? &context.input(2) : nullptr;
  return {nll_loss(context, context.input(0), context.input(1), weight)};
}

OutputVector convert_softmax_cross_entropy_loss(const NodeContext& context) {
  const Output<Node> log_prob = std::make_shared<op::v5::LogSoftmax>(context.input(0), 1);
  const Output<Node>* weight = context.has_input(2) ? &context.input(2) : nullptr;
  return {nll_loss(context, log_prob, context.input(1), weight), log_prob};
}

}  // namespace

void add_loss_converters(ConverterTable& table) {
  table["NegativeLogLikelihoodLoss"] = convert_nll_loss;
  table["SoftmaxCrossEntropyLoss"] = convert_softmax_cross_entropy_loss;
}

}  // namespace onnx_frontend
}  // namespace ferry
