// Register-blocked matrix product with a fused epilogue: the engine behind MatMul and
// Convolution (as an implicit GEMM: the im2col matrix is never stored, its elements are read
// from the image as the tiles are loaded).
//
// A work-group computes a BM x BN tile of C; each of its (BN/TN) x (BM/TM) work-items computes
// TM x TN elements held in registers. K advances by BK: tiles of A and B go through two local
// buffers (one barrier per step), the next tile is fetched into registers while the current one
// is multiplied. Shapes and strides are arguments, so one program serves every shape; the
// tile sizes, the operands' memory order and the epilogue are build options.
//
// Build options:
//   BM BN BK TM TN   tile sizes (TM, TN: 4 or 8; BM*BK and BN*BK multiples of the work-group size)
//   A_M_CONTIG       A's rows are its contiguous dimension (a transposed A); default: K is
//   B_K_CONTIG       B's K is its contiguous dimension (a transposed B); default: N is
//   (epilogue.cl: BIAS_M, BIAS_N, RESIDUAL, ACT_*)
//   CONV             B is the implicit im2col of an NCHW image; KH, KW its kernel size;
//                    POINTWISE: a 1x1 kernel with stride 1 and no padding
//   HALF_STORAGE     A, B, C, bias and residual hold f16 (storage.cl); the tiles, the
//                    accumulation and the epilogue are REAL_T: half where the device has
//                    cl_khr_fp16 (HALF_ARITHMETIC), float where it has not
//   SPLIT_K          (CONV, one group, f32) work-group z multiplies slice z of K, slice_k long,
//                    and C receives its raw partial sums [slices, M, N]: gemm_split_k.cl adds
//                    them up and applies the epilogue. For products with too few tiles to fill
//                    the GPU (late convolutions at batch 1)

#ifndef BM
#define BM 64
#define BN 64
#define BK 16
#define TM 4
#define TN 4
#endif

#define TX (BN / TN)
#define TY (BM / TM)
#define THREADS (TX * TY)
#define GM (TM / 4)
#define GN (TN / 4)
#define LDA (BM + 4)
#define LDB (BN + 4)
#define A_LOADS (BM * BK / THREADS)
#define B_LOADS (BN * BK / THREADS)

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

#include "epilogue.cl"

#if defined(CONV) && !defined(POINTWISE)
// Element (k, p) of the implicit im2col matrix: k = (channel, kh, kw) of the work-item's column.
inline REAL_T conv_element(__global const DATA_T* x_base, int k, int k_end, bool p_valid, int ih0, int iw0, int H, int W,
                          int dilation_h, int dilation_w) {
  if (!p_valid || k >= k_end) return 0;
  const int channel = k / (KH * KW), r = k % (KH * KW);
  const int ih = ih0 + (r / KW) * dilation_h, iw = iw0 + (r % KW) * dilation_w;
  return (ih >= 0 && ih < H && iw >= 0 && iw < W) ? LOAD_REAL(x_base, ((size_t)channel * H + ih) * W + iw) : (REAL_T)0;
}
#endif

