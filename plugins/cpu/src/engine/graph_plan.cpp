#include "graph_plan.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "arena_plan.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "onednn_step.hpp"

namespace ferry::cpu::engine {
namespace {

using LowerProducts = std::function<std::optional<LoweredOp>(const std::shared_ptr<const Node>&, const LayoutOf&,
                                                             dnnl::memory::data_type)>;

std::optional<LoweredOp> lower_to_onednn(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of,
                                         MatrixPrecision precision, BatchedConvolutions batched) {
  using Type = dnnl::memory::data_type;
  // The products in bf16 where oneDNN has them for these shapes, else in f32.
  std::vector<Type> product_types{Type::f32};
  if (precision == MatrixPrecision::bf16) product_types.insert(product_types.begin(), Type::bf16);
  const auto convolution = [batched](const std::shared_ptr<const Node>& op, const LayoutOf& layouts, Type products) {
    return lower_convolution(op, layouts, products, batched);
  };
  for (Type products : product_types) {
    for (const auto& lower : {LowerProducts(convolution), LowerProducts(lower_matmul)}) {
      try {
        if (auto lowered = lower(node, layout_of, products)) return lowered;
      } catch (const dnnl::error&) {
        // No bf16 implementation for this case, or none at all: the next type, or the kernels below.
      }
    }
  }
  for (auto lower : {lower_pooling, lower_reduce_mean, lower_softmax, lower_eltwise, lower_binary, lower_layer_norm}) {
    try {
      if (auto lowered = lower(node, layout_of)) return lowered;
    } catch (const dnnl::error&) {
      // oneDNN has no implementation for this case (an empty window...): the reference kernel runs it.
    }
  }
  return std::nullopt;
}

std::optional<AttentionLowering> lower_attention_to_onednn(const std::shared_ptr<const Node>& node) {
  try {
    return lower_attention(node);
  } catch (const dnnl::error&) {
    return std::nullopt;  // shapes oneDNN's matmul does not broadcast: the reference kernel
  }
}

// Reshape, Squeeze and Unsqueeze of a static shape: they only rename the axes of plain memory.
bool is_view(const Node& node) {
  if (!is_op(node, "Reshape") && !is_op(node, "Squeeze") && !is_op(node, "Unsqueeze")) return false;
  return node.get_output_size() == 1 && node.get_input_partial_shape(0).is_static() &&
         node.get_output_partial_shape(0).is_static() &&
         node.get_input_element_type(0) == node.get_output_element_type(0) &&
         shape_size(node.get_input_shape(0)) == shape_size(node.get_output_shape(0));
}

enum class Home { arena, argument, constant };

// Builds the plan's slots and steps in execution order.
class Planner {
 public:
  Planner(const std::shared_ptr<const Model>& model, MatrixPrecision precision, GraphPlan& plan)
      : m_model(model),
        m_precision(precision),
        m_batched_convolutions(choose_convolution_layout(*model)),
        m_plan(plan) {}

  void plan() {
    for (const auto& parameter : m_model->get_parameters()) {
      const size_t slot = new_slot(parameter->output(0), {}, parameter, Home::argument);
      m_plan.argument_slots.emplace_back(slot, m_plan.argument_slots.size());
    }
    std::set<const Node*> absorbed;  // ops fused into an earlier step
    const LayoutOf layout_of = [this](const Output<Node>& value) { return layout_of_value(value); };
    for (const auto& node : m_model->get_ordered_ops()) {
      if (is_type<op::v0::Parameter>(node) || is_type<op::v0::Result>(node) || absorbed.count(node.get())) continue;
      if (auto constant = std::dynamic_pointer_cast<const op::v0::Constant>(node)) {
        TensorVector view(1);
        constant->evaluate(view, {});
        m_plan.constant_slots.emplace_back(new_slot(node->output(0), {}, node, Home::constant), view[0]);
      } else if (is_view(*node)) {
        // The same bytes under another shape: the output is the input's slot, plain.
        m_slot_of[{node.get(), 0}] = plain(read_slot(node->input_value(0)));
      } else if (auto transpose = transpose_view(node)) {
        const size_t input = plain(read_slot(node->input_value(0)));
        const size_t output = new_slot(node->output(0), transpose->output, node, Home::arena);
        auto step = make_reorder_step(node, node->get_friendly_name(), input, transpose->input, output,
                                      transpose->output, node->get_type_name());
        add_step(std::move(step));
      } else if (auto attention = lower_attention_to_onednn(node)) {
        add_attention_steps(node, std::move(*attention));
      } else if (auto lowered = lower_to_onednn(node, layout_of, m_precision, m_batched_convolutions);
                 lowered && readable(*lowered)) {
        for (const auto& op : lowered->absorbed) absorbed.insert(op.get());
        add_onednn_step(node, std::move(*lowered));
      } else {
        FERRY_ASSERT(node->has_evaluate(), "model '", m_model->get_friendly_name(), "': ", node->describe(),
                     " has no kernel on the device");
        auto step = make_reference_step(node);
        for (size_t i = 0; i < node->get_input_size(); ++i)
          step->inputs.push_back(plain(read_slot(node->input_value(i))));
        for (size_t i = 0; i < node->get_output_size(); ++i)
          step->outputs.push_back(new_slot(node->output(i), {}, node, Home::arena));
        add_step(std::move(step));
      }
    }
    bind_results();
    plan_memory();
  }

