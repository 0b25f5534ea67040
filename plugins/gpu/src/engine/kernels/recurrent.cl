// The recurrent sequences RNN, GRU and LSTM, one launch per time step (plus GRU's reset launch
// and a final one), after one matrix product (gemm.cl) that wrote the input projection of every
// step into XW. NDRange (hidden, batch, directions): a work-item owns one hidden unit of one
// batch row of one direction. Layouts as the core op: X [B, S, I], H0/C0/Ho/Co [B, D, H],
// W [D, GATES*H, I], R [D, GATES*H, H], bias [D, BIAS_GATES*H], P [D, 3*H] (i, o, f),
// Y [B, D, S, H]; XW [D, B*S, GATES*H] = X W^T per direction (the primitive's scratch buffer).
//
// The state lives in the outputs: the hidden state of the previous step is the Y row written by
// the previous launch (H0 at step 0), the LSTM cell state is updated in place in Co (a unit reads
// and writes only its own cell), and GRU without linear_before_reset keeps r * H of the current
// step in Ho (written by gru_reset_state, read by recurrent_step); recurrent_final then writes Ho
// from Y. Steps at or past a row's length write zeros into Y[step] and keep the state, as the
// reference does.
//
// Options: -D GATES (1, 3, 4), -D BIAS_GATES, -D KIND_RNN|KIND_GRU|KIND_LSTM, -D LBR (GRU
// linear_before_reset), -D PEEP (LSTM peepholes), -D BLK_F/BLK_I/BLK_C/BLK_O (LSTM gate
// blocks in W/R/B), -D ACT_F/ACT_G/ACT_H (activation ids, below), -D LEN_T (int or long),
// -D HALF (f16 storage, computed in float).

#ifdef HALF
#define T half
#define LOAD(p, i) vload_half(i, p)
#define STORE(p, i, v) vstore_half((float)(v), i, p)
#else
#define T float
#define LOAD(p, i) ((p)[i])
#define STORE(p, i, v) ((p)[i] = (v))
#endif

#ifndef BLK_F
#define BLK_F 0
#define BLK_I 1
#define BLK_C 2
#define BLK_O 3
#endif
#ifndef ACT_G
#define ACT_G 1
#endif
#ifndef ACT_H
#define ACT_H 1
#endif

// Ids as recurrent_primitive.cpp numbers them; alpha/beta already hold ONNX's defaults.
float activate(int id, float x, float alpha, float beta) {
  switch (id) {
    case 0: return 1.0f / (1.0f + exp(-x));                    // sigmoid
    case 1: return tanh(x);                                    // tanh
    case 2: return fmax(x, 0.0f);                              // relu
    case 3: return alpha * x + beta;                           // affine
    case 4: return x >= 0.0f ? x : alpha * x;                  // leakyrelu
    case 5: return x > alpha ? x : 0.0f;                       // thresholdedrelu
    case 6: return alpha * tanh(beta * x);                     // scaledtanh
    case 7: return fmin(1.0f, fmax(0.0f, alpha * x + beta));   // hardsigmoid
    case 8: return x >= 0.0f ? x : alpha * (exp(x) - 1.0f);    // elu
    case 9: return x / (1.0f + fabs(x));                       // softsign
    default: return log1p(exp(x));                             // softplus
  }
}

float clip_to(float x, float clip) { return clip > 0.0f ? clamp(x, -clip, clip) : x; }

float dot_rows(__global const T* a, size_t a_at, __global const T* b, size_t b_at, int n) {
  float sum = 0.0f;
  for (int k = 0; k < n; ++k) sum += LOAD(a, a_at + k) * LOAD(b, b_at + k);
  return sum;
}

// Where a work-item's step reads and writes. False when `step` is past its row's length.
#define RECURRENT_ARGS                                                                                         \
  __global const T *x, __global const T *h0, __global const T *c0, __global const LEN_T *lengths,           \
      __global const T *w, __global const T *r, __global const T *bias, __global const T *peep, __global T *y, \
      __global T *ho, __global T *co, __global const T *xw, int S, int I, int H, int step, int reverse,       \
      float clip, float alpha_f, float beta_f, float alpha_g, float beta_g, float alpha_h, float beta_h

