// FakeQuantize-1 of f32 data, one work-item per element; the four range tensors broadcast into
// the data (strides 0 on broadcast axes). Same operations in the same order as the reference,
// without contraction into fma, so that rint's choices match. -D HALF_STORAGE: f16 tensors, the
// same float arithmetic (storage.cl).

#pragma OPENCL FP_CONTRACT OFF

#include "storage.cl"

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

__kernel void fake_quantize(__global const DATA_T* x, __global const DATA_T* input_low,
                            __global const DATA_T* input_high, __global const DATA_T* output_low,
                            __global const DATA_T* output_high, __global DATA_T* y, int rank, int8 shape,
                            int8 in_low_strides, int8 in_high_strides, int8 out_low_strides, int8 out_high_strides,
                            float steps) {
  UNPACK8(shape, d);
  UNPACK8(in_low_strides, s0);
  UNPACK8(in_high_strides, s1);
  UNPACK8(out_low_strides, s2);
  UNPACK8(out_high_strides, s3);
  const size_t id = get_global_id(0);
  size_t rest = id, o0 = 0, o1 = 0, o2 = 0, o3 = 0;
  for (int k = rank - 1; k >= 0; --k) {
    const size_t c = rest % (size_t)d[k];
    rest /= (size_t)d[k];
    o0 += c * (size_t)s0[k];
    o1 += c * (size_t)s1[k];
    o2 += c * (size_t)s2[k];
    o3 += c * (size_t)s3[k];
  }
  const float value = LOAD_DATA(x, id);
  const float in_lo = LOAD_DATA(input_low, o0), in_hi = LOAD_DATA(input_high, o1);
  const float out_lo = LOAD_DATA(output_low, o2), out_hi = LOAD_DATA(output_high, o3);
  float result;
  if (value <= fmin(in_lo, in_hi)) {
    result = out_lo;
  } else if (value > fmax(in_lo, in_hi)) {
    result = out_hi;
  } else {
    const float level = rint((value - in_lo) / (in_hi - in_lo) * steps);
    result = level / steps * (out_hi - out_lo) + out_lo;
  }
  STORE_DATA(y, id, result);
}
