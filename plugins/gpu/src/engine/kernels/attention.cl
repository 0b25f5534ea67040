// ScaledDotProductAttention-13: softmax(Q K^T * scale + mask) V over the two innermost axes, the
// leading (batch) axes broadcast numpy-wise. One work-item per query row (batch b, row i): it
// walks the keys with an online softmax (running maximum and sum, rescaling the partial output
// row), accumulating the output row in a private float array of up to ROW_CHUNK columns, then
// divides by the sum; a wider value row takes one walk per chunk of columns (the scores are
// recomputed, no scores buffer is needed). A row whose every score is -inf ends as 0/0 = NaN, as
// in the reference.
// mask_kind: 0 none, 1 boolean (uchar; false masks out), 2 additive (DATA_T). The batch offsets
// are in matrices ([L, E], [S, E], [S, Ev], mask [ML, MS]); strides 0 on broadcast axes.
// -D HALF_STORAGE: f16 q, k, v, additive mask, scale and output; float arithmetic (storage.cl).

#include "storage.cl"

#define ROW_CHUNK 128

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

__kernel void attention(__global const DATA_T* q, __global const DATA_T* k, __global const DATA_T* v,
                        __global const uchar* mask, __global const DATA_T* scale_input, __global DATA_T* y,
                        int batch_rank, int8 batch_shape, int8 q_strides, int8 k_strides, int8 v_strides,
                        int8 mask_strides, int L, int S, int E, int Ev, int mask_row, int mask_col, int mask_matrix,
                        int mask_kind, int causal, int has_scale, float default_scale) {
  UNPACK8(batch_shape, bd);
  UNPACK8(q_strides, qs);
  UNPACK8(k_strides, ks);
  UNPACK8(v_strides, vs);
  UNPACK8(mask_strides, ms);
  const size_t id = get_global_id(0);
  const int i = (int)(id % (size_t)L);
  size_t b = id / (size_t)L, qm = 0, km = 0, vm = 0, mm = 0;
  for (int a = batch_rank - 1; a >= 0; --a) {
    const size_t c = b % (size_t)bd[a];
    b /= (size_t)bd[a];
    qm += c * (size_t)qs[a];
    km += c * (size_t)ks[a];
    vm += c * (size_t)vs[a];
    mm += c * (size_t)ms[a];
  }
  const float scale = has_scale ? LOAD_DATA(scale_input, 0) : default_scale;
  const size_t qrow = (qm * L + i) * (size_t)E, kb = km * (size_t)S * E, vb = vm * (size_t)S * Ev;
  const size_t mask_base = mm * (size_t)mask_matrix + (size_t)i * mask_row;
  __global const DATA_T* additive = (__global const DATA_T*)mask;
  const size_t out = id * (size_t)Ev;
  for (int first = 0; first < Ev; first += ROW_CHUNK) {
    const int width = min(ROW_CHUNK, Ev - first);
    float acc[ROW_CHUNK];
    for (int e = 0; e < width; ++e) acc[e] = 0.0f;
    float highest = -INFINITY, sum = 0.0f;
    for (int j = 0; j < S; ++j) {
      float dot = 0.0f;
      for (int e = 0; e < E; ++e) dot = fma(LOAD_DATA(q, qrow + e), LOAD_DATA(k, kb + (size_t)j * E + e), dot);
      float score = dot * scale;
      if (causal && j > i) score = -INFINITY;
      if (mask_kind == 1 && !mask[mask_base + (size_t)j * mask_col]) score = -INFINITY;
      if (mask_kind == 2) score += LOAD_DATA(additive, mask_base + (size_t)j * mask_col);
      if (score == -INFINITY) continue;  // weight 0
      const size_t vrow = vb + (size_t)j * Ev + first;
      if (score > highest) {
        const float shrink = exp(highest - score);  // 0 for the first finite score
        sum = sum * shrink + 1.0f;
        for (int e = 0; e < width; ++e) acc[e] = fma(acc[e], shrink, LOAD_DATA(v, vrow + e));
        highest = score;
      } else {
        const float p = exp(score - highest);
        sum += p;
        for (int e = 0; e < width; ++e) acc[e] = fma(p, LOAD_DATA(v, vrow + e), acc[e]);
      }
    }
    const float norm = 1.0f / sum;  // no key (S == 0): 0; every score -inf: NaN, as in the reference
    for (int e = 0; e < width; ++e)
      STORE_DATA(y, out + first + e, sum == 0.0f ? (S == 0 ? 0.0f : NAN) : acc[e] * norm);
  }
}
