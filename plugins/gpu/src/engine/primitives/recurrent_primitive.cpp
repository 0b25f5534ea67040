// RNNSequence-5, GRUSequence-5 and LSTMSequence-5/-1 on kernels/recurrent.cl: f32 or f16 (stored
// as half, computed in float), static shapes, i32/i64 sequence_lengths (an input on the device),
// every direction, clip, every activation of the core op with its alpha/beta, GRU's
// linear_before_reset, LSTM-1's peepholes and weights_format.
//
// The launches are fixed at compile time, so an inference synchronises nothing. First one
// matrix product (kernels/gemm.cl) computes the input projection X W^T of every time step, batch
// row and direction into a scratch buffer XW [D, B * S, GATES * H] (Primitive::scratch_bytes):
// it does not depend on the state, so the whole sequence is one large product instead of S small
// ones. Then per time step one recurrent_step over (hidden, batch, directions) -- preceded for GRU
// without linear_before_reset by gru_reset_state, because the candidate needs r * H of every unit
// -- reads its row of XW, and one recurrent_final writes Ho. The bias stays in the step kernels
// (one load per gate): it is per direction, which the product's epilogue cannot index, and GRU's
// linear_before_reset Rb belongs to the recurrent part anyway. The state is kept in the outputs
// (see the kernel file).

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/graph/ops/rnn_sequence.hpp"
#include "plugins/gpu/src/engine/float_storage.hpp"
#include "plugins/gpu/src/engine/gemm_launch.hpp"
#include "plugins/gpu/src/engine/primitive.hpp"

