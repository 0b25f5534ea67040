#pragma once

// The recurrent sequence kernels (RNN, GRU, LSTM) over f32 data, shared by the three sequence ops.
// Layouts: X [B, S, I]; H0, C0 [B, D, H]; W [D, G*H, I]; R [D, G*H, H]; bias [D, NB*H];
// peepholes [D, 3*H] (i, o, f) or null; Y [B, D, S, H]; Ho, Co [B, D, H].

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ferry {
namespace reference {

enum class RecurrentKind { RNN, GRU, LSTM };

struct RecurrentSpec {
  RecurrentKind kind = RecurrentKind::LSTM;
  size_t batch = 0, seq = 0, input = 0, hidden = 0, directions = 1;
  bool reverse = false;  // with one direction: run it backwards
  bool linear_before_reset = false;
  float clip = 0.f;                                      // > 0: clamp pre-activations to [-clip, clip]
  std::vector<std::function<float(float)>> activations;  // f, g(, h)
};

// The activation `name` with its alpha/beta (ONNX defaults where `has_*` is false); an empty
// function for an unknown name.
std::function<float(float)> recurrent_activation(const std::string& name, bool has_alpha, float alpha, bool has_beta,
                                                 float beta);

struct RecurrentData {
  const float* x = nullptr;
  const float* h0 = nullptr;
  const float* c0 = nullptr;  // LSTM only
  const int64_t* lengths = nullptr;
  const float* w = nullptr;
  const float* r = nullptr;
  const float* bias = nullptr;
  const float* peepholes = nullptr;  // LSTM only, optional
  float* y = nullptr;
  float* ho = nullptr;
  float* co = nullptr;  // LSTM only
};

void recurrent_sequence(const RecurrentSpec& spec, const RecurrentData& data);

}  // namespace reference
}  // namespace ferry