 private:
  size_t new_slot(const Output<const Node>& value, dnnl::memory::desc layout, std::shared_ptr<const Node> producer,
                  Home home) {
    FERRY_ASSERT(value.get_partial_shape().is_static(), "model '", m_model->get_friendly_name(),
                 "': ", value.get_node()->describe(), " has the dynamic shape ", value.get_partial_shape(),
                 ": the engine compiles static shapes only");
    m_slot_of[{value.get_node(), value.get_index()}] = m_plan.slots.size();
    return add_slot(value.get_element_type(), value.get_partial_shape().to_shape(), layout, std::move(producer), home);
  }

  size_t add_slot(const element::Type& type, const Shape& shape, dnnl::memory::desc layout,
                  std::shared_ptr<const Node> producer, Home home) {
    SlotInfo info{type, shape, layout, 0, home == Home::argument};
    const bool in_onednn = type == element::f32 && !shape.empty() && shape.size() <= DNNL_MAX_NDIMS;
    if (info.layout.is_zero() && in_onednn) info.layout = plain_f32(shape);
    info.bytes = info.layout.is_zero() ? (shape_size(shape) * type.bitwidth() + 7) / 8 : info.layout.get_size();
    m_plan.slots.push_back(info);
    m_producers.push_back(std::move(producer));
    m_homes.push_back(home);
    m_producing_step.push_back(SIZE_MAX);
    return m_plan.slots.size() - 1;
  }

  size_t read_slot(const Output<Node>& value) const { return m_slot_of.at({value.get_node(), value.get_index()}); }

  std::optional<dnnl::memory::desc> layout_of_value(const Output<Node>& value) const {
    auto found = m_slot_of.find({value.get_node(), value.get_index()});
    if (found == m_slot_of.end()) return std::nullopt;
    const SlotInfo& info = m_plan.slots[found->second];
    // The value's own shape: a slot may hold it under another (a Reshape's output is its input's
    // slot). A blocked layout of other dims (a [N, C] value as [N, C, 1, 1]) is offered plain:
    // reading it so reorders it once.
    const Shape shape = value.get_partial_shape().to_shape();
    const dnnl::memory::dims dims(shape.begin(), shape.end());
    if (info.layout.is_zero() || is_plain(info.layout) || info.layout.dims() != dims) return plain_f32(shape);
    return info.layout;
  }

