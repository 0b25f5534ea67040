#pragma once

#include <string>
#include <vector>

#include "ferry/base/enum_names.hpp"
#include "ferry/graph/ops/op.hpp"

namespace ferry {
namespace op {

// Which way a recurrent sequence op runs over time (IR attribute "direction").
enum class RecurrentSequenceDirection { FORWARD, REVERSE, BIDIRECTIONAL };

}  // namespace op

template <>
struct EnumNames<op::RecurrentSequenceDirection> {
  static const std::vector<std::pair<const char*, op::RecurrentSequenceDirection>>& table() {
    static const std::vector<std::pair<const char*, op::RecurrentSequenceDirection>> names = {
        {"forward", op::RecurrentSequenceDirection::FORWARD},
        {"reverse", op::RecurrentSequenceDirection::REVERSE},
        {"bidirectional", op::RecurrentSequenceDirection::BIDIRECTIONAL}};
    return names;
  }
};

namespace op {
namespace util {

// What the three recurrent sequence ops share. Inputs (LSTM adds initial_cell_state after
// initial_hidden_state): X [batch, seq, input], initial_hidden_state [batch, dirs, hidden],
// sequence_lengths [batch] (integers), W [dirs, gates*hidden, input], R [dirs, gates*hidden,
// hidden], B [dirs, gates*hidden]. Outputs: Y [batch, dirs, seq, hidden] (zeros past a batch
// entry's length), Ho [batch, dirs, hidden] (LSTM adds Co). A reverse direction runs from each
// entry's last valid step back to step 0. "clip" > 0 clamps every gate's pre-activation.
// Activations: sigmoid, tanh, relu, and ONNX's affine, leakyrelu, thresholdedrelu, scaledtanh,
// hardsigmoid, elu, softsign, softplus (alpha/beta taken by position). Real element types
// (f16/bf16 computed in f32). IR attributes: "hidden_size", "activations", "activations_alpha",
// "activations_beta", "clip", "direction".
class RecurrentSequence : public Op {
 public:
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  bool evaluate(TensorVector& outputs, const TensorVector& inputs) const override;
  bool has_evaluate() const override { return true; }

  enum class Kind { RNN, GRU, LSTM };
  virtual Kind get_kind() const = 0;

  int64_t get_hidden_size() const { return m_hidden_size; }
  const std::vector<std::string>& get_activations() const { return m_activations; }
  const std::vector<float>& get_activations_alpha() const { return m_activations_alpha; }
  const std::vector<float>& get_activations_beta() const { return m_activations_beta; }
  float get_clip() const { return m_clip; }
  RecurrentSequenceDirection get_direction() const { return m_direction; }
  size_t num_directions() const { return m_direction == RecurrentSequenceDirection::BIDIRECTIONAL ? 2 : 1; }

 protected:
  RecurrentSequence() = default;
  RecurrentSequence(const OutputVector& inputs, size_t output_count, int64_t hidden_size,
                    RecurrentSequenceDirection direction, std::vector<std::string> activations,
                    std::vector<float> activations_alpha, std::vector<float> activations_beta, float clip);

  size_t gate_count() const { return get_kind() == Kind::RNN ? 1 : get_kind() == Kind::GRU ? 3 : 4; }
  virtual size_t bias_gate_count() const { return gate_count(); }
  virtual bool linear_before_reset() const { return false; }
  virtual bool has_peepholes() const { return false; }
  // LSTM: where gates f, i, c, o lie among W/R/B's four blocks.
  virtual std::vector<size_t> lstm_block_of_gate() const { return {0, 1, 2, 3}; }
  size_t activation_count() const { return get_kind() == Kind::RNN ? 1 : get_kind() == Kind::GRU ? 2 : 3; }

