#include "epilogue_fusion.hpp"

#include "ferry/graph/ops/activation.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/convolution.hpp"
#include "ferry/graph/ops/group_convolution.hpp"
#include "ferry/graph/ops/result.hpp"
#include "float_storage.hpp"

namespace ferry::gpu {
namespace {

// The only node reading `node`'s single output, or null (none, several, or a model output).
std::shared_ptr<Node> sole_consumer(const Node& node) {
  if (node.get_output_size() != 1) return nullptr;
  const auto targets = node.output(0).get_target_inputs();
  if (targets.size() != 1) return nullptr;
  Node* consumer = targets.begin()->get_node();
  if (is_type<op::v0::Result>(consumer) || consumer->get_output_size() != 1) return nullptr;
  return consumer->shared_from_this();
}

bool same_value(const Node& node, const Output<Node>& output) {
  return node.get_output_element_type(0) == output.get_element_type() &&
         node.get_output_partial_shape(0) == output.get_partial_shape();
}

// The input of binary `add` that is not `from`'s output (or -1 when both are).
int other_input(const Node& add, const Node& from) {
  if (add.get_input_size() != 2) return -1;
  const bool first = add.input_value(0).get_node() == &from, second = add.input_value(1).get_node() == &from;
  if (first == second) return -1;
  return first ? 1 : 0;
}

// A Constant, or a Constant seen through Reshape-like nodes (which keep its bytes: the ONNX
// frontend reshapes a Conv's bias [C] to [1, C, 1, 1] that way).
bool is_constant_data(const Output<Node>& value) {
  const Node* node = value.get_node();
  while (node->get_type_name() == std::string("Reshape") || node->get_type_name() == std::string("Squeeze") ||
         node->get_type_name() == std::string("Unsqueeze"))
    node = node->input_value(0).get_node();
  return is_type<op::v0::Constant>(node);
}

// Constant data of one value per output channel (Convolution) / per last-dimension element (MatMul).
bool is_bias_for(const Node& anchor, const Output<Node>& value) {
  if (!is_constant_data(value) || value.get_partial_shape().is_dynamic()) return false;
  const Shape& bias = value.get_shape();
  const Shape& out = anchor.get_output_shape(0);
  if (bias.size() > out.size() || value.get_element_type() != anchor.get_output_element_type(0)) return false;
  const bool conv = is_type<op::v1::Convolution>(&anchor) || is_type<op::v1::GroupConvolution>(&anchor);
  const size_t axis = conv ? 1 : out.size() - 1;  // the dimension the bias runs along
  // Right-aligned: every dimension of the bias is 1 except the one at `axis`, equal to out[axis].
  for (size_t i = 0; i < bias.size(); ++i) {
    const size_t dim = out.size() - bias.size() + i;
    if (bias[i] != (dim == axis ? out[axis] : 1)) return false;
  }
  return bias.size() + axis >= out.size();  // the bias reaches the axis
}

}  // namespace

EpilogueFusions::EpilogueFusions(const Model& model) {
  for (const auto& node : model.get_ordered_ops()) {
    if (node->get_input_size() == 0 || is_type<op::v0::Result>(node)) continue;  // Parameter, Constant, Result
    const Primitive* primitive = find_primitive(*node);
    if (!primitive || !primitive->make_fused || node->get_output_size() != 1 ||
        !is_float_storage(node->get_output_element_type(0)) || node->get_output_partial_shape(0).is_dynamic())
      continue;
    EpilogueChain chain;
    chain.anchor = node;
    // A node joins one chain only: two chains may meet at a residual Add (both branches of a
    // ResNet block end in one), which the first chain in model order takes.
    const auto consumer_not_in_a_chain = [&](const Node& of) {
      std::shared_ptr<Node> consumer = sole_consumer(of);
      return consumer && m_in_chain.count(consumer.get()) ? nullptr : consumer;
    };
    std::shared_ptr<Node> last = node;
    std::shared_ptr<Node> next = consumer_not_in_a_chain(*last);
    const auto take = [&] {
      chain.fused.push_back(next);
      last = next;
      next = consumer_not_in_a_chain(*last);
    };
    if (next && next->get_type_name() == std::string("Add") && other_input(*next, *last) >= 0 &&
        is_bias_for(*node, next->input_value(other_input(*next, *last))) && same_value(*next, node->output(0))) {
      chain.bias = next->input_value(other_input(*next, *last));
      chain.has_bias = true;
      take();
    }
    if (next && next->get_type_name() == std::string("Add") && other_input(*next, *last) >= 0) {
      const Output<Node> residual = next->input_value(other_input(*next, *last));
      if (!is_constant_data(residual) && same_value(*last, residual) && same_value(*next, residual)) {
        chain.residual = residual;
        chain.has_residual = true;
        take();
      }
    }
    if (next) {
      const std::string type = next->get_type_name();
      if (type == "Relu" || type == "Sigmoid") {
        chain.activation = type == "Relu" ? Epilogue::Activation::RELU : Epilogue::Activation::SIGMOID;
        take();
      } else if (const auto* clamp = dynamic_cast<const op::v0::Clamp*>(next.get())) {
        chain.activation = Epilogue::Activation::CLAMP;
        chain.lo = static_cast<float>(clamp->get_min());
        chain.hi = static_cast<float>(clamp->get_max());
        take();
      }
    }
    if (chain.fused.empty()) continue;
    m_absorbed.insert(node.get());
    for (const auto& fused : chain.fused) m_in_chain.insert(fused.get());
    for (size_t i = 0; i + 1 < chain.fused.size(); ++i) m_absorbed.insert(chain.fused[i].get());
    m_by_last.emplace(chain.fused.back().get(), std::move(chain));
  }
}

const EpilogueChain* EpilogueFusions::ended_by(const Node& node) const {
  const auto found = m_by_last.find(&node);
  return found == m_by_last.end() ? nullptr : &found->second;
}

}  // namespace ferry::gpu