  // `slot`'s value in the layout `desc`: the slot itself when it already is (plain memory
  // of the same size counts: a reshape), else a reordered copy made once for all readers.
  size_t in_layout(size_t slot, const dnnl::memory::desc& desc) {
    const dnnl::memory::desc current = m_plan.slots[slot].layout;
    FERRY_ASSERT(!current.is_zero(), m_producers[slot]->describe(), ": oneDNN cannot read its output");
    if (current == desc || (is_plain(current) && is_plain(desc) && current.get_size() == desc.get_size())) return slot;
    // Plain readers of another shape (a blocked [N, C, 1, 1] read as [N, C], a bf16 product's
    // [rows, K] read of [B, S, K]) get the plain bytes in their type.
    const dnnl::memory::desc target =
        is_plain(desc, desc.data_type()) ? plain_of(desc.data_type(), current.dims()) : desc;
    FERRY_ASSERT(target.dims() == current.dims(), m_producers[slot]->describe(), ": no reorder from its layout");
    for (const auto& [from, layout, to] : m_reordered)
      if (from == slot && layout == target) return to;
    const size_t to =
        add_slot(m_plan.slots[slot].type, m_plan.slots[slot].shape, target, m_producers[slot], Home::arena);
    m_reordered.emplace_back(slot, target, to);
    add_step(make_reorder_step(m_producers[slot], m_producers[slot]->get_friendly_name() + "/reorder", slot, current,
                               to, target));
    return to;
  }

  size_t plain(size_t slot) {
    const dnnl::memory::desc& layout = m_plan.slots[slot].layout;
    return layout.is_zero() || is_plain(layout) ? slot : in_layout(slot, plain_f32(layout.dims()));
  }

  // Whether oneDNN can read every value the lowered op reads: values oneDNN cannot describe
  // (scalars, integers: no layout) leave the op to its reference kernel.
  bool readable(const LoweredOp& lowered) const {
    for (const auto& read : lowered.reads)
      if (m_plan.slots[read_slot(read.value)].layout.is_zero()) return false;
    return !lowered.sum_operand || !m_plan.slots[read_slot(*lowered.sum_operand)].layout.is_zero();
  }

  void add_onednn_step(const std::shared_ptr<const Node>& node, LoweredOp lowered) {
    std::vector<OneDnnStep::Argument> arguments;
    std::vector<size_t> inputs;
    for (const auto& read : lowered.reads) {
      const size_t slot = in_layout(read_slot(read.value), read.desc);
      arguments.push_back({read.argument, slot, read.desc});
      inputs.push_back(slot);
    }
    size_t addend = Step::kNoSlot;
    if (lowered.sum_operand) {
      addend = in_layout(read_slot(*lowered.sum_operand), lowered.destination);
      inputs.push_back(addend);
    }
    const auto last = last_of_chain(node, lowered);
    const size_t output = new_slot(last->output(0), lowered.destination, last, Home::arena);
    arguments.push_back({DNNL_ARG_DST, output, lowered.destination});
    auto step = std::make_unique<OneDnnStep>(node, lowered.exec_type, lowered.primitive, lowered.scratchpad,
                                             std::move(arguments), std::move(lowered.constants));
    step->inputs = std::move(inputs);
    step->outputs.push_back(output);
    step->accumulates_into_output = addend;
    add_step(std::move(step));
  }

