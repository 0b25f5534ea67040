#include "ferry/graph/ops/rnn_sequence.hpp"

#include <algorithm>

#include "core/src/graph/ops/evaluate_util.hpp"
#include "core/src/graph/reference/recurrent.hpp"

namespace ferry {
namespace op {
namespace util {

namespace {

// Input positions: LSTM has initial_cell_state at 2, which shifts the rest by one.
struct Inputs {
  size_t x = 0, h0 = 1, c0 = 0, lengths = 2, w = 3, r = 4, b = 5, p = 0;
  explicit Inputs(bool lstm, bool peepholes) {
    if (!lstm) return;
    c0 = 2, lengths = 3, w = 4, r = 5, b = 6;
    if (peepholes) p = 7;
  }
};

}  // namespace

RecurrentSequence::RecurrentSequence(const OutputVector& inputs, size_t output_count, int64_t hidden_size,
                                     RecurrentSequenceDirection direction, std::vector<std::string> activations,
                                     std::vector<float> activations_alpha, std::vector<float> activations_beta,
                                     float clip)
    : Op(inputs, output_count),
      m_hidden_size(hidden_size),
      m_direction(direction),
      m_activations(std::move(activations)),
      m_activations_alpha(std::move(activations_alpha)),
      m_activations_beta(std::move(activations_beta)),
      m_clip(clip) {}

void RecurrentSequence::validate_and_infer_types() {
  const bool lstm = get_kind() == Kind::LSTM;
  const Inputs in(lstm, has_peepholes());
  const size_t expected_inputs = lstm ? (has_peepholes() ? 8 : 7) : 6;
  FERRY_NODE_CHECK(get_input_size() == expected_inputs, "expects ", expected_inputs, " inputs, got ", get_input_size());
  FERRY_NODE_CHECK(m_hidden_size > 0, "hidden_size must be positive, got ", m_hidden_size);
  FERRY_NODE_CHECK(m_activations.size() == activation_count(), "expects ", activation_count(), " activations, got ",
                   m_activations.size());
  for (size_t i = 0; i < m_activations.size(); ++i)
    FERRY_NODE_CHECK(static_cast<bool>(reference::recurrent_activation(m_activations[i], false, 0, false, 0)),
                     "unsupported activation '", m_activations[i], "'");
  FERRY_NODE_CHECK(m_clip >= 0, "clip must not be negative, got ", m_clip);
  element::Type type = element::dynamic;
  for (size_t i = 0; i < get_input_size(); ++i) {
    if (i == in.lengths) continue;
    FERRY_NODE_CHECK(element::Type::merge(type, type, get_input_element_type(i)), "input ", i, " is ",
                     get_input_element_type(i), ", expected ", type);
  }
  FERRY_NODE_CHECK(type.is_dynamic() || type.is_real(), "element type must be real, got ", type);
  const element::Type length_type = get_input_element_type(in.lengths);
  FERRY_NODE_CHECK(length_type.is_dynamic() || length_type.is_integral_number(),
                   "sequence_lengths must be integers, got ", length_type);

  const int64_t H = m_hidden_size;
  Dimension batch, seq, input_size, dirs(static_cast<int64_t>(num_directions()));
  // Merges dimension `axis` of input `i` (when its rank is static) into `into`, with `what` for errors.
  const auto merge = [&](Dimension& into, size_t i, size_t axis, const char* what) {
    const PartialShape& shape = get_input_partial_shape(i);
    if (shape.rank().is_dynamic()) return;
    FERRY_NODE_CHECK(Dimension::merge(into, into, shape[axis]), what, " of input ", i, " ", shape, " does not match ",
                     into);
  };
  const auto check_rank = [&](size_t i, int64_t rank) {
    const PartialShape& shape = get_input_partial_shape(i);
    FERRY_NODE_CHECK(shape.rank().compatible(rank), "input ", i, " must have rank ", rank, ", got ", shape);
  };
  for (size_t i : {in.x, in.h0, in.w, in.r}) check_rank(i, 3);
  if (lstm) check_rank(in.c0, 3);
  check_rank(in.lengths, 1);
  check_rank(in.b, 2);
  if (has_peepholes()) check_rank(in.p, 2);
  merge(batch, in.x, 0, "batch");
  merge(seq, in.x, 1, "sequence length");
  merge(input_size, in.x, 2, "input size");
  merge(input_size, in.w, 2, "input size");
  merge(batch, in.lengths, 0, "batch");
  for (size_t i : {in.h0, lstm ? in.c0 : in.h0}) {
    merge(batch, i, 0, "batch");
    merge(dirs, i, 1, "num_directions");
    Dimension hidden(H);
    merge(hidden, i, 2, "hidden_size");
  }
  Dimension gates_w(static_cast<int64_t>(gate_count()) * H), gates_b(static_cast<int64_t>(bias_gate_count()) * H),
      hidden(H);
  for (size_t i : {in.w, in.r, in.b}) merge(dirs, i, 0, "num_directions");
  merge(gates_w, in.w, 1, "gates*hidden_size");
  merge(gates_w, in.r, 1, "gates*hidden_size");
  merge(hidden, in.r, 2, "hidden_size");
  merge(gates_b, in.b, 1, "bias length");
  if (has_peepholes()) {
    Dimension peep(3 * H);
    merge(dirs, in.p, 0, "num_directions");
    merge(peep, in.p, 1, "3*hidden_size");
  }
  set_output_type(0, type, PartialShape{batch, dirs, seq, Dimension(H)});
  set_output_type(1, type, PartialShape{batch, dirs, Dimension(H)});
  if (lstm) set_output_type(2, type, PartialShape{batch, dirs, Dimension(H)});
}

bool RecurrentSequence::visit_attributes(AttributeVisitor& visitor) {
  visitor.on_attribute("hidden_size", m_hidden_size);
  visitor.on_attribute("activations", m_activations);
  visitor.on_attribute("activations_alpha", m_activations_alpha);
  visitor.on_attribute("activations_beta", m_activations_beta);
  double clip = m_clip;
  visitor.on_attribute("clip", clip);
  m_clip = static_cast<float>(clip);
  visitor.on_enum("direction", m_direction);
  return true;
}

bool RecurrentSequence::evaluate(TensorVector& outputs, const TensorVector& inputs) const {
  const bool lstm = get_kind() == Kind::LSTM;
  const Inputs in(lstm, has_peepholes());
  if (inputs.size() != get_input_size()) node_error("evaluate: expects ", get_input_size(), " inputs");
  const Tensor x = internal::dense(inputs.at(in.x));
  const element::Type type = x.get_element_type();
  if (type != element::f32 && !internal::is_half(type)) return false;
  const Shape& xs = x.get_shape();
  if (xs.size() != 3) node_error("evaluate: X must have rank 3, got ", xs);
  reference::RecurrentSpec spec;
  spec.kind = lstm                      ? reference::RecurrentKind::LSTM
              : get_kind() == Kind::GRU ? reference::RecurrentKind::GRU
                                        : reference::RecurrentKind::RNN;
  spec.batch = xs[0], spec.seq = xs[1], spec.input = xs[2], spec.hidden = static_cast<size_t>(m_hidden_size);
  spec.directions = num_directions();
  spec.reverse = m_direction == RecurrentSequenceDirection::REVERSE;
  spec.linear_before_reset = linear_before_reset();
  spec.clip = m_clip;
  for (size_t i = 0; i < m_activations.size(); ++i)
    spec.activations.push_back(reference::recurrent_activation(
        m_activations[i], i < m_activations_alpha.size(), i < m_activations_alpha.size() ? m_activations_alpha[i] : 0,
        i < m_activations_beta.size(), i < m_activations_beta.size() ? m_activations_beta[i] : 0));
  // Every real input as floats, each checked against the shape the kernel will index.
  const size_t B = spec.batch, D = spec.directions, H = spec.hidden, G = gate_count();
  const auto floats = [&](size_t i, const Shape& expected) {
    const Tensor t = internal::dense(inputs.at(i));
    if (t.get_element_type() != type) node_error("evaluate: input ", i, " is ", t.get_element_type(), ", X is ", type);
    if (t.get_shape() != expected)
      node_error("evaluate: input ", i, " has shape ", t.get_shape(), ", expected ", expected);
    if (type == element::f32) {
      const float* data = static_cast<const float*>(t.data());
      return std::vector<float>(data, data + t.get_size());
    }
    return internal::to_floats(t);
  };
  const std::vector<float> xv = floats(in.x, xs), h0 = floats(in.h0, Shape{B, D, H});
  const std::vector<float> c0 = lstm ? floats(in.c0, Shape{B, D, H}) : std::vector<float>();
  std::vector<float> w = floats(in.w, Shape{D, G * H, spec.input}), r = floats(in.r, Shape{D, G * H, H});
  std::vector<float> bias = floats(in.b, Shape{D, bias_gate_count() * H});
  if (lstm) {
    // The kernel takes blocks f, i, c, o.
    const std::vector<size_t> blocks = lstm_block_of_gate();
    const auto reorder = [&](std::vector<float>& values, size_t block) {
      const std::vector<float> original = values;
      for (size_t d = 0; d < D; ++d)
        for (size_t g = 0; g < 4; ++g)
          std::copy_n(original.begin() + (d * 4 + blocks[g]) * block, block, values.begin() + (d * 4 + g) * block);
    };
    if (blocks != std::vector<size_t>{0, 1, 2, 3}) {
      reorder(w, H * spec.input);
      reorder(r, H * H);
      reorder(bias, H);
    }
  }
  const std::vector<float> peep = has_peepholes() ? floats(in.p, Shape{D, 3 * H}) : std::vector<float>();
  const Tensor lengths_tensor = internal::dense(inputs.at(in.lengths));
  if (lengths_tensor.get_shape() != Shape{B})
    node_error("evaluate: sequence_lengths has shape ", lengths_tensor.get_shape(), ", expected ", Shape{B});
  const std::vector<int64_t> lengths = internal::read_integers(*this, lengths_tensor, "sequence_lengths");
  for (const int64_t length : lengths)
    if (length < 0 || length > static_cast<int64_t>(spec.seq))
      node_error("evaluate: sequence length ", length, " is outside [0, ", spec.seq, "]");

  std::vector<float> y(B * D * spec.seq * H), ho(B * D * H), co(lstm ? B * D * H : 0);
  reference::RecurrentData data;
  data.x = xv.data(), data.h0 = h0.data(), data.c0 = lstm ? c0.data() : nullptr, data.lengths = lengths.data();
  data.w = w.data(), data.r = r.data(), data.bias = bias.data(), data.peepholes = peep.empty() ? nullptr : peep.data();
  data.y = y.data(), data.ho = ho.data(), data.co = lstm ? co.data() : nullptr;
  reference::recurrent_sequence(spec, data);
  const auto store = [&](size_t o, const std::vector<float>& values, const Shape& shape) {
    Tensor& out = internal::prepare_output(*this, outputs, o, type, shape);
    if (type == element::f32)
      std::copy(values.begin(), values.end(), static_cast<float*>(out.data()));
    else
      internal::from_floats(values, out);
  };
  store(0, y, Shape{B, D, spec.seq, H});
  store(1, ho, Shape{B, D, H});
  if (lstm) store(2, co, Shape{B, D, H});
  return true;
}

}  // namespace util

namespace v5 {

RNNSequence::RNNSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                         const Output<Node>& sequence_lengths, const Output<Node>& W, const Output<Node>& R,
                         const Output<Node>& B, int64_t hidden_size, RecurrentSequenceDirection direction,
                         std::vector<std::string> activations, std::vector<float> activations_alpha,
                         std::vector<float> activations_beta, float clip)
    : RecurrentSequence({X, initial_hidden_state, sequence_lengths, W, R, B}, 2, hidden_size, direction,
                        std::move(activations), std::move(activations_alpha), std::move(activations_beta), clip) {
  constructor_validate_and_infer_types();
}

std::shared_ptr<Node> RNNSequence::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 6, "clone: expects 6 inputs, got ", inputs.size());
  return std::make_shared<RNNSequence>(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5], m_hidden_size,
                                       m_direction, m_activations, m_activations_alpha, m_activations_beta, m_clip);
}

