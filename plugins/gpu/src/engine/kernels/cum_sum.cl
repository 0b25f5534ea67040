// CumSum along one axis of a tensor viewed as [outer, axis, inner]; one work-item per
// (outer, inner) pair, walking the axis forwards or (reverse) backwards. Exclusive sums leave
// each element out of its own sum. -D HALF_STORAGE: f16 tensors, the running sum in float
// (storage.cl).

#include "storage.cl"

__kernel void cum_sum(__global const DATA_T* x, __global DATA_T* y, int length, int inner, int exclusive,
                      int reverse) {
  const size_t id = get_global_id(0);
  const size_t base = (id / inner) * (size_t)length * inner + id % inner;
  float sum = 0.0f;
  for (int step = 0; step < length; ++step) {
    const size_t at = base + (size_t)(reverse ? length - 1 - step : step) * inner;
    const float value = LOAD_DATA(x, at);
    if (!exclusive) sum += value;
    STORE_DATA(y, at, sum);
    if (exclusive) sum += value;
  }
}