namespace ferry::gpu {
namespace {

using Recurrent = op::util::RecurrentSequence;

struct Activation {
  const char* name;
  float alpha, beta;  // ONNX's defaults, as the reference takes them
};
// Indexed by the kernel's activation id.
const Activation kActivations[] = {{"sigmoid", 0, 0},       {"tanh", 0, 0},
                                   {"relu", 0, 0},          {"affine", 1, 0},
                                   {"leakyrelu", 0.01f, 0}, {"thresholdedrelu", 1, 0},
                                   {"scaledtanh", 1, 1},    {"hardsigmoid", 0.2f, 0.5f},
                                   {"elu", 1, 0},           {"softsign", 0, 0},
                                   {"softplus", 0, 0}};

int activation_id(std::string name) {
  for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (size_t i = 0; i < std::size(kActivations); ++i)
    if (name == kActivations[i].name) return static_cast<int>(i);
  return -1;
}

bool is_lstm1(const Node& node) { return is_type<op::v0::LSTMSequence>(&node); }

// Input positions: LSTM has initial_cell_state at 2, which shifts the rest by one; LSTM-1 adds P.
struct Ports {
  size_t x = 0, h0 = 1, c0 = 0, lengths = 2, w = 3, r = 4, b = 5, p = 0;
  bool lstm = false, peepholes = false;
  explicit Ports(const Recurrent& op) {
    if (op.get_kind() != Recurrent::Kind::LSTM) return;
    lstm = true, c0 = 2, lengths = 3, w = 4, r = 5, b = 6;
    if (is_lstm1(op)) peepholes = true, p = 7;
  }
};

bool linear_before_reset(const Node& node) {
  const auto* gru = dynamic_cast<const op::v5::GRUSequence*>(&node);
  return gru && gru->get_linear_before_reset();
}

bool supports(const Node& node) {
  const auto* op = dynamic_cast<const Recurrent*>(&node);
  if (!op || !all_static(node)) return false;
  const Ports ports(*op);
  const element::Type type = node.get_input_element_type(ports.x);
  if (type != element::f32 && type != element::f16) return false;
  for (size_t i = 0; i < node.get_input_size(); ++i)
    if (i != ports.lengths && node.get_input_element_type(i) != type) return false;
  for (size_t i = 0; i < node.get_output_size(); ++i)
    if (node.get_output_element_type(i) != type) return false;
  const element::Type lengths = node.get_input_element_type(ports.lengths);
  if (lengths != element::i32 && lengths != element::i64) return false;
  for (const std::string& name : op->get_activations())
    if (activation_id(name) < 0) return false;
  // Empty tensors would leave recurrent_final reading an empty Y; the int kernel arguments bound
  // the sizes.
  const Shape& x = node.get_input_shape(ports.x);
  const Shape& y = node.get_output_shape(0);
  if (x.size() != 3 || y.size() != 4 || element_count(y) == 0) return false;
  for (size_t i = 0; i < node.get_input_size(); ++i)
    if (element_count(node.get_input_shape(i)) > static_cast<size_t>(INT32_MAX) / 4) return false;
  return element_count(y) <= static_cast<size_t>(INT32_MAX);
}

std::string build_options(const Recurrent& op, const Ports& ports, const Node& node) {
  const Recurrent::Kind kind = op.get_kind();
  const bool lbr = linear_before_reset(node);
  const size_t gates = kind == Recurrent::Kind::RNN ? 1 : kind == Recurrent::Kind::GRU ? 3 : 4;
  std::string options = "-DGATES=" + std::to_string(gates) + " -DBIAS_GATES=" + std::to_string(lbr ? 4 : gates);
  options += kind == Recurrent::Kind::RNN   ? " -DKIND_RNN"
             : kind == Recurrent::Kind::GRU ? " -DKIND_GRU"
                                            : " -DKIND_LSTM";
  if (lbr) options += " -DLBR";
  if (ports.peepholes) {
    options += " -DPEEP";
    const std::string format = dynamic_cast<const op::v0::LSTMSequence&>(node).get_weights_format();
    const char* names[] = {"F", "I", "C", "O"};
    const char gates_in_order[] = {'f', 'i', 'c', 'o'};
    for (size_t g = 0; g < 4; ++g)
      options += std::string(" -DBLK_") + names[g] + "=" + std::to_string(format.find(gates_in_order[g]));
  }
  const char* slots[] = {"F", "G", "H"};
  const auto& activations = op.get_activations();
  for (size_t i = 0; i < activations.size() && i < 3; ++i)
    options += std::string(" -DACT_") + slots[i] + "=" + std::to_string(activation_id(activations[i]));
  options += node.get_input_element_type(ports.lengths) == element::i32 ? " -DLEN_T=int" : " -DLEN_T=long";
  if (node.get_input_element_type(ports.x) == element::f16) options += " -DHALF";
  return options;
}

size_t gates_of(const Recurrent& op) {
  return op.get_kind() == Recurrent::Kind::RNN ? 1 : op.get_kind() == Recurrent::Kind::GRU ? 3 : 4;
}

// XW [D, B * S, GATES * H], stored as the node's type.
std::vector<size_t> scratch_bytes(const Node& node) {
  const auto& op = dynamic_cast<const Recurrent&>(node);
  const Ports ports(op);
  const Shape& x = node.get_input_shape(ports.x);
  const size_t hidden = static_cast<size_t>(op.get_hidden_size());
  return {op.num_directions() * x[0] * x[1] * gates_of(op) * hidden * node.get_input_element_type(ports.x).size()};
}

// XW[d] = X W[d]^T for every direction d: M = B * S rows of X (K = I contiguous), N = GATES * H
// rows of W[d] (K contiguous), z = d; X is shared by the directions (batch stride 0).
KernelStep input_projection(const Node& node, size_t x_value, size_t w_value, size_t xw_value) {
  const auto& op = dynamic_cast<const Recurrent&>(node);
  const Ports ports(op);
  const Shape& x = node.get_input_shape(ports.x);
  const size_t M = x[0] * x[1], K = x[2], N = gates_of(op) * static_cast<size_t>(op.get_hidden_size());
  const size_t dirs = op.num_directions();
  const GemmTile tile = choose_gemm_tile(M, N, dirs, false);
  KernelStep step(
      "gemm.cl",
      with_storage(gemm_options(tile, "-DB_K_CONTIG", Epilogue{}, "BIAS_N"), node.get_input_element_type(ports.x)),
      "gemm");
  step.value(x_value).value(w_value);
  bind_epilogue(step, xw_value, Epilogue{});
  step.i32(M).i32(N).i32(K);
  step.i32(K).i32(1);  // a_sm, a_sk
  step.i32(1).i32(K);  // b_sk, b_sn
  step.i32(1).int8({static_cast<int64_t>(dirs)}).int8({0}, 0).int8({static_cast<int64_t>(N * K)}, 0);
  set_gemm_range(step, tile, M, N, dirs);
  return step;
}

std::vector<KernelStep> make(const Node& node, const std::vector<size_t>& inputs, const std::vector<size_t>& outputs) {
  const auto& op = dynamic_cast<const Recurrent&>(node);
  const Ports ports(op);
  const Shape& x = node.get_input_shape(ports.x);
  const size_t batch = x[0], seq = x[1], input = x[2];
  const size_t hidden = static_cast<size_t>(op.get_hidden_size()), dirs = op.num_directions();
  const std::string options = build_options(op, ports, node);
  FERRY_ASSERT(outputs.size() == node.get_output_size() + 1, "GPU: ", node.get_type_name(), " '",
               node.get_friendly_name(), "' needs its outputs and one scratch buffer, got ", outputs.size(), " ids");
  const size_t xw = outputs.back();
  // alpha, beta per activation slot: given ones by position, else the activation's defaults.
  std::vector<float> params;
  for (size_t i = 0; i < 3; ++i) {
    const auto& activations = op.get_activations();
    const Activation& a = kActivations[i < activations.size() ? activation_id(activations[i]) : 0];
    params.push_back(i < op.get_activations_alpha().size() ? op.get_activations_alpha()[i] : a.alpha);
    params.push_back(i < op.get_activations_beta().size() ? op.get_activations_beta()[i] : a.beta);
  }
  const bool reverse = op.get_direction() == op::RecurrentSequenceDirection::REVERSE;
  const size_t unused = inputs[ports.x];  // bound where the kernel has no such tensor
  const auto launch = [&](const char* kernel, size_t step) {
    KernelStep k("recurrent.cl", options, kernel);
    k.value(inputs[ports.x]).value(inputs[ports.h0]).value(ports.lstm ? inputs[ports.c0] : unused);
    k.value(inputs[ports.lengths]).value(inputs[ports.w]).value(inputs[ports.r]).value(inputs[ports.b]);
    k.value(ports.peepholes ? inputs[ports.p] : unused);
    k.value(outputs[0]).value(outputs[1]).value(ports.lstm ? outputs[2] : unused).value(xw);
    k.i32(seq).i32(input).i32(hidden).i32(step).i32(reverse ? 1 : 0).f32(op.get_clip());
    for (float p : params) k.f32(p);
    k.range({hidden, batch, dirs}, 3);
    return k;
  };
  const bool reset_launch = op.get_kind() == Recurrent::Kind::GRU && !linear_before_reset(node);
  std::vector<KernelStep> steps{input_projection(node, inputs[ports.x], inputs[ports.w], xw)};
  for (size_t s = 0; s < seq; ++s) {
    if (reset_launch) steps.push_back(launch("gru_reset_state", s));
    steps.push_back(launch("recurrent_step", s));
  }
  steps.push_back(launch("recurrent_final", 0));
  return steps;
}

}  // namespace

const Primitive& recurrent_primitive() {
  static const Primitive primitive{"recurrent", supports, make, nullptr, scratch_bytes};
  return primitive;
}

}  // namespace ferry::gpu
