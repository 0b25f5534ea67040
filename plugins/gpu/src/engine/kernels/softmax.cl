// Softmax along one axis of a tensor viewed as [outer, axis, inner]; one work-item per
// (outer, inner) pair, global size outer * inner. Subtracting the maximum keeps exp finite.
// -D HALF_STORAGE: f16 tensors, float arithmetic (storage.cl).

#include "storage.cl"

__kernel void softmax(__global const DATA_T* x, __global DATA_T* y, int axis_size, int inner) {
  const size_t id = get_global_id(0);
  const size_t base = (id / inner) * (size_t)axis_size * inner + id % inner;
  float maximum = -INFINITY;
  for (int i = 0; i < axis_size; ++i) maximum = fmax(maximum, LOAD_DATA(x, base + (size_t)i * inner));
  float sum = 0.0f;
  for (int i = 0; i < axis_size; ++i) sum += exp(LOAD_DATA(x, base + (size_t)i * inner) - maximum);
  const float scale = 1.0f / sum;
  for (int i = 0; i < axis_size; ++i) STORE_DATA(y, base + (size_t)i * inner, exp(LOAD_DATA(x, base + (size_t)i * inner) - maximum) * scale);
}