GRUSequence::GRUSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                         const Output<Node>& sequence_lengths, const Output<Node>& W, const Output<Node>& R,
                         const Output<Node>& B, int64_t hidden_size, RecurrentSequenceDirection direction,
                         std::vector<std::string> activations, std::vector<float> activations_alpha,
                         std::vector<float> activations_beta, float clip, bool linear_before_reset)
    : RecurrentSequence({X, initial_hidden_state, sequence_lengths, W, R, B}, 2, hidden_size, direction,
                        std::move(activations), std::move(activations_alpha), std::move(activations_beta), clip),
      m_linear_before_reset(linear_before_reset) {
  constructor_validate_and_infer_types();
}

bool GRUSequence::visit_attributes(AttributeVisitor& visitor) {
  RecurrentSequence::visit_attributes(visitor);
  visitor.on_attribute("linear_before_reset", m_linear_before_reset);
  return true;
}

std::shared_ptr<Node> GRUSequence::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 6, "clone: expects 6 inputs, got ", inputs.size());
  return std::make_shared<GRUSequence>(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5], m_hidden_size,
                                       m_direction, m_activations, m_activations_alpha, m_activations_beta, m_clip,
                                       m_linear_before_reset);
}

LSTMSequence::LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                           const Output<Node>& initial_cell_state, const Output<Node>& sequence_lengths,
                           const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, int64_t hidden_size,
                           RecurrentSequenceDirection direction, std::vector<std::string> activations,
                           std::vector<float> activations_alpha, std::vector<float> activations_beta, float clip)
    : RecurrentSequence({X, initial_hidden_state, initial_cell_state, sequence_lengths, W, R, B}, 3, hidden_size,
                        direction, std::move(activations), std::move(activations_alpha), std::move(activations_beta),
                        clip) {
  constructor_validate_and_infer_types();
}

