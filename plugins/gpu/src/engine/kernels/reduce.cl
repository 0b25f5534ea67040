// Reductions over some axes; the reduction is picked with -D OP_<SUM|MEAN|MAX|MIN|PROD|L1|L2>.
// Each work-item makes one output element: the output is walked over `dims` (the input shape
// with reduced axes set to 1) with the input's strides `in_strides`, then the reduced block over
// `red_dims` with strides `red_strides` (count elements in all).
// -D HALF_STORAGE: f16 tensors, still accumulated in float (storage.cl).

#include "storage.cl"

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

#if defined(OP_SUM) || defined(OP_MEAN)
#define INIT 0.0f
#define ACC(s, v) ((s) + (v))
#elif defined(OP_MAX)
#define INIT -INFINITY
#define ACC(s, v) fmax(s, v)
#elif defined(OP_MIN)
#define INIT INFINITY
#define ACC(s, v) fmin(s, v)
#elif defined(OP_PROD)
#define INIT 1.0f
#define ACC(s, v) ((s) * (v))
#elif defined(OP_L1)
#define INIT 0.0f
#define ACC(s, v) ((s) + fabs(v))
#elif defined(OP_L2)
#define INIT 0.0f
#define ACC(s, v) ((s) + (v) * (v))
#endif

#if defined(OP_MEAN)
#define FINAL(s, n) ((s) / (float)(n))
#elif defined(OP_L2)
#define FINAL(s, n) sqrt(s)
#else
#define FINAL(s, n) (s)
#endif

__kernel void reduce(__global const DATA_T* x, __global DATA_T* y, int rank, int8 dims, int8 in_strides, int red_rank,
                     int8 red_dims, int8 red_strides, int count) {
  UNPACK8(dims, d);
  UNPACK8(in_strides, s);
  UNPACK8(red_dims, rd);
  UNPACK8(red_strides, rs);
  size_t index = get_global_id(0);
  const size_t out = index;
  size_t base = 0;
  for (int k = rank - 1; k >= 0; --k) {
    base += (index % (size_t)d[k]) * (size_t)s[k];
    index /= (size_t)d[k];
  }
  float acc = INIT;
  for (int j = 0; j < count; ++j) {
    size_t offset = base;
    int rest = j;
    for (int k = red_rank - 1; k >= 0; --k) {
      offset += (size_t)(rest % rd[k]) * (size_t)rs[k];
      rest /= rd[k];
    }
    acc = ACC(acc, LOAD_DATA(x, offset));
  }
  STORE_DATA(y, out, FINAL(acc, count));
}