  int64_t m_hidden_size = 0;
  RecurrentSequenceDirection m_direction = RecurrentSequenceDirection::FORWARD;
  std::vector<std::string> m_activations;
  std::vector<float> m_activations_alpha, m_activations_beta;
  float m_clip = 0.f;
};

}  // namespace util

namespace v5 {

// H = f(X W^T + H R^T + B). Default activations {"tanh"}.
class RNNSequence : public util::RecurrentSequence {
 public:
  FERRY_OP("RNNSequence", "opset5")
  RNNSequence() { m_activations = {"tanh"}; }
  RNNSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& sequence_lengths,
              const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, int64_t hidden_size,
              RecurrentSequenceDirection direction, std::vector<std::string> activations = {"tanh"},
              std::vector<float> activations_alpha = {}, std::vector<float> activations_beta = {}, float clip = 0.f);
  Kind get_kind() const override { return Kind::RNN; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

// Gates z, r, h (in that order along W/R/B's second axis): z = f(.), r = f(.),
// h~ = g(X Wh + (r * H) Rh + Bh), or with "linear_before_reset" g(X Wh + Wbh + r * (H Rh + Rbh))
// where B is [dirs, 4*hidden] = [z, r, Wbh, Rbh]; H = (1 - z) * h~ + z * H.
// Default activations {"sigmoid", "tanh"}. Extra IR attribute: "linear_before_reset".
class GRUSequence : public util::RecurrentSequence {
 public:
  FERRY_OP("GRUSequence", "opset5")
  GRUSequence() { m_activations = {"sigmoid", "tanh"}; }
  GRUSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& sequence_lengths,
              const Output<Node>& W, const Output<Node>& R, const Output<Node>& B, int64_t hidden_size,
              RecurrentSequenceDirection direction, std::vector<std::string> activations = {"sigmoid", "tanh"},
              std::vector<float> activations_alpha = {}, std::vector<float> activations_beta = {}, float clip = 0.f,
              bool linear_before_reset = false);
  Kind get_kind() const override { return Kind::GRU; }
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  bool get_linear_before_reset() const { return m_linear_before_reset; }

 protected:
  size_t bias_gate_count() const override { return m_linear_before_reset ? 4 : 3; }
  bool linear_before_reset() const override { return m_linear_before_reset; }

 private:
  bool m_linear_before_reset = false;
};

// Gates f, i, c, o: f, i, o = f(.), c~ = g(.), C = f * C + i * c~, H = o * h(C).
// Default activations {"sigmoid", "tanh", "tanh"}. Inputs add initial_cell_state (index 2),
// outputs add Co.
class LSTMSequence : public util::RecurrentSequence {
 public:
  FERRY_OP("LSTMSequence", "opset5")
  LSTMSequence() { m_activations = {"sigmoid", "tanh", "tanh"}; }
  LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& initial_cell_state,
               const Output<Node>& sequence_lengths, const Output<Node>& W, const Output<Node>& R,
               const Output<Node>& B, int64_t hidden_size, RecurrentSequenceDirection direction,
               std::vector<std::string> activations = {"sigmoid", "tanh", "tanh"},
               std::vector<float> activations_alpha = {}, std::vector<float> activations_beta = {}, float clip = 0.f);
  Kind get_kind() const override { return Kind::LSTM; }
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
};

}  // namespace v5

namespace v0 {

// LSTMSequence of opset1: LSTMSequence-5's inputs plus peepholes P [dirs, 3*hidden] (gates i, o, f;
// i and f see the previous cell, o the new one), W/R/B blocks in "weights_format" order (fico,
// icof, ifco, ifoc or iofc). "input_forget" (coupled input and forget gates) is not supported.
// Extra IR attributes: "input_forget", "weights_format".
class LSTMSequence : public util::RecurrentSequence {
 public:
  FERRY_OP("LSTMSequence", "opset1")
  LSTMSequence() { m_activations = {"sigmoid", "tanh", "tanh"}; }
  LSTMSequence(const Output<Node>& X, const Output<Node>& initial_hidden_state, const Output<Node>& initial_cell_state,
               const Output<Node>& sequence_lengths, const Output<Node>& W, const Output<Node>& R,
               const Output<Node>& B, const Output<Node>& P, int64_t hidden_size, RecurrentSequenceDirection direction,
               const std::string& weights_format = "fico",
               std::vector<std::string> activations = {"sigmoid", "tanh", "tanh"},
               std::vector<float> activations_alpha = {}, std::vector<float> activations_beta = {}, float clip = 0.f);
  Kind get_kind() const override { return Kind::LSTM; }
  void validate_and_infer_types() override;
  bool visit_attributes(AttributeVisitor& visitor) override;
  std::shared_ptr<Node> clone_with_new_inputs(const OutputVector& inputs) const override;
  const std::string& get_weights_format() const { return m_weights_format; }

 protected:
  bool has_peepholes() const override { return true; }
  std::vector<size_t> lstm_block_of_gate() const override;

 private:
  std::string m_weights_format = "fico";
  bool m_input_forget = false;
};

}  // namespace v0
}  // namespace op
}  // namespace ferry