#define RECURRENT_PRELUDE                                                                  \
  const int j = get_global_id(0), b = get_global_id(1), dir = get_global_id(2);            \
  const int D = get_global_size(2);                                                        \
  const int len = clamp((int)lengths[b], 0, S);                                            \
  const size_t row = (size_t)b * D + dir; /* of H0, C0, Ho, Co */                         \
  const int rev = D == 2 ? dir == 1 : reverse;                                             \
  const int t = rev ? len - 1 - step : step;                                               \
  /* the previous hidden state: H0 at step 0, else the Y row of the previous step */       \
  __global const T* hp = step == 0 ? h0 : (__global const T*)y;                            \
  const size_t prev = step == 0 ? row * H : (row * S + (rev ? t + 1 : t - 1)) * H;         \
  const size_t xw_at = (((size_t)dir * get_global_size(1) + b) * S + t) * GATES * H + j;

// X W^T (precomputed) and H R^T of unit j in gate block g.
#define X_DOT(g) LOAD(xw, xw_at + (size_t)(g) * H)
#define H_DOT(g) dot_rows(hp, prev, r, (((size_t)dir * GATES + (g)) * H + j) * H, H)
#define BIAS(g) LOAD(bias, ((size_t)dir * BIAS_GATES + (g)) * H + j)
#define PRE(g) (X_DOT(g) + H_DOT(g) + BIAS(g))

// GRU without linear_before_reset, before recurrent_step: Ho = r * H_prev for this step.
__kernel void gru_reset_state(RECURRENT_ARGS) {
  RECURRENT_PRELUDE
  if (step >= len) return;
  const float reset = activate(ACT_F, clip_to(PRE(1), clip), alpha_f, beta_f);
  STORE(ho, row * H + j, reset * LOAD(hp, prev + j));
}

__kernel void recurrent_step(RECURRENT_ARGS) {
  RECURRENT_PRELUDE
  if (step >= len) {  // past the row's length: Y is zero there, the state is kept
    STORE(y, (row * S + step) * H + j, 0.0f);
    return;
  }
  float h;
#if defined(KIND_RNN)
  h = activate(ACT_F, clip_to(PRE(0), clip), alpha_f, beta_f);
#elif defined(KIND_GRU)
  const float z = activate(ACT_F, clip_to(PRE(0), clip), alpha_f, beta_f);
#ifdef LBR
  const float reset = activate(ACT_F, clip_to(PRE(1), clip), alpha_f, beta_f);
  const float candidate = X_DOT(2) + BIAS(2) + reset * (H_DOT(2) + BIAS(3));
#else
  // (r * H) Rh with r * H from gru_reset_state, in Ho.
  const float candidate =
      X_DOT(2) + BIAS(2) + dot_rows(ho, row * H, r, (((size_t)dir * GATES + 2) * H + j) * H, H);
#endif
  h = (1.0f - z) * activate(ACT_G, clip_to(candidate, clip), alpha_g, beta_g) + z * LOAD(hp, prev + j);
#else  // LSTM
  const size_t cell_at = row * H + j;
  const float c_prev = step == 0 ? LOAD(c0, cell_at) : LOAD(co, cell_at);
#ifdef PEEP
  const size_t p_at = (size_t)dir * 3 * H + j;
  const float p_i = LOAD(peep, p_at), p_o = LOAD(peep, p_at + H), p_f = LOAD(peep, p_at + 2 * H);
#else
  const float p_i = 0.0f, p_o = 0.0f, p_f = 0.0f;
#endif
  const float forget = activate(ACT_F, clip_to(PRE(BLK_F) + p_f * c_prev, clip), alpha_f, beta_f);
  const float in = activate(ACT_F, clip_to(PRE(BLK_I) + p_i * c_prev, clip), alpha_f, beta_f);
  const float cell = forget * c_prev + in * activate(ACT_G, clip_to(PRE(BLK_C), clip), alpha_g, beta_g);
  const float out = activate(ACT_F, clip_to(PRE(BLK_O) + p_o * cell, clip), alpha_f, beta_f);
  STORE(co, cell_at, cell);
  h = out * activate(ACT_H, cell, alpha_h, beta_h);
#endif
  STORE(y, (row * S + t) * H + j, h);
}

// After the last step: Ho is the Y row of a row's last valid step (H0, and Co = C0, when its
// length is 0).
__kernel void recurrent_final(RECURRENT_ARGS) {
  const int j = get_global_id(0), b = get_global_id(1), dir = get_global_id(2);
  const int D = get_global_size(2);
  const int len = clamp((int)lengths[b], 0, S);
  const size_t row = (size_t)b * D + dir;
  const int rev = D == 2 ? dir == 1 : reverse;
  if (len == 0) {
    STORE(ho, row * H + j, LOAD(h0, row * H + j));
#ifdef KIND_LSTM
    STORE(co, row * H + j, LOAD(c0, row * H + j));
#endif
    return;
  }
  STORE(ho, row * H + j, LOAD(y, (row * S + (rev ? 0 : len - 1)) * H + j));
}
