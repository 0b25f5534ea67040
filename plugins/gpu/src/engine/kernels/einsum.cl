// Einsum as a direct loop over the index space, one work-item per output element: the work-item
// decomposes its index over the output axes, then walks every combination of the summed axes and
// adds up the product of its inputs' elements. The plugin (einsum_primitive.cpp) turns the
// equation into stride tables at compile time: per input and loop axis, the element stride
// (0 where the input does not have the axis or broadcasts over it; the sum of its strides where a
// label repeats within the input, which walks the diagonal).
//
// One program per element type: the kernel always takes EINSUM_MAX_INPUTS input buffers (unused
// ones are bound to input 0 and never read). T is the stored type, ACC the accumulator: float for
// f32 and f16 (-D IN_HALF: stored as half, read and written through vload_half/vstore_half), an
// unsigned type of the same width or wider for integers, so that overflow wraps as two's
// complement like the reference (signed overflow is undefined in OpenCL C).

#ifndef T
#define T float
#endif
#ifndef ACC
#define ACC float
#endif

#ifdef IN_HALF
#define STORED half
#define LOAD(p, i) vload_half(i, p)
#define STORE(p, i, v) vstore_half(v, i, p)
#else
#define STORED T
#define LOAD(p, i) ((ACC)(p)[i])
#define STORE(p, i, v) (p)[i] = (T)(v)
#endif

#define EINSUM_MAX_INPUTS 8
#define EINSUM_MAX_AXES 8

// Must match einsum_primitive.cpp's EinsumTables (ints only: no padding on either side).
typedef struct {
  int out_sizes[EINSUM_MAX_AXES];
  int sum_sizes[EINSUM_MAX_AXES];
  int out_strides[EINSUM_MAX_INPUTS][EINSUM_MAX_AXES];
  int sum_strides[EINSUM_MAX_INPUTS][EINSUM_MAX_AXES];
} EinsumTables;

__kernel void einsum(__global const STORED* x0, __global const STORED* x1, __global const STORED* x2,
                     __global const STORED* x3, __global const STORED* x4, __global const STORED* x5,
                     __global const STORED* x6, __global const STORED* x7, __global STORED* y, int inputs,
                     int out_rank, int sum_rank, int sum_count, EinsumTables t) {
  __global const STORED* x[EINSUM_MAX_INPUTS] = {x0, x1, x2, x3, x4, x5, x6, x7};
  const int id = (int)get_global_id(0);
  int offset[EINSUM_MAX_INPUTS];
  for (int k = 0; k < inputs; ++k) offset[k] = 0;
  int rest = id;
  for (int a = out_rank - 1; a >= 0; --a) {
    const int i = rest % t.out_sizes[a];
    rest /= t.out_sizes[a];
    for (int k = 0; k < inputs; ++k) offset[k] += i * t.out_strides[k][a];
  }
  int index[EINSUM_MAX_AXES];
  for (int a = 0; a < sum_rank; ++a) index[a] = 0;
  ACC sum = (ACC)0;
  for (int s = 0; s < sum_count; ++s) {
    ACC product = LOAD(x[0], offset[0]);
    for (int k = 1; k < inputs; ++k) product *= LOAD(x[k], offset[k]);
    sum += product;
    // Odometer over the summed axes, the last one fastest (the reference's order).
    for (int a = sum_rank - 1; a >= 0; --a) {
      for (int k = 0; k < inputs; ++k) offset[k] += t.sum_strides[k][a];
      if (++index[a] < t.sum_sizes[a]) break;
      for (int k = 0; k < inputs; ++k) offset[k] -= t.sum_strides[k][a] * index[a];
      index[a] = 0;
    }
  }
  STORE(y, id, sum);
}