__kernel __attribute__((reqd_work_group_size(TX, TY, 1))) void gemm(
    __global const DATA_T* restrict A, __global const DATA_T* restrict B, __global DATA_T* restrict C,
    __global const DATA_T* restrict bias, __global const DATA_T* restrict residual, float lo, float hi, int M, int N,
    int K,
#ifdef CONV
    // B: image [batch, channels, H, W]; N = batch * OH * OW; K = (channels / groups) * KH * KW;
    // M = output channels per group; work-group z is the group.
    int channels, int H, int W, int OH, int OW, int stride_h, int stride_w, int dilation_h, int dilation_w,
    int pad_h, int pad_w
#ifdef SPLIT_K
    , int slice_k
#endif
#else
    // C[z] = A[z] x B[z], C dense [batch, M, N]; element (m, k) of A is A[a(z) + m * a_sm + k * a_sk].
    int a_sm, int a_sk, int b_sk, int b_sn, int batch_rank, int8 batch_dims, int8 a_bs, int8 b_bs
#endif
) {
  const int tx = get_local_id(0), ty = get_local_id(1), tid = ty * TX + tx;
  const int n0 = get_group_id(0) * BN, m0 = get_group_id(1) * BM;
#ifdef SPLIT_K
  const int z = 0, groups = 1, slice = get_group_id(2);
  const int k_begin = slice * slice_k, k_end = min(K, k_begin + slice_k);
#else
  const int z = get_group_id(2), groups = get_num_groups(2);
  const int k_begin = 0, k_end = K;
#endif
  // Declared as vectors of 4 so the compiler knows their alignment and reads 4 values per
  // instruction in the inner loop; written element by element through the scalar views.
  __local REAL4_T As4[2 * BK * LDA / 4];
  __local REAL4_T Bs4[2 * BK * LDB / 4];
  __local REAL_T* As = (__local REAL_T*)As4;
  __local REAL_T* Bs = (__local REAL_T*)Bs4;

#ifdef CONV
  const int a_sm = K, a_sk = 1;
  const int group_channels = channels / groups;
  const size_t a_off = (size_t)z * M * K;
  const int OHW = OH * OW;
  // Every load of this work-item reads the same column p of B (THREADS is a multiple of BN).
  const int p = n0 + tid % BN;
  const bool p_valid = p < N;
  const int image = p_valid ? p / OHW : 0, p_rem = p_valid ? p % OHW : 0;
  const int ih0 = (p_rem / OW) * stride_h - pad_h, iw0 = (p_rem % OW) * stride_w - pad_w;
  __global const DATA_T* x_base = B + ((size_t)image * channels + (size_t)z * group_channels) * H * W;
#else
  UNPACK8(batch_dims, d);
  UNPACK8(a_bs, stride_a);
  UNPACK8(b_bs, stride_b);
  size_t a_off = 0, b_off = 0;
  int index = z;
  for (int r = batch_rank - 1; r >= 0; --r) {
    const int coordinate = index % d[r];
    index /= d[r];
    a_off += (size_t)coordinate * stride_a[r];
    b_off += (size_t)coordinate * stride_b[r];
  }
#endif

  REAL_T ra[A_LOADS], rb[B_LOADS];
#ifdef A_M_CONTIG
#define A_COORDS(l) const int mm = (l) % BM, kk = (l) / BM
#else
#define A_COORDS(l) const int mm = (l) / BK, kk = (l) % BK
#endif
#if defined(B_K_CONTIG) && !defined(CONV)
#define B_COORDS(l) const int nn = (l) / BK, kk = (l) % BK
#else
#define B_COORDS(l) const int nn = (l) % BN, kk = (l) / BN
#endif

#define LOAD_TILES(k0)                                                                            \
  for (int i = 0; i < A_LOADS; ++i) {                                                             \
    A_COORDS(tid + i * THREADS);                                                                  \
    const int gm = m0 + mm, gk = (k0) + kk;                                                       \
    ra[i] = (gm < M && gk < k_end) ? LOAD_REAL(A, a_off + (size_t)gm * a_sm + (size_t)gk * a_sk) : (REAL_T)0; \
  }                                                                                               \
  for (int i = 0; i < B_LOADS; ++i) {                                                             \
    B_COORDS(tid + i * THREADS);                                                                  \
    rb[i] = LOAD_B(nn, (k0) + kk);                                                                \
  }

#define STORE_TILES(buffer)                                                                       \
  for (int i = 0; i < A_LOADS; ++i) {                                                             \
    A_COORDS(tid + i * THREADS);                                                                  \
    As[(buffer) * BK * LDA + kk * LDA + mm] = ra[i];                                              \
  }                                                                                               \
  for (int i = 0; i < B_LOADS; ++i) {                                                             \
    B_COORDS(tid + i * THREADS);                                                                  \
    Bs[(buffer) * BK * LDB + kk * LDB + nn] = rb[i];                                              \
  }

#if defined(CONV) && defined(POINTWISE)
#define LOAD_B(nn, gk) ((p_valid && (gk) < k_end) ? LOAD_REAL(x_base, (size_t)(gk) * H * W + p_rem) : (REAL_T)0)
#elif defined(CONV)
#define LOAD_B(nn, gk) conv_element(x_base, gk, k_end, p_valid, ih0, iw0, H, W, dilation_h, dilation_w)
#else
#define LOAD_B(nn, gk) \
  ((n0 + (nn) < N && (gk) < k_end) ? LOAD_REAL(B, b_off + (size_t)(gk) * b_sk + (size_t)(n0 + (nn)) * b_sn) : (REAL_T)0)
#endif

  REAL_T acc[TM][TN];
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; ++j) acc[i][j] = 0;

  const int tiles = (k_end - k_begin + BK - 1) / BK;
  LOAD_TILES(k_begin);
  STORE_TILES(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int t = 0; t < tiles; ++t) {
    const int current = t & 1;
    if (t + 1 < tiles) {
      LOAD_TILES(k_begin + (t + 1) * BK);
    }
    __local const REAL4_T* as = As4 + current * BK * LDA / 4;
    __local const REAL4_T* bs = Bs4 + current * BK * LDB / 4;
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      REAL_T a[TM], b[TN];
#pragma unroll
      for (int g = 0; g < GM; ++g) {
        const REAL4_T v = as[(k * LDA + g * (BM / GM)) / 4 + ty];
        a[g * 4 + 0] = v.s0;
        a[g * 4 + 1] = v.s1;
        a[g * 4 + 2] = v.s2;
        a[g * 4 + 3] = v.s3;
      }
#pragma unroll
      for (int g = 0; g < GN; ++g) {
        const REAL4_T v = bs[(k * LDB + g * (BN / GN)) / 4 + tx];
        b[g * 4 + 0] = v.s0;
        b[g * 4 + 1] = v.s1;
        b[g * 4 + 2] = v.s2;
        b[g * 4 + 3] = v.s3;
      }
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fma(a[i], b[j], acc[i][j]);
    }
    if (t + 1 < tiles) {
      STORE_TILES(1 - current);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  // Epilogue and store. Row i of this work-item is m0 + (i / 4) * (BM / GM) + ty * 4 + i % 4,
  // likewise for columns.
#ifdef CONV
  const size_t out_channels = (size_t)M * groups;
#endif
  for (int j = 0; j < TN; ++j) {
    const int n = n0 + (j / 4) * (BN / GN) + tx * 4 + j % 4;
    if (n >= N) continue;
#ifdef CONV
    const int out_image = n / OHW, out_rem = n % OHW;
#endif
    for (int i = 0; i < TM; ++i) {
      const int m = m0 + (i / 4) * (BM / GM) + ty * 4 + i % 4;
      if (m >= M) continue;
#ifdef SPLIT_K
      C[((size_t)slice * M + m) * N + n] = acc[i][j];
#elif defined(CONV)
      const size_t channel = (size_t)z * M + m;
      const size_t index = ((size_t)out_image * out_channels + channel) * OHW + out_rem;
      STORE_REAL(C, index, epilogue(acc[i][j], (int)channel, n, index, bias, residual, lo, hi));
#else
      const size_t index = ((size_t)z * M + m) * N + n;
      STORE_REAL(C, index, epilogue(acc[i][j], m, n, index, bias, residual, lo, hi));
#endif
    }
  }
}
