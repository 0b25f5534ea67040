// Kernels that write values known when the model is compiled: ShapeOf (the input's static
// shape) and Range (start + i * step). -D T=<output type>; f16 output: -D OUT_HALF.

#ifndef T
#define T long
#endif

#ifdef OUT_HALF
#define STORE(p, i, v) vstore_half((float)(v), i, p)
#define OUT_T half
#else
#define STORE(p, i, v) (p)[i] = (T)(v)
#define OUT_T T
#endif

// y[i] = dims[i] for i < rank.
__kernel void write_dims(__global OUT_T* y, int8 dims) {
  const int i = (int)get_global_id(0);
  const int d[8] = {dims.s0, dims.s1, dims.s2, dims.s3, dims.s4, dims.s5, dims.s6, dims.s7};
  STORE(y, i, d[i]);
}

// Integer outputs count exactly in long; real ones compute in float.
__kernel void range_integer(__global OUT_T* y, long start, long step) {
  const size_t i = get_global_id(0);
  STORE(y, i, start + (long)i * step);
}

__kernel void range_real(__global OUT_T* y, float start, float step) {
  const size_t i = get_global_id(0);
  STORE(y, i, start + (float)i * step);
}
