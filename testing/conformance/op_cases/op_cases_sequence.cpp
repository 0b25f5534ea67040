// Case generators for sequence and attention ops: Einsum (matrix product, diagonal, ellipsis,
// implicit output), ScaledDotProductAttention (default and explicit scale, boolean and additive
// masks, causal, broadcast batch) and the recurrent sequences RNN/GRU/LSTM (forward, reverse,
// bidirectional, shorter sequence lengths, clip; peepholes and weights_format for LSTMSequence-1). Weights are small
// constants so that the activations stay in their sensitive range.

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

void einsum_cases(const OpId& op, std::vector<OpCase>& cases) {
  struct Sum {
    const char* name;
    std::string equation;
    std::vector<PartialShape> inputs;
  };
  for (const Sum& s : std::vector<Sum>{{"matmul", "ij,jk->ik", {{2, 3}, {3, 4}}},
                                       {"batched_transpose", "bij,bkj->bik", {{2, 2, 3}, {2, 4, 3}}},
                                       {"diagonal", "ii->i", {{3, 3}}},
                                       {"ellipsis", "...ij,...j->...i", {{2, 3, 4}, {2, 4}}},
                                       {"implicit_output", "ij,jk", {{2, 3}, {3, 2}}},
                                       {"full_reduction", "ij,ij->", {{2, 3}, {2, 3}}},
                                       {"three_inputs", "ab,bc,cd->ad", {{2, 3}, {3, 2}, {2, 2}}}}) {
    add_case(cases, op, element::f32, s.name, [=](GraphBuilder& g) -> OutputVector {
      OutputVector inputs;
      for (const auto& shape : s.inputs) inputs.push_back(g.input(element::f32, shape));
      return {g.op(op, inputs, {{"equation", s.equation}})};
    });
  }
  for (const Type& type : {element::f16, element::i32}) {
    add_case(cases, op, type, "matmul", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {2, 3}, Domain::Unit), g.input(type, {3, 2}, Domain::Unit)},
                   {{"equation", "ij,jk->ik"}})};
    });
  }
}

void attention_cases(const OpId& op, std::vector<OpCase>& cases) {
  // q [batch, heads, L, E], k [.., S, E], v [.., S, Ev].
  add_case(cases, op, element::f32, "default_scale", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(
        op,
        {g.input(element::f32, {1, 2, 3, 4}), g.input(element::f32, {1, 2, 5, 4}), g.input(element::f32, {1, 2, 5, 3})},
        {{"causal", "false"}})};
  });
  add_case(cases, op, element::f32, "causal", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f32, {2, 4, 3}), g.input(element::f32, {2, 4, 3}), g.input(element::f32, {2, 4, 3})},
                 {{"causal", "true"}})};
  });
  add_case(cases, op, element::f32, "additive_mask_and_scale", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f32, {2, 3, 4}), g.input(element::f32, {2, 5, 4}), g.input(element::f32, {2, 5, 2}),
                  g.input(element::f32, {3, 5}), g.constant(element::f32, Shape{}, {0.3})},
                 {{"causal", "false"}})};
  });
  add_case(cases, op, element::f32, "boolean_mask", [=](GraphBuilder& g) -> OutputVector {
    // Every row keeps its first key so that no softmax row is all masked.
    return {g.op(op,
                 {g.input(element::f32, {1, 3, 4}), g.input(element::f32, {1, 4, 4}), g.input(element::f32, {1, 4, 4}),
                  g.ints(element::boolean, {3, 4}, {1, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0, 1})},
                 {{"causal", "false"}})};
  });
  add_case(cases, op, element::f32, "broadcast_batch", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(
        op,
        {g.input(element::f32, {2, 2, 3, 4}), g.input(element::f32, {1, 2, 3, 4}), g.input(element::f32, {1, 2, 3, 4})},
        {{"causal", "false"}})};
  });
  add_case(cases, op, element::f16, "default_scale", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op,
                 {g.input(element::f16, {2, 3, 4}, Domain::Unit), g.input(element::f16, {2, 3, 4}, Domain::Unit),
                  g.input(element::f16, {2, 3, 4}, Domain::Unit)},
                 {{"causal", "false"}})};
  });
}

