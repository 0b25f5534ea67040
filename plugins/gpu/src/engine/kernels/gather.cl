// Index-driven copies: Gather, GatherElements, GatherND. Elements move as bits of T's size
// (-D T=uchar|ushort|uint|ulong); indices are IDX_T (-D IDX_T=int|long); negative indices count
// from the end. Out-of-range indices give 0 (the reference zero-fills Gather and refuses the
// others).

#ifndef T
#define T uint
#endif
#ifndef IDX_T
#define IDX_T long
#endif

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

// Gather-8 with the output viewed as [batch, outer, count, inner]: x is [batch, outer, axis_length,
// inner], indices [batch, count].
__kernel void gather(__global const T* x, __global const IDX_T* indices, __global T* y, int outer, int count,
                     int inner, int axis_length) {
  const size_t out = get_global_id(0);
  const size_t i = out % (size_t)inner;
  size_t rest = out / (size_t)inner;
  const size_t j = rest % (size_t)count;
  rest /= (size_t)count;
  const size_t o = rest % (size_t)outer;
  const size_t b = rest / (size_t)outer;
  long index = (long)indices[b * (size_t)count + j];
  if (index < 0) index += axis_length;
  if (index < 0 || index >= axis_length) {
    y[out] = (T)0;
    return;
  }
  y[out] = x[((b * (size_t)outer + o) * (size_t)axis_length + (size_t)index) * (size_t)inner + i];
}

// GatherElements: y and indices have shape `dims`; y[c] = x[c with axis coordinate indices[c]],
// x's strides `strides`.
__kernel void gather_elements(__global const T* x, __global const IDX_T* indices, __global T* y, int rank, int8 dims,
                              int8 strides, int axis, int axis_length) {
  UNPACK8(dims, d);
  UNPACK8(strides, s);
  size_t index = get_global_id(0);
  const size_t out = index;
  long picked = (long)indices[out];
  if (picked < 0) picked += axis_length;
  if (picked < 0 || picked >= axis_length) {
    y[out] = (T)0;
    return;
  }
  size_t offset = 0;
  for (int k = rank - 1; k >= 0; --k) {
    const size_t c = k == axis ? (size_t)picked : index % (size_t)d[k];
    offset += c * (size_t)s[k];
    index /= (size_t)d[k];
  }
  y[out] = x[offset];
}

// GatherND-8 with y viewed as [batch, count, slice]: index tuple (b, j) of `depth` numbers
// addresses axes of lengths `lengths` and strides `strides` within batch b's block of x
// (`batch_block` elements).
__kernel void gather_nd(__global const T* x, __global const IDX_T* indices, __global T* y, int count, int slice,
                        int batch_block, int depth, int8 lengths, int8 strides) {
  UNPACK8(lengths, n);
  UNPACK8(strides, s);
  const size_t out = get_global_id(0);
  const size_t e = out % (size_t)slice;
  const size_t tuple = out / (size_t)slice;
  const size_t b = tuple / (size_t)count;
  size_t offset = b * (size_t)batch_block + e;
  for (int k = 0; k < depth; ++k) {
    long index = (long)indices[tuple * (size_t)depth + k];
    if (index < 0) index += n[k];
    if (index < 0 || index >= n[k]) {
      y[out] = (T)0;
      return;
    }
    offset += (size_t)index * (size_t)s[k];
  }
  y[out] = x[offset];
}
