// Scatter kernels: y starts as a copy of the data (kernel `copy`), then updates land at the
// positions the indices name. -D T: for reduction "none" a type of the elements' size (bits
// move), otherwise the element type itself with -D REDUCE_<SUM|SUB|PROD|MIN|MAX|MEAN> (and
// -D REAL for f32). Indices are IDX_T (-D IDX_T=int|long), negative ones count from the end;
// out-of-range ones are skipped (the reference refuses them). Each work-item owns a set of
// output elements no other work-item touches and walks its updates in order, so repeated
// indices combine (or, for "none", the last one wins) as in the reference.

#ifndef T
#define T uint
#endif
#ifndef IDX_T
#define IDX_T long
#endif

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

#if defined(REDUCE_SUM) || defined(REDUCE_MEAN)
#define COMBINE(a, b) ((a) + (b))
#elif defined(REDUCE_SUB)
#define COMBINE(a, b) ((a) - (b))
#elif defined(REDUCE_PROD)
#define COMBINE(a, b) ((a) * (b))
#elif defined(REDUCE_MIN) && defined(REAL)
#define COMBINE(a, b) fmin(a, b)
#elif defined(REDUCE_MAX) && defined(REAL)
#define COMBINE(a, b) fmax(a, b)
#elif defined(REDUCE_MIN)
#define COMBINE(a, b) min(a, b)
#elif defined(REDUCE_MAX)
#define COMBINE(a, b) max(a, b)
#else
#define COMBINE(a, b) (b)
#endif

long resolve(long index, long length) {
  if (index < 0) index += length;
  return index >= 0 && index < length ? index : -1;
}

__kernel void copy(__global const T* x, __global T* y) {
  const size_t i = get_global_id(0);
  y[i] = x[i];
}

// ScatterUpdate-3 with y viewed as [outer, axis_length, inner] and updates as [outer, count,
// inner]: one work-item per (outer, inner) position.
__kernel void scatter_update(__global const IDX_T* indices, __global const T* updates, __global T* y, int count,
                             int inner, int axis_length) {
  const size_t id = get_global_id(0);
  const size_t o = id / (size_t)inner, i = id % (size_t)inner;
  for (int j = 0; j < count; ++j) {
    const long index = resolve((long)indices[j], axis_length);
    if (index < 0) continue;
    y[(o * (size_t)axis_length + (size_t)index) * (size_t)inner + i] = updates[(o * (size_t)count + j) * (size_t)inner + i];
  }
}

// ScatterNDUpdate: `tuples` index tuples of `depth` numbers (axes of lengths `lengths`, strides
// `strides` in y), each with a slice of `slice` updates; one work-item per slice element.
__kernel void scatter_nd(__global const IDX_T* indices, __global const T* updates, __global T* y, int tuples,
                         int slice, int depth, int8 lengths, int8 strides) {
  UNPACK8(lengths, n);
  UNPACK8(strides, s);
  const size_t e = get_global_id(0);
  for (int t = 0; t < tuples; ++t) {
    size_t offset = e;
    bool valid = true;
    for (int k = 0; k < depth; ++k) {
      const long index = resolve((long)indices[(size_t)t * depth + k], n[k]);
      valid = valid && index >= 0;
      offset += (size_t)(index < 0 ? 0 : index) * (size_t)s[k];
    }
    if (!valid) continue;
    const T u = updates[(size_t)t * slice + e];
    y[offset] = COMBINE(y[offset], u);
  }
}

// ScatterElementsUpdate: updates and indices have shape `dims` (axis length `line`, strides
// `strides`); y has strides `out_strides` and `axis_length` along the axis. One work-item per
// line of updates along the axis (its global id enumerates `dims` with the axis taken as 1).
__kernel void scatter_elements(__global const IDX_T* indices, __global const T* updates, __global T* y, int rank,
                               int8 dims, int8 strides, int8 out_strides, int axis, int axis_length,
                               int use_init_val) {
  UNPACK8(dims, d);
  UNPACK8(strides, s);
  UNPACK8(out_strides, os);
  size_t index = get_global_id(0);
  size_t first = 0, base = 0;
  for (int k = rank - 1; k >= 0; --k) {
    if (k == axis) continue;
    const size_t c = index % (size_t)d[k];
    index /= (size_t)d[k];
    first += c * (size_t)s[k];
    base += c * (size_t)os[k];
  }
  const int line = d[axis];
  const size_t step = (size_t)s[axis], out_step = (size_t)os[axis];
  for (int j = 0; j < line; ++j) {
    const long target = resolve((long)indices[first + j * step], axis_length);
    if (target < 0) continue;
    const size_t at = base + (size_t)target * out_step;
    const T u = updates[first + j * step];
#if defined(REDUCE_SUM) || defined(REDUCE_SUB) || defined(REDUCE_PROD) || defined(REDUCE_MIN) || \
    defined(REDUCE_MAX) || defined(REDUCE_MEAN)
    bool seen = false;  // an earlier update reached the same element
    for (int k = 0; k < j && !seen; ++k) seen = resolve((long)indices[first + k * step], axis_length) == target;
    y[at] = (seen || use_init_val) ? COMBINE(y[at], u) : u;
#else
    y[at] = u;
#endif
  }
#ifdef REDUCE_MEAN
  // Each reached element divided by the number of values combined into it.
  for (int j = 0; j < line; ++j) {
    const long target = resolve((long)indices[first + j * step], axis_length);
    if (target < 0) continue;
    bool seen = false;
    int n = use_init_val ? 1 : 0;
    for (int k = 0; k < line; ++k) {
      if (resolve((long)indices[first + k * step], axis_length) != target) continue;
      if (k < j) seen = true;
      ++n;
    }
    if (seen || n <= 1) continue;
    const size_t at = base + (size_t)target * out_step;
    y[at] = y[at] / (T)n;
  }
#endif
}
