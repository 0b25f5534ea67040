// Recurrent ONNX ops: LSTM, GRU, RNN onto LSTMSequence-5 (LSTMSequence-1 with peepholes) /
// GRUSequence-5 / RNNSequence-5.
// ONNX keeps time first ([seq, batch, ...], layout 0) or batch first (layout 1) and puts the
// direction axis next to batch; the sequence ops want [batch, dirs, seq, hidden]: Transposes
// around the op translate. Gate blocks are reordered (LSTM: ONNX i,o,f,c -> f,i,c,o) and the two
// ONNX bias halves (Wb, Rb) summed by one MatMul with a 0/1 matrix, so W, R and B may be graph
// inputs, not only initializers.
#include <algorithm>
#include <cctype>

#include "ferry/graph/ops.hpp"
#include "onnx_converters.hpp"

namespace ferry {
namespace onnx_frontend {
namespace {

using op::util::RecurrentSequence;

Output<Node> transpose(const Output<Node>& value, const std::vector<int64_t>& order) {
  return std::make_shared<op::v1::Transpose>(value, i64_constant(order));
}

Output<Node> reshape(const Output<Node>& value, const std::vector<int64_t>& shape) {
  return std::make_shared<op::v1::Reshape>(value, i64_constant(shape), true);
}

// `rows` [D, blocks * H, k...] -> rows picked and summed per output block:
// out block n = sum of input blocks m with pick[n][m] = 1. One MatMul over [D, blocks, H * k].
Output<Node> mix_blocks(const Output<Node>& value, const std::vector<std::vector<float>>& pick, int64_t dirs,
                        int64_t hidden, int64_t inner) {
  const int64_t in_blocks = static_cast<int64_t>(pick[0].size()), out_blocks = static_cast<int64_t>(pick.size());
  std::vector<float> matrix;
  for (const auto& row : pick) matrix.insert(matrix.end(), row.begin(), row.end());
  const auto mixer =
      op::v0::Constant::create(value.get_element_type(), Shape{size_t(out_blocks), size_t(in_blocks)}, matrix);
  const auto blocks = reshape(value, {dirs, in_blocks, hidden * inner});
  const Output<Node> mixed = std::make_shared<op::v0::MatMul>(mixer, blocks);
  return inner == 1 ? reshape(mixed, {dirs, out_blocks * hidden}) : reshape(mixed, {dirs, out_blocks * hidden, inner});
}

// The identity on `count` blocks except that block n takes input block order[n].
std::vector<std::vector<float>> permutation(const std::vector<int>& order, size_t in_blocks) {
  std::vector<std::vector<float>> pick(order.size(), std::vector<float>(in_blocks, 0.f));
  for (size_t n = 0; n < order.size(); ++n) pick[n][order[n]] = 1.f;
  return pick;
}

struct RecurrentAttributes {
  int64_t hidden = 0;
  int64_t dirs = 1;
  op::RecurrentSequenceDirection direction = op::RecurrentSequenceDirection::FORWARD;
  std::vector<std::string> activations;
  std::vector<float> alpha, beta;
  float clip = 0.f;
  bool batch_first = false;
};

RecurrentAttributes read_attributes(const NodeContext& context, std::vector<std::string> default_activations) {
  RecurrentAttributes a;
  const std::string direction = context.attr_string("direction", "forward");
  if (direction == "forward") {
    a.direction = op::RecurrentSequenceDirection::FORWARD;
  } else if (direction == "reverse") {
    a.direction = op::RecurrentSequenceDirection::REVERSE;
  } else if (direction == "bidirectional") {
    a.direction = op::RecurrentSequenceDirection::BIDIRECTIONAL;
    a.dirs = 2;
  } else {
    context.fail("attribute 'direction' has unsupported value '", direction, "'");
  }
  a.hidden = context.attr_int("hidden_size", 0);
  if (a.hidden <= 0) {
    // Not given: R is [dirs, gates * hidden, hidden].
    const auto& r = context.input(2).get_partial_shape();
    if (r.rank().is_static() && r.size() == 3 && r[2].is_static()) a.hidden = r[2].get_length();
    if (a.hidden <= 0) context.fail("attribute 'hidden_size' is missing and R's shape ", r, " does not tell it");
  }
  const size_t count = default_activations.size();
  std::vector<std::string> names;
  if (context.has_attribute("activations"))  // a STRINGS attribute: read from the proto
    for (const auto& attr : context.proto().attribute())
      if (attr.name() == "activations") names.assign(attr.strings().begin(), attr.strings().end());
  if (names.empty()) names = default_activations;
  if (names.size() != count && names.size() != count * static_cast<size_t>(a.dirs))
    context.fail("expects ", count, " activations per direction, got ", names.size());
  std::vector<float> alpha, beta;
  if (context.has_attribute("activation_alpha")) alpha = context.attr_floats("activation_alpha");
  if (context.has_attribute("activation_beta")) beta = context.attr_floats("activation_beta");
  // The sequence ops take one set for both directions: the two halves must agree.
  if (names.size() == 2 * count) {
    if (!std::equal(names.begin(), names.begin() + count, names.begin() + count))
      context.fail("different activations per direction are not supported");
    names.resize(count);
    if (alpha.size() == 2 * count) alpha.resize(count);
    if (beta.size() == 2 * count) beta.resize(count);
  }
  for (auto& name : names) {
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    a.activations.push_back(name);
  }
  a.alpha = alpha;
  a.beta = beta;
  a.clip = context.attr_float("clip", 0.f);
  if (a.clip < 0) context.fail("attribute 'clip' must not be negative, got ", a.clip);
  a.batch_first = context.attr_int("layout", 0) != 0;
  return a;
}

// X as [batch, seq, input].
Output<Node> batch_first_input(const NodeContext& context, const RecurrentAttributes& a) {
  const Output<Node>& x = context.input(0);
  if (static_rank(context, x) != 3) context.fail("X must have rank 3, got ", x.get_partial_shape());
  return a.batch_first ? x : transpose(x, {1, 0, 2});
}

// An initial state [batch, dirs, hidden]: ONNX input `index` when given, else zeros.
Output<Node> initial_state(const NodeContext& context, size_t index, const Output<Node>& x,
                           const RecurrentAttributes& a) {
  if (context.has_input(index)) {
    const Output<Node>& state = context.input(index);
    return a.batch_first ? state : transpose(state, {1, 0, 2});
  }
  const auto& shape = x.get_partial_shape();
  if (shape[0].is_static())
    return op::v0::Constant::create(x.get_element_type(),
                                    Shape{size_t(shape[0].get_length()), size_t(a.dirs), size_t(a.hidden)},
                                    std::vector<float>(shape[0].get_length() * a.dirs * a.hidden, 0.f));
  // Dynamic batch: 0 * X summed over time and input, widened to [batch, dirs, hidden].
  const auto zeros = op::v0::Constant::create(x.get_element_type(), Shape{1, 1}, std::vector<float>{0.f});
  const auto scaled = std::make_shared<op::v1::Multiply>(x, zeros);
  const auto per_batch = std::make_shared<op::v1::ReduceSum>(scaled, i64_constant({1, 2}), false);  // [batch]
  const auto column = reshape(per_batch, {-1, 1, 1});
  const auto filler = op::v0::Constant::create(x.get_element_type(), Shape{1, size_t(a.dirs), size_t(a.hidden)},
                                               std::vector<float>(a.dirs * a.hidden, 0.f));
  return std::make_shared<op::v1::Add>(column, filler);
}

// sequence_lens as given, else the full length for every batch entry.
Output<Node> sequence_lengths(const NodeContext& context, size_t index, const Output<Node>& x) {
  if (context.has_input(index)) return context.input(index);
  const auto& shape = x.get_partial_shape();
  if (shape[0].is_static() && shape[1].is_static())
    return op::v0::Constant::create(element::i32, Shape{size_t(shape[0].get_length())},
                                    std::vector<int32_t>(shape[0].get_length(), int32_t(shape[1].get_length())));
  // Dynamic: 0 * X + 1 summed over time gives the length; one input element per step.
  const auto ones =
      std::make_shared<op::v1::Add>(std::make_shared<op::v1::Multiply>(x, scalar_like(x, 0.0)), scalar_like(x, 1.0));
  const auto steps = std::make_shared<op::v1::ReduceSum>(ones, i64_constant({1}), false);  // [batch, input]
  const auto first = std::make_shared<op::v1::ReduceMax>(steps, i64_constant({1}), false);
  return std::make_shared<op::v0::Convert>(first, element::i32);
}

// The sequence op's outputs in ONNX's layouts: Y [seq, dirs, batch, hidden] (layout 1:
// [batch, seq, dirs, hidden]), states [dirs, batch, hidden] (layout 1: [batch, dirs, hidden]).
OutputVector onnx_outputs(const NodeContext& context, const std::shared_ptr<Node>& sequence,
                          const RecurrentAttributes& a) {
  OutputVector outputs;
  outputs.push_back(transpose(sequence->output(0),
                              a.batch_first ? std::vector<int64_t>{0, 2, 1, 3} : std::vector<int64_t>{2, 1, 0, 3}));
  for (size_t i = 1; i < sequence->get_output_size(); ++i)
    outputs.push_back(a.batch_first ? sequence->output(i) : transpose(sequence->output(i), {1, 0, 2}));
  if (context.output_count() < outputs.size()) outputs.resize(context.output_count());
  return outputs;
}

// Bias [dirs, 2 * blocks * hidden] (Wb then Rb) mixed by `pick` over its 2 * blocks blocks, or
// zeros when absent.
Output<Node> bias(const NodeContext& context, size_t index, const RecurrentAttributes& a,
                  const std::vector<std::vector<float>>& pick, const element::Type& type) {
  if (!context.has_input(index))
    return op::v0::Constant::create(type, Shape{size_t(a.dirs), pick.size() * size_t(a.hidden)},
                                    std::vector<float>(a.dirs * pick.size() * a.hidden, 0.f));
  return mix_blocks(context.input(index), pick, a.dirs, a.hidden, 1);
}

OutputVector convert_lstm(const NodeContext& context) {
  const RecurrentAttributes a = read_attributes(context, {"sigmoid", "tanh", "tanh"});
  if (context.attr_int("input_forget", 0) != 0) context.fail("input_forget is not supported");
  const Output<Node> x = batch_first_input(context, a);
  const element::Type type = x.get_element_type();
  // ONNX blocks i, o, f, c -> f, i, c, o.
  const std::vector<int> order = {2, 0, 3, 1};
  std::vector<std::vector<float>> bias_pick(4, std::vector<float>(8, 0.f));
  for (size_t n = 0; n < 4; ++n) bias_pick[n][order[n]] = bias_pick[n][4 + order[n]] = 1.f;
  const auto input_size = x.get_partial_shape()[2];
  if (input_size.is_dynamic()) context.fail("needs a static input size, X is ", context.input(0).get_partial_shape());
  const auto w = mix_blocks(context.input(1), permutation(order, 4), a.dirs, a.hidden, input_size.get_length());
  const auto r = mix_blocks(context.input(2), permutation(order, 4), a.dirs, a.hidden, a.hidden);
  const auto h0 = initial_state(context, 5, x, a), c0 = initial_state(context, 6, x, a);
  const auto lengths = sequence_lengths(context, 4, x);
  const auto b = bias(context, 3, a, bias_pick, type);
  std::shared_ptr<Node> sequence;
  if (context.has_input(7)) {
    // Peepholes [dirs, 3 * hidden] in ONNX's i, o, f order, as LSTMSequence-1 takes them.
    sequence = std::make_shared<op::v0::LSTMSequence>(x, h0, c0, lengths, w, r, b, context.input(7), a.hidden,
                                                      a.direction, "fico", a.activations, a.alpha, a.beta, a.clip);
  } else {
    sequence = std::make_shared<op::v5::LSTMSequence>(x, h0, c0, lengths, w, r, b, a.hidden, a.direction, a.activations,
                                                      a.alpha, a.beta, a.clip);
  }
  return onnx_outputs(context, sequence, a);
}

OutputVector convert_gru(const NodeContext& context) {
  const RecurrentAttributes a = read_attributes(context, {"sigmoid", "tanh"});
  const bool linear_before_reset = context.attr_int("linear_before_reset", 0) != 0;
  const Output<Node> x = batch_first_input(context, a);
  // Blocks z, r, h in both; the bias sums Wb + Rb, except that linear_before_reset keeps Wbh, Rbh apart.
  std::vector<std::vector<float>> bias_pick(linear_before_reset ? 4 : 3, std::vector<float>(6, 0.f));
  for (size_t n = 0; n < 3; ++n) bias_pick[n][n] = bias_pick[n][3 + n] = 1.f;
  if (linear_before_reset) bias_pick[2][5] = 0.f, bias_pick[3][5] = 1.f;
  const auto sequence = std::make_shared<op::v5::GRUSequence>(
      x, initial_state(context, 5, x, a), sequence_lengths(context, 4, x), context.input(1), context.input(2),
      bias(context, 3, a, bias_pick, x.get_element_type()), a.hidden, a.direction, a.activations, a.alpha, a.beta,
      a.clip, linear_before_reset);
  return onnx_outputs(context, sequence, a);
}

OutputVector convert_rnn(const NodeContext& context) {
  const RecurrentAttributes a = read_attributes(context, {"tanh"});
  const Output<Node> x = batch_first_input(context, a);
  const std::vector<std::vector<float>> bias_pick = {{1.f, 1.f}};
  const auto sequence = std::make_shared<op::v5::RNNSequence>(
      x, initial_state(context, 5, x, a), sequence_lengths(context, 4, x), context.input(1), context.input(2),
      bias(context, 3, a, bias_pick, x.get_element_type()), a.hidden, a.direction, a.activations, a.alpha, a.beta,
      a.clip);
  return onnx_outputs(context, sequence, a);
}

}  // namespace

void add_recurrent_converters(ConverterTable& table) {
  table["LSTM"] = convert_lstm;
  table["GRU"] = convert_gru;
  table["RNN"] = convert_rnn;
}

}  // namespace onnx_frontend
}  // namespace ferry