// RNN has 1 gate, GRU 3, LSTM 4 (and an initial cell state after the hidden state).
void recurrent_cases(const OpId& op, std::vector<OpCase>& cases, size_t gates) {
  const bool lstm = gates == 4;
  const bool peepholes = lstm && op.opset == "opset1";  // LSTMSequence-1 adds P [dirs, 3*hidden]
  struct Run {
    const char* name;
    const char* direction;
    std::vector<int64_t> lengths;  // per batch entry, of seq = 3
    Attrs extra;
  };
  std::vector<Run> runs = {{"forward", "forward", {3, 3}, {}},
                           {"reverse_short_lengths", "reverse", {2, 3}, {}},
                           {"bidirectional", "bidirectional", {3, 1}, {}},
                           {"forward_clip", "forward", {3, 2}, {{"clip", "0.5"}}}};
  if (gates == 3) runs.push_back({"linear_before_reset", "forward", {3, 3}, {{"linear_before_reset", "true"}}});
  if (peepholes) runs.push_back({"weights_format_icof", "forward", {3, 2}, {{"weights_format", "icof"}}});
  const size_t batch = 2, seq = 3, input = 3, hidden = 2;
  for (const Run& r : runs) {
    add_case(cases, op, element::f32, r.name, [=](GraphBuilder& g) -> OutputVector {
      const size_t dirs = std::string(r.direction) == "bidirectional" ? 2 : 1;
      OutputVector inputs = {g.input(element::f32, Shape{batch, seq, input}),
                             g.input(element::f32, Shape{batch, dirs, hidden}, Domain::Unit)};
      if (lstm) inputs.push_back(g.input(element::f32, Shape{batch, dirs, hidden}, Domain::Unit));
      inputs.push_back(g.ints(element::i32, Shape{batch}, r.lengths));
      inputs.push_back(g.random_constant(element::f32, {dirs, gates * hidden, input}, Domain::Unit));
      inputs.push_back(g.random_constant(element::f32, {dirs, gates * hidden, hidden}, Domain::Unit));
      inputs.push_back(g.random_constant(
          element::f32, {dirs, (gates == 3 && r.extra.count("linear_before_reset") ? 4 : gates) * hidden},
          Domain::Unit));
      if (peepholes) inputs.push_back(g.random_constant(element::f32, {dirs, 3 * hidden}, Domain::Unit));
      Attrs attrs = r.extra;
      attrs["hidden_size"] = std::to_string(hidden);
      attrs["direction"] = r.direction;
      return g.op(op, inputs, attrs)->outputs();
    });
  }
  add_case(cases, op, element::f16, "forward", [=](GraphBuilder& g) -> OutputVector {
    OutputVector inputs = {g.input(element::f16, {1, 2, 2}, Domain::Unit),
                           g.input(element::f16, Shape{1, 1, hidden}, Domain::Unit)};
    if (lstm) inputs.push_back(g.input(element::f16, Shape{1, 1, hidden}, Domain::Unit));
    inputs.push_back(g.ints(element::i64, Shape{1}, {2}));
    inputs.push_back(g.random_constant(element::f16, {1, gates * hidden, 2}, Domain::Unit));
    inputs.push_back(g.random_constant(element::f16, {1, gates * hidden, hidden}, Domain::Unit));
    inputs.push_back(g.random_constant(element::f16, {1, gates * hidden}, Domain::Unit));
    if (peepholes) inputs.push_back(g.random_constant(element::f16, {1, 3 * hidden}, Domain::Unit));
    return g.op(op, inputs, {{"hidden_size", std::to_string(hidden)}, {"direction", "forward"}})->outputs();
  });
}

}  // namespace

void add_sequence_generators(GeneratorTable& table) {
  table["Einsum"] = einsum_cases;
  table["ScaledDotProductAttention"] = attention_cases;
  table["RNNSequence"] = [](const OpId& op, std::vector<OpCase>& cases) { recurrent_cases(op, cases, 1); };
  table["GRUSequence"] = [](const OpId& op, std::vector<OpCase>& cases) { recurrent_cases(op, cases, 3); };
  table["LSTMSequence"] = [](const OpId& op, std::vector<OpCase>& cases) { recurrent_cases(op, cases, 4); };
}

}  // namespace ferry::conformance
