// Element type conversion: -D SRC_T=<type> -D DST_T=<type>; f16 is read and written through
// vload_half/vstore_half (-D SRC_HALF / -D DST_HALF), which need no cl_khr_fp16. To boolean:
// x != 0. From reals to integers: truncate toward zero and saturate (-D CONVERT=convert_<T>_sat_rtz),
// as the reference does; between integers a C cast (wraps).

#ifndef CONVERT
#define CONVERT(v) ((DST_T)(v))
#endif

#ifdef SRC_HALF
#define SRC_T half
#define LOAD(p, i) vload_half(i, p)
#else
#define LOAD(p, i) (p)[i]
#endif

#ifdef DST_HALF
#define DST_T half
#define STORE(v, p, i) vstore_half((float)(v), i, p)
#elif defined(DST_BOOL)
#define DST_T uchar
#define STORE(v, p, i) (p)[i] = (uchar)((v) != 0)
#else
#define STORE(v, p, i) (p)[i] = CONVERT(v)
#endif

__kernel void convert(__global const SRC_T* x, __global DST_T* y) {
  const size_t i = get_global_id(0);
  STORE(LOAD(x, i), y, i);
}
