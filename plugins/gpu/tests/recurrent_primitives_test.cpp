// The recurrent primitive (RNNSequence-5, GRUSequence-5, LSTMSequence-5/-1) against the core's
// reference evaluate: every direction, sequence lengths shorter than the sequence (and 0), clip,
// GRU's linear_before_reset, activations with alpha/beta, LSTM-1's peepholes and weights_format,
// i32 and i64 lengths, f16 storage, batch > 1 with input_size != hidden_size. Y, Ho and Co are all
// compared, within |gpu - ref| <= 1e-5 + 1e-4 * |ref| (f32; f16: 2e-2 + 2e-2 * |ref|).
// Cases share build options where they can: PoCL builds each distinct program cold (~10 s here).

#include <gtest/gtest.h>

#include "ferry/graph/ops.hpp"
#include "ferry/graph/ops/rnn_sequence.hpp"
#include "support/gpu_test_utils.hpp"

namespace ferry::gpu::test {
namespace {

using Direction = op::RecurrentSequenceDirection;
using Kind = op::util::RecurrentSequence::Kind;

constexpr size_t kBatch = 3, kSeq = 4, kInput = 5, kHidden = 3;

struct Case {
  Kind kind = Kind::RNN;
  size_t batch = kBatch, seq = kSeq, input = kInput, hidden = kHidden;
  Direction direction = Direction::FORWARD;
  std::vector<int64_t> lengths = {4, 4, 4};
  std::vector<std::string> activations;  // empty: the op's defaults
  std::vector<float> alpha, beta;
  float clip = 0.f;
  bool linear_before_reset = false;
  element::Type lengths_type = element::i64;
  element::Type type = element::f32;
};

size_t gates_of(Kind kind) { return kind == Kind::RNN ? 1 : kind == Kind::GRU ? 3 : 4; }

// The model (Y, Ho[, Co] as outputs) with every tensor a Parameter, and its inputs: data and
// weights random in [-1, 1), lengths as given.
std::pair<std::shared_ptr<Model>, TensorVector> build(const Case& c) {
  const size_t dirs = c.direction == Direction::BIDIRECTIONAL ? 2 : 1, gates = gates_of(c.kind), H = c.hidden;
  const size_t batch = c.batch, seq = c.seq, input = c.input;
  const size_t bias_gates = c.linear_before_reset ? 4 : gates;
  ParameterVector params;
  TensorVector inputs;
  const auto add = [&](const Shape& shape, const element::Type& type) {
    params.push_back(param(shape, type));
    // Types without a random_tensor writer only appear in models that are queried, never run.
    const bool runnable = type == element::f32 || type == element::f16 || type == element::i32 || type == element::i64;
    inputs.push_back(runnable ? random_tensor(type, shape, static_cast<unsigned>(40 + inputs.size()), -1.0, 1.0)
                              : Tensor(type, shape));
    return params.back();
  };
  auto x = add({batch, seq, input}, c.type);
  auto h0 = add({batch, dirs, H}, c.type);
  auto c0 = c.kind == Kind::LSTM ? add({batch, dirs, H}, c.type) : nullptr;
  auto lengths = add({batch}, c.lengths_type);
  for (size_t b = 0; b < batch; ++b) {
    if (c.lengths_type == element::i32)
      inputs.back().data<int32_t>()[b] = static_cast<int32_t>(c.lengths[b]);
    else if (c.lengths_type == element::i64)
      inputs.back().data<int64_t>()[b] = c.lengths[b];
  }
  auto w = add({dirs, gates * H, input}, c.type);
  auto r = add({dirs, gates * H, H}, c.type);
  auto bias = add({dirs, bias_gates * H}, c.type);
  std::shared_ptr<Node> node;
  if (c.kind == Kind::RNN) {
    node = std::make_shared<op::v5::RNNSequence>(
        x, h0, lengths, w, r, bias, H, c.direction,
        c.activations.empty() ? std::vector<std::string>{"tanh"} : c.activations, c.alpha, c.beta, c.clip);
  } else if (c.kind == Kind::GRU) {
    node = std::make_shared<op::v5::GRUSequence>(
        x, h0, lengths, w, r, bias, H, c.direction,
        c.activations.empty() ? std::vector<std::string>{"sigmoid", "tanh"} : c.activations, c.alpha, c.beta, c.clip,
        c.linear_before_reset);
  } else {
    node = std::make_shared<op::v5::LSTMSequence>(
        x, h0, c0, lengths, w, r, bias, H, c.direction,
        c.activations.empty() ? std::vector<std::string>{"sigmoid", "tanh", "tanh"} : c.activations, c.alpha, c.beta,
        c.clip);
  }
  return {std::make_shared<Model>(node->outputs(), params, "recurrent"), inputs};
}

void check(const Case& c) {
  const auto [model, inputs] = build(c);
  if (c.type == element::f16)
    expect_matches_reference(model, inputs, 2e-2, 2e-2);
  else
    expect_matches_reference(model, inputs, 1e-5, 1e-4);
}

// Every direction, full and short lengths (0 included), clip: one program per op.
void every_direction(Case c) {
  for (Direction direction : {Direction::FORWARD, Direction::REVERSE, Direction::BIDIRECTIONAL}) {
    SCOPED_TRACE(static_cast<int>(direction));
    c.direction = direction;
    c.lengths = {4, 4, 4};
    c.clip = 0.f;
    check(c);
    c.lengths = {2, 4, 0};
    check(c);
    c.clip = 0.4f;
    check(c);
  }
}

TEST(GpuRecurrentPrimitives, RnnEveryDirectionShortLengthsAndClip) { every_direction(Case{Kind::RNN}); }

TEST(GpuRecurrentPrimitives, GruEveryDirectionShortLengthsAndClip) { every_direction(Case{Kind::GRU}); }

TEST(GpuRecurrentPrimitives, LstmEveryDirectionShortLengthsAndClip) { every_direction(Case{Kind::LSTM}); }

// Wider than a typical work-group and longer, on the programs above (the shapes are arguments).
TEST(GpuRecurrentPrimitives, LargerShapes) {
  for (Kind kind : {Kind::GRU, Kind::LSTM}) {
    Case c{kind};
    c.batch = 2, c.seq = 9, c.input = 40, c.hidden = 70;
    c.direction = Direction::BIDIRECTIONAL;
    c.lengths = {9, 5};
    check(c);
  }
}

TEST(GpuRecurrentPrimitives, GruLinearBeforeResetWithI32Lengths) {
  Case c{Kind::GRU};
  c.linear_before_reset = true;
  c.lengths_type = element::i32;
  for (Direction direction : {Direction::FORWARD, Direction::REVERSE, Direction::BIDIRECTIONAL}) {
    c.direction = direction;
    c.lengths = {3, 1, 4};
    check(c);
  }
  c.clip = 0.3f;
  check(c);
}

TEST(GpuRecurrentPrimitives, ActivationsWithAlphaAndBeta) {
  Case rnn{Kind::RNN};
  rnn.activations = {"scaledtanh"};
  rnn.alpha = {0.8f};
  rnn.beta = {1.7f};
  rnn.direction = Direction::BIDIRECTIONAL;
  rnn.lengths = {4, 3, 1};
  check(rnn);
  // Defaults of alpha/beta where none are given: hardsigmoid 0.2, 0.5; elu 1.
  Case lstm{Kind::LSTM};
  lstm.activations = {"hardsigmoid", "elu", "softsign"};
  lstm.lengths = {4, 2, 3};
  check(lstm);
  lstm.alpha = {0.3f, 0.7f};
  lstm.beta = {0.4f};
  lstm.direction = Direction::REVERSE;
  check(lstm);
}

TEST(GpuRecurrentPrimitives, Lstm1PeepholesAndWeightsFormat) {
  const size_t H = kHidden, dirs = 2;
  ParameterVector params;
  TensorVector inputs;
  const auto add = [&](const Shape& shape, const element::Type& type) {
    params.push_back(param(shape, type));
    inputs.push_back(random_tensor(type, shape, static_cast<unsigned>(70 + inputs.size()), -1.0, 1.0));
    return params.back();
  };
  auto x = add({kBatch, kSeq, kInput}, element::f32);
  auto h0 = add({kBatch, dirs, H}, element::f32);
  auto c0 = add({kBatch, dirs, H}, element::f32);
  auto lengths = add({kBatch}, element::i64);
  const int64_t values[] = {4, 2, 3};
  std::copy(values, values + kBatch, inputs.back().data<int64_t>());
  auto w = add({dirs, 4 * H, kInput}, element::f32);
  auto r = add({dirs, 4 * H, H}, element::f32);
  auto bias = add({dirs, 4 * H}, element::f32);
  auto peepholes = add({dirs, 3 * H}, element::f32);
  auto lstm = std::make_shared<op::v0::LSTMSequence>(x, h0, c0, lengths, w, r, bias, peepholes, H,
                                                     Direction::BIDIRECTIONAL, "icof");
  expect_matches_reference(std::make_shared<Model>(lstm->outputs(), params, "lstm1"), inputs, 1e-5, 1e-4);
}

TEST(GpuRecurrentPrimitives, HalfStorage) {
  Case c{Kind::GRU};
  c.type = element::f16;
  c.direction = Direction::BIDIRECTIONAL;
  c.lengths = {4, 2, 3};
  check(c);
}

TEST(GpuRecurrentPrimitives, QueryModelClaimsOnlyWhatTheKernelsRun) {
  Core core = make_core();
  Case c{Kind::LSTM};
  auto claimed = build(c).first;
  const auto claimed_node = claimed->get_results().at(0)->get_input_node_shared_ptr(0);
  claimed_node->set_friendly_name("lstm");
  EXPECT_EQ(core.query_model(claimed, "GPU").count("lstm"), 1u);
  // bf16 has no kernels here.
  c.type = element::bf16;
  auto bf16 = build(c).first;
  bf16->get_results().at(0)->get_input_node_shared_ptr(0)->set_friendly_name("lstm_bf16");
  EXPECT_EQ(core.query_model(bf16, "GPU").count("lstm_bf16"), 0u);
  // Nor do u8 sequence lengths.
  c.type = element::f32;
  c.lengths_type = element::u8;
  auto u8 = build(c).first;
  u8->get_results().at(0)->get_input_node_shared_ptr(0)->set_friendly_name("lstm_u8_lengths");
  EXPECT_EQ(core.query_model(u8, "GPU").count("lstm_u8_lengths"), 0u);
}

}  // namespace
}  // namespace ferry::gpu::test
