// How the float kernels (gemm, convolution, pooling, softmax) store their tensors: f32 by
// default; -D HALF_STORAGE stores f16 and still computes in float, reading and writing through
// vload_half/vstore_half (core OpenCL C: no cl_khr_fp16 needed). The f32 build is the plain
// pointer access it always was.

#ifdef HALF_STORAGE
#define DATA_T half
#define LOAD_DATA(p, i) vload_half((i), (p))
#define STORE_DATA(p, i, v) vstore_half((v), (i), (p))
#else
#define DATA_T float
#define LOAD_DATA(p, i) ((p)[i])
#define STORE_DATA(p, i, v) ((p)[i] = (v))
#endif
