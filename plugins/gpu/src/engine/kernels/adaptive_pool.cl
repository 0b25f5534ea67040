// AdaptiveAvgPool / AdaptiveMaxPool over data [N, C, S...] (1 to 3 spatial axes), one work-item per
// output element. Output position p of an axis of input length L and output length O pools the
// bin [floor(p * L / O), ceil((p + 1) * L / O)). The max pool also writes the maximum's index in
// the channel's flattened spatial plane (the first of equal maxima), of type INDEX_T.
// -D HALF_STORAGE: f16 data, float arithmetic (storage.cl).

#include "storage.cl"

#ifndef INDEX_T
#define INDEX_T long  // the average pool's program has no indices
#endif

#define UNPACK4(v, a) const int a[4] = {v.s0, v.s1, v.s2, v.s3}

// The bin of output element `id` (begin/end per spatial axis); returns the channel's number.
size_t find_bin(size_t id, int spatial, const int* in_dims, const int* out_dims, int* begin, int* end) {
  for (int a = spatial - 1; a >= 0; --a) {
    const long length = in_dims[a], count = out_dims[a], p = (long)(id % (size_t)count);
    id /= (size_t)count;
    begin[a] = (int)(p * length / count);
    end[a] = (int)(((p + 1) * length + count - 1) / count);
  }
  return id;
}

size_t plane_size(int spatial, const int* dims) {
  size_t size = 1;
  for (int a = 0; a < spatial; ++a) size *= (size_t)dims[a];
  return size;
}

// The bin's number of elements (0 when empty).
int bin_volume(int spatial, const int* begin, const int* end) {
  int volume = 1;
  for (int a = 0; a < spatial; ++a) volume *= max(end[a] - begin[a], 0);
  return volume;
}

// The flat spatial index of the bin's j-th element (row-major within the bin).
size_t bin_member(int j, int spatial, const int* dims, const int* begin, const int* end) {
  size_t flat = 0, stride = 1;
  for (int a = spatial - 1; a >= 0; --a) {
    const int extent = end[a] - begin[a];
    flat += (size_t)(begin[a] + j % extent) * stride;
    j /= extent;
    stride *= (size_t)dims[a];
  }
  return flat;
}

__kernel void adaptive_avg_pool(__global const DATA_T* x, __global DATA_T* y, int spatial, int4 in_shape,
                                int4 out_shape) {
  UNPACK4(in_shape, in_dims);
  UNPACK4(out_shape, out_dims);
  const size_t id = get_global_id(0);
  int begin[4], end[4];
  const size_t channel = find_bin(id, spatial, in_dims, out_dims, begin, end);
  const size_t plane = channel * plane_size(spatial, in_dims);
  const int count = bin_volume(spatial, begin, end);
  float sum = 0.0f;
  for (int j = 0; j < count; ++j) sum += LOAD_DATA(x, plane + bin_member(j, spatial, in_dims, begin, end));
  STORE_DATA(y, id, count ? sum / (float)count : 0.0f);
}

__kernel void adaptive_max_pool(__global const DATA_T* x, __global DATA_T* y, __global INDEX_T* indices, int spatial,
                                int4 in_shape, int4 out_shape) {
  UNPACK4(in_shape, in_dims);
  UNPACK4(out_shape, out_dims);
  const size_t id = get_global_id(0);
  int begin[4], end[4];
  const size_t channel = find_bin(id, spatial, in_dims, out_dims, begin, end);
  const size_t plane = channel * plane_size(spatial, in_dims);
  const int count = bin_volume(spatial, begin, end);
  float best = 0.0f;
  size_t best_index = 0;
  for (int j = 0; j < count; ++j) {
    const size_t flat = bin_member(j, spatial, in_dims, begin, end);
    const float value = LOAD_DATA(x, plane + flat);
    if (j == 0 || value > best) {  // strictly greater: the first maximum wins (NaN never does)
      best = value;
      best_index = flat;
    }
  }
  STORE_DATA(y, id, best);
  indices[id] = (INDEX_T)best_index;
}
