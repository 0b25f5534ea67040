#include "core/src/graph/reference/recurrent.hpp"

#include <algorithm>
#include <cmath>

namespace ferry {
namespace reference {

std::function<float(float)> recurrent_activation(const std::string& name, bool has_alpha, float alpha, bool has_beta,
                                                 float beta) {
  std::string n = name;
  for (auto& c : n) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto a = [&](float fallback) { return has_alpha ? alpha : fallback; };
  const auto b = [&](float fallback) { return has_beta ? beta : fallback; };
  if (n == "sigmoid") return [](float x) { return 1.f / (1.f + std::exp(-x)); };
  if (n == "tanh") return [](float x) { return std::tanh(x); };
  if (n == "relu") return [](float x) { return std::max(x, 0.f); };
  if (n == "affine") return [al = a(1.f), be = b(0.f)](float x) { return al * x + be; };
  if (n == "leakyrelu") return [al = a(0.01f)](float x) { return x >= 0 ? x : al * x; };
  if (n == "thresholdedrelu") return [al = a(1.f)](float x) { return x > al ? x : 0.f; };
  if (n == "scaledtanh") return [al = a(1.f), be = b(1.f)](float x) { return al * std::tanh(be * x); };
  if (n == "hardsigmoid")
    return [al = a(0.2f), be = b(0.5f)](float x) { return std::min(1.f, std::max(0.f, al * x + be)); };
  if (n == "elu") return [al = a(1.f)](float x) { return x >= 0 ? x : al * (std::exp(x) - 1.f); };
  if (n == "softsign") return [](float x) { return x / (1.f + std::fabs(x)); };
  if (n == "softplus") return [](float x) { return std::log1p(std::exp(x)); };
  return {};
}

namespace {

// out[g] = sum_k v[k] * m[g][k] for the rows [rows] of the row-major matrix m (row length n).
void add_product(const float* v, const float* m, size_t rows, size_t n, double* out) {
  for (size_t g = 0; g < rows; ++g) {
    double sum = 0;
    for (size_t k = 0; k < n; ++k) sum += static_cast<double>(v[k]) * m[g * n + k];
    out[g] += sum;
  }
}

}  // namespace

void recurrent_sequence(const RecurrentSpec& s, const RecurrentData& d) {
  const size_t H = s.hidden, I = s.input, D = s.directions, S = s.seq;
  const size_t gates = s.kind == RecurrentKind::RNN ? 1 : s.kind == RecurrentKind::GRU ? 3 : 4;
  const size_t bias_gates = s.linear_before_reset ? 4 : gates;
  const auto clip = [&](double x) {
    const float v = static_cast<float>(x);
    return s.clip > 0 ? std::min(s.clip, std::max(-s.clip, v)) : v;
  };
  const auto& f = s.activations[0];
  std::fill(d.y, d.y + s.batch * D * S * H, 0.f);
  std::vector<double> xw(gates * H), hr(gates * H);
  std::vector<float> h(H), c(H), next(H);
  for (size_t dir = 0; dir < D; ++dir) {
    const bool reverse = D == 2 ? dir == 1 : s.reverse;
    const float* w = d.w + dir * gates * H * I;
    const float* r = d.r + dir * gates * H * H;
    const float* bias = d.bias + dir * bias_gates * H;
    const float* p = d.peepholes ? d.peepholes + dir * 3 * H : nullptr;
    for (size_t b = 0; b < s.batch; ++b) {
      const size_t state = (b * D + dir) * H;
      std::copy(d.h0 + state, d.h0 + state + H, h.begin());
      if (d.c0) std::copy(d.c0 + state, d.c0 + state + H, c.begin());
      const int64_t raw_length = d.lengths ? d.lengths[b] : static_cast<int64_t>(S);
      const size_t length = static_cast<size_t>(std::max<int64_t>(0, std::min<int64_t>(raw_length, S)));
      for (size_t step = 0; step < length; ++step) {
        const size_t t = reverse ? length - 1 - step : step;
        std::fill(xw.begin(), xw.end(), 0.0);
        std::fill(hr.begin(), hr.end(), 0.0);
        add_product(d.x + (b * S + t) * I, w, gates * H, I, xw.data());
        add_product(h.data(), r, gates * H, H, hr.data());
        if (s.kind == RecurrentKind::RNN) {
          for (size_t j = 0; j < H; ++j) next[j] = f(clip(xw[j] + hr[j] + bias[j]));
        } else if (s.kind == RecurrentKind::GRU) {
          const auto& g = s.activations[1];
          std::vector<float> z(H), reset(H);
          for (size_t j = 0; j < H; ++j) {
            z[j] = f(clip(xw[j] + hr[j] + bias[j]));
            reset[j] = f(clip(xw[H + j] + hr[H + j] + bias[H + j]));
          }
          std::vector<double> candidate(H, 0.0);
          if (s.linear_before_reset) {
            for (size_t j = 0; j < H; ++j)
              candidate[j] = xw[2 * H + j] + bias[2 * H + j] + reset[j] * (hr[2 * H + j] + bias[3 * H + j]);
          } else {
            // (r * H) Rh: the reset gate scales the previous state before its product.
            std::vector<float> scaled(H);
            for (size_t k = 0; k < H; ++k) scaled[k] = reset[k] * h[k];
            add_product(scaled.data(), r + 2 * H * H, H, H, candidate.data());
            for (size_t j = 0; j < H; ++j) candidate[j] += xw[2 * H + j] + bias[2 * H + j];
          }
          for (size_t j = 0; j < H; ++j) next[j] = (1.f - z[j]) * g(clip(candidate[j])) + z[j] * h[j];
        } else {
          // Gates f, i, c, o; peepholes (i, o, f) see the previous cell for i and f, the new one for o.
          const auto& g = s.activations[1];
          const auto& act_h = s.activations[2];
          for (size_t j = 0; j < H; ++j) {
            const auto pre = [&](size_t gate) { return xw[gate * H + j] + hr[gate * H + j] + bias[gate * H + j]; };
            const float forget = f(clip(pre(0) + (p ? p[2 * H + j] * c[j] : 0.f)));
            const float in = f(clip(pre(1) + (p ? p[j] * c[j] : 0.f)));
            const float cell = forget * c[j] + in * g(clip(pre(2)));
            const float out = f(clip(pre(3) + (p ? p[H + j] * cell : 0.f)));
            c[j] = cell;
            next[j] = out * act_h(cell);
          }
        }
        std::copy(next.begin(), next.end(), h.begin());
        std::copy(h.begin(), h.end(), d.y + ((b * D + dir) * S + t) * H);
      }
      std::copy(h.begin(), h.end(), d.ho + state);
      if (d.co) std::copy(c.begin(), c.end(), d.co + state);
    }
  }
}

}  // namespace reference
}  // namespace ferry