std::shared_ptr<Node> LSTMSequence::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 7, "clone: expects 7 inputs, got ", inputs.size());
  return std::make_shared<LSTMSequence>(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5], inputs[6],
                                        m_hidden_size, m_direction, m_activations, m_activations_alpha,
                                        m_activations_beta, m_clip);
}

}  // namespace v5

namespace v0 {

LSTMSequence::LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state,
                           const Output<Node>& initial_cell_state, const Output<Node>& sequence_lengths,
                           const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, const Output<Node>& P,
                           int64_t hidden_size, RecurrentSequenceDirection direction, const std::string& weights_format,
                           std::vector<std::string> activations, std::vector<float> activations_alpha,
                           std::vector<float> activations_beta, float clip)
    : RecurrentSequence({X, initial_hidden_state, initial_cell_state, sequence_lengths, W, R, B, P}, 3, hidden_size,
                        direction, std::move(activations), std::move(activations_alpha), std::move(activations_beta),
                        clip),
      m_weights_format(weights_format) {
  constructor_validate_and_infer_types();
}

std::vector<size_t> LSTMSequence::lstm_block_of_gate() const {
  std::vector<size_t> blocks;
  for (const char gate : {'f', 'i', 'c', 'o'}) blocks.push_back(m_weights_format.find(gate));
  return blocks;
}

