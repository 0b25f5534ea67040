// How the float kernels store their tensors, and in what they compute.
//
// Storage: f32 by default; -D HALF_STORAGE stores f16. DATA_T is the stored type; LOAD_DATA
// and STORE_DATA read and write it as float, through vload_half/vstore_half for f16 (core
// OpenCL C: no cl_khr_fp16 needed). The f32 build is the plain pointer access it always was.
//
// Arithmetic: REAL_T is what the compute-bound kernels (gemm.cl, depthwise_convolution.cl and
// their epilogue.cl) multiply and accumulate in; LOAD_REAL/STORE_REAL read and write it. It is
// half where the tensors are f16 and the device compiler has cl_khr_fp16 (then HALF_ARITHMETIC
// is defined), float everywhere else. The other kernels (reductions, normalizations, softmax...)
// keep float arithmetic on f16 storage: they are bound by memory, not arithmetic, and their long
// sums would lose most of half's 11 bits.

#ifdef HALF_STORAGE
#define DATA_T half
#define LOAD_DATA(p, i) vload_half((i), (p))
#define STORE_DATA(p, i, v) vstore_half((v), (i), (p))
#else
#define DATA_T float
#define LOAD_DATA(p, i) ((p)[i])
#define STORE_DATA(p, i, v) ((p)[i] = (v))
#endif

#if defined(HALF_STORAGE) && defined(cl_khr_fp16)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#define HALF_ARITHMETIC
#define REAL_T half
#define REAL4_T half4
#define LOAD_REAL(p, i) ((p)[i])
#define STORE_REAL(p, i, v) ((p)[i] = (v))
#else
#define REAL_T float
#define REAL4_T float4
#define LOAD_REAL(p, i) LOAD_DATA(p, i)
#define STORE_REAL(p, i, v) STORE_DATA(p, i, v)
#endif