  // Scores, softmax and context as three oneDNN steps; the scores and probabilities get arena
  // slots of their own, plain.
  void add_attention_steps(const std::shared_ptr<const Node>& node, AttentionLowering lowered) {
    const size_t query = plain(read_slot(node->input_value(0)));
    const size_t key = plain(read_slot(node->input_value(1)));
    const size_t value = plain(read_slot(node->input_value(2)));
    const size_t scores = add_slot(element::f32, lowered.scores_shape, lowered.scores_desc, node, Home::arena);
    const size_t probabilities = add_slot(element::f32, lowered.scores_shape, lowered.scores_desc, node, Home::arena);
    const std::string name = node->get_friendly_name();

    std::vector<OneDnnStep::Argument> arguments{{DNNL_ARG_SRC, query, lowered.query},
                                                {DNNL_ARG_WEIGHTS, key, lowered.key_transposed}};
    std::vector<size_t> inputs{query, key};
    if (lowered.mask_input) {
      const size_t mask = plain(read_slot(*lowered.mask_input));
      arguments.push_back({DNNL_ARG_ATTR_MULTIPLE_POST_OP(0) | DNNL_ARG_SRC_1, mask, lowered.mask});
      inputs.push_back(mask);
    }
    arguments.push_back({DNNL_ARG_DST, scores, lowered.scores_desc});
    auto scores_step =
        std::make_unique<OneDnnStep>(node, "onednn", lowered.scores, lowered.scores_scratchpad, std::move(arguments),
                                     std::move(lowered.scores_constants), std::string(), name + "/scores");
    scores_step->inputs = std::move(inputs);
    scores_step->outputs.push_back(scores);
    add_step(std::move(scores_step));

    auto softmax_step = std::make_unique<OneDnnStep>(
        node, "onednn", lowered.softmax, lowered.softmax_scratchpad,
        std::vector<OneDnnStep::Argument>{{DNNL_ARG_SRC, scores, lowered.scores_desc},
                                          {DNNL_ARG_DST, probabilities, lowered.scores_desc}},
        std::unordered_map<int, dnnl::memory>{}, std::string(), name + "/softmax");
    softmax_step->inputs.push_back(scores);
    softmax_step->outputs.push_back(probabilities);
    add_step(std::move(softmax_step));

    const size_t output = new_slot(node->output(0), lowered.output, node, Home::arena);
    auto context_step = std::make_unique<OneDnnStep>(
        node, "onednn", lowered.context, lowered.context_scratchpad,
        std::vector<OneDnnStep::Argument>{{DNNL_ARG_SRC, probabilities, lowered.scores_desc},
                                          {DNNL_ARG_WEIGHTS, value, lowered.value},
                                          {DNNL_ARG_DST, output, lowered.output}},
        std::unordered_map<int, dnnl::memory>{}, std::string(), name + "/context");
    context_step->inputs = {probabilities, value};
    context_step->outputs.push_back(output);
    add_step(std::move(context_step));
  }

  void add_step(std::unique_ptr<Step> step) {
    for (size_t slot : step->outputs) m_producing_step[slot] = m_plan.steps.size();
    m_plan.steps.push_back(std::move(step));
  }

  // Results: written in place by the step computing them (plain) when that slot is the
  // result's alone; copied otherwise.
  void bind_results() {
    const size_t parameters = m_plan.argument_slots.size();
    const auto& results = m_model->get_results();
    m_plan.argument_count = parameters + results.size();
    for (size_t r = 0; r < results.size(); ++r) {
      const size_t slot = plain(read_slot(results[r]->input_value(0)));
      if (m_producing_step[slot] != SIZE_MAX && m_homes[slot] == Home::arena) {
        m_homes[slot] = Home::argument;
        m_plan.slots[slot].per_execution = true;
        m_plan.argument_slots.emplace_back(slot, parameters + r);
      } else {
        m_plan.copied_results.emplace_back(slot, parameters + r);
      }
    }
  }

  void plan_memory() {
    std::vector<bool> in_arena(m_plan.slots.size());
    for (size_t slot = 0; slot < in_arena.size(); ++slot) in_arena[slot] = m_homes[slot] == Home::arena;
    ArenaPlan arena = plan_arena(m_plan.slots, in_arena, m_plan.steps);
    m_plan.arena_offset = std::move(arena.offset);
    m_plan.arena_bytes = arena.bytes;
    for (const auto& step : m_plan.steps)
      if (const auto* onednn = dynamic_cast<const OneDnnStep*>(step.get()))
        m_plan.scratchpad_bytes = std::max(m_plan.scratchpad_bytes, onednn->scratchpad().get_size());
  }

  std::shared_ptr<const Model> m_model;
  MatrixPrecision m_precision;
  BatchedConvolutions m_batched_convolutions;  // one layout choice for the whole model
  GraphPlan& m_plan;
  std::map<std::pair<const Node*, size_t>, size_t> m_slot_of;
  std::vector<std::shared_ptr<const Node>> m_producers;  // per slot: the op that computes it
  std::vector<Home> m_homes;                             // per slot
  std::vector<size_t> m_producing_step;                  // per slot; SIZE_MAX for parameters and constants
  std::vector<std::tuple<size_t, dnnl::memory::desc, size_t>> m_reordered;  // (slot, layout, reordered slot)
};

}  // namespace

std::unique_ptr<GraphPlan> plan_graph(const std::shared_ptr<const Model>& model, MatrixPrecision precision) {
  auto plan = std::make_unique<GraphPlan>();
  Planner(model, precision, *plan).plan();
  return plan;
}

}  // namespace ferry::cpu::engine