void LSTMSequence::validate_and_infer_types() {
  static const std::vector<std::string> formats = {"fico", "icof", "ifco", "ifoc", "iofc"};
  FERRY_NODE_CHECK(std::find(formats.begin(), formats.end(), m_weights_format) != formats.end(),
                   "weights_format must be fico, icof, ifco, ifoc or iofc, got '", m_weights_format, "'");
  FERRY_NODE_CHECK(!m_input_forget, "input_forget is not supported");
  RecurrentSequence::validate_and_infer_types();
}

bool LSTMSequence::visit_attributes(AttributeVisitor& visitor) {
  RecurrentSequence::visit_attributes(visitor);
  visitor.on_attribute("input_forget", m_input_forget);
  visitor.on_attribute("weights_format", m_weights_format);
  return true;
}

std::shared_ptr<Node> LSTMSequence::clone_with_new_inputs(const OutputVector& inputs) const {
  FERRY_NODE_CHECK(inputs.size() == 8, "clone: expects 8 inputs, got ", inputs.size());
  return std::make_shared<LSTMSequence>(inputs[0], inputs[1], inputs[2], inputs[3], inputs[4], inputs[5], inputs[6],
                                        inputs[7], m_hidden_size, m_direction, m_weights_format, m_activations,
                                        m_activations_alpha, m_activations_beta, m_clip);
}

}  // namespace v0
}  // namespace op
}  // namespace ferry
