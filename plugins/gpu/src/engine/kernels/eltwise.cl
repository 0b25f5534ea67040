// Elementwise kernels. One source for every op: the op is picked with -D OP_<NAME>, the types
// with -D T=<compute type> -D IN_T=<stored input type> -D OUT_T=<stored output type>
// (default float). f16 is stored as half and computed in float: -D IN_HALF / -D OUT_HALF read
// and write it through vload_half/vstore_half (no cl_khr_fp16 needed). Integer types define
// -D INTEGER (and -D SIGNED) and U_T, the unsigned type of T's width: +, -, * and negation
// wrap through it as two's complement, as the reference does (signed overflow is undefined in
// OpenCL C).
//
// Broadcasting (numpy): the output is walked in row-major order over up to 8 dimensions; each
// input has one stride per output dimension, 0 where it is broadcast.

#ifndef T
#define T float
#endif
#ifndef U_T
#define U_T T
#endif

#ifdef IN_HALF
#define IN_T half
#define LOAD(p, i) vload_half(i, p)
#else
#ifndef IN_T
#define IN_T T
#endif
#define LOAD(p, i) ((T)(p)[i])
#endif

#ifdef OUT_HALF
#define OUT_T half
#define STORE(p, i, v) vstore_half((float)(v), i, p)
#else
#ifndef OUT_T
#define OUT_T T
#endif
#define STORE(p, i, v) (p)[i] = (OUT_T)(v)
#endif

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

// Element offsets in up to three operands of output element `out` of a broadcast walk: `d` the
// dimensions (the host merged what it could, src/broadcast_walk.hpp), s0..s2 each operand's
// strides. The outermost coordinate is what is left after the inner ones, so it needs no
// division; and where the walk fits in 32 bits (the operands are never larger than the output)
// it divides in 32 bits, several times cheaper than 64 on GPUs.
// INDEX_T: the integer type the walk divides in.
#define BROADCAST_WALK(INDEX_T)                          \
  INDEX_T index = (INDEX_T)out, a0 = 0, a1 = 0, a2 = 0; \
  for (int k = rank - 1; k > 0; --k) {                   \
    const INDEX_T coordinate = index % (INDEX_T)d[k];    \
    index /= (INDEX_T)d[k];                              \
    a0 += coordinate * (INDEX_T)s0[k];                   \
    a1 += coordinate * (INDEX_T)s1[k];                   \
    a2 += coordinate * (INDEX_T)s2[k];                   \
  }                                                      \
  *o0 = a0 + index * (INDEX_T)s0[0];                     \
  *o1 = a1 + index * (INDEX_T)s1[0];                     \
  *o2 = a2 + index * (INDEX_T)s2[0];

inline void broadcast_offsets(size_t out, int rank, const int* d, const int* s0, const int* s1, const int* s2,
                              size_t* o0, size_t* o1, size_t* o2) {
  if (get_global_size(0) <= UINT_MAX) {
    BROADCAST_WALK(uint)
  } else {
    BROADCAST_WALK(size_t)
  }
}
#define WRAP(a, op, b) ((T)((U_T)(a)op(U_T)(b)))

// ---- integer helpers (the reference's rules; where it raises an error, the kernel gives 0)
#ifdef INTEGER
// Truncating division; `floored` rounds toward minus infinity (Divide's pythondiv).
T int_divide(T a, T b, int floored) {
  if (b == 0) return 0;
#ifdef SIGNED
  if (b == (T)-1) return WRAP(0, -, a);  // lowest / -1 wraps; also avoids the x86 trap
#endif
  T q = a / b;
  if (floored && (a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
  return q;
}
// The remainder with the sign of a (truncated) or, when `floored`, of b.
T int_remainder(T a, T b, int floored) {
  if (b == 0) return 0;
#ifdef SIGNED
  if (b == (T)-1) return 0;  // lowest % -1 would trap
#endif
  T r = a % b;
  if (floored && r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
T int_power(T base, T exponent) {
#ifdef SIGNED
  if (exponent < 0) {  // |base| > 1 gives a fraction that truncates to 0
    if (base == 1) return 1;
    if (base == (T)-1) return (exponent % 2 == 0) ? 1 : (T)-1;
    return 0;
  }
#endif
  T result = 1;
  for (T e = exponent, b = base; e > 0; e /= 2) {
    if (e % 2 == 1) result = WRAP(result, *, b);
    b = WRAP(b, *, b);
  }
  return result;
}
// Shifts by a negative or too large amount give 0 (or -1: a negative value shifted right).
T int_shift(T a, T b, int left) {
  if (b < 0 || b >= (T)(sizeof(T) * 8)) return (left || !(a < 0)) ? 0 : (T)-1;
  return left ? (T)((U_T)a << b) : (T)(a >> b);
}
#else
float real_remainder(float a, float b, int floored) {
  float r = fmod(a, b);
  if (floored && r != 0.0f && ((r < 0.0f) != (b < 0.0f))) r += b;
  return r;
}
#endif

// ---- unary ops: y = UNARY(x), parameters alpha and beta
#if defined(OP_RELU)
#define UNARY(x) fmax(x, 0.0f)
#elif defined(OP_SIGMOID)
#define UNARY(x) (1.0f / (1.0f + exp(-(x))))
#elif defined(OP_TANH)
#define UNARY(x) tanh(x)
#elif defined(OP_EXP)
#define UNARY(x) exp(x)
#elif defined(OP_ERF)
#define UNARY(x) erf(x)
#elif defined(OP_SQRT)
#define UNARY(x) sqrt(x)
#elif defined(OP_LOG)
#define UNARY(x) log(x)
#elif defined(OP_ABS) && defined(INTEGER)
#define UNARY(x) ((x) < 0 ? WRAP(0, -, x) : (x))
#elif defined(OP_ABS)
#define UNARY(x) fabs(x)
#elif defined(OP_NEGATIVE)
#define UNARY(x) WRAP(0, -, x)
#elif defined(OP_IDENTITY)  // Floor, Ceiling and Round on integers
#define UNARY(x) (x)
#elif defined(OP_FLOOR)
#define UNARY(x) floor(x)
#elif defined(OP_CEILING)
#define UNARY(x) ceil(x)
#elif defined(OP_SIGN)  // NaN stays NaN
#define UNARY(x) ((x) > 0 ? (T)1 : ((x) < 0 ? (T)-1 : (x)))
#elif defined(OP_SIN)
#define UNARY(x) sin(x)
#elif defined(OP_COS)
#define UNARY(x) cos(x)
#elif defined(OP_TAN)
#define UNARY(x) tan(x)
#elif defined(OP_ASIN)
#define UNARY(x) asin(x)
#elif defined(OP_ACOS)
#define UNARY(x) acos(x)
#elif defined(OP_ATAN)
#define UNARY(x) atan(x)
#elif defined(OP_SINH)
#define UNARY(x) sinh(x)
#elif defined(OP_COSH)
#define UNARY(x) cosh(x)
#elif defined(OP_ASINH)
#define UNARY(x) asinh(x)
#elif defined(OP_ACOSH)
#define UNARY(x) acosh(x)
#elif defined(OP_ATANH)
#define UNARY(x) atanh(x)
#elif defined(OP_SOFTSIGN)
#define UNARY(x) ((x) / (1.0f + fabs(x)))
#elif defined(OP_GELU_ERF)
#define UNARY(x) (0.5f * (x) * (1.0f + erf((x) * 0.70710678118654752f)))
#elif defined(OP_GELU_TANH)
#define UNARY(x) (0.5f * (x) * (1.0f + tanh(0.79788456080286536f * ((x) + 0.044715f * (x) * (x) * (x)))))
#elif defined(OP_ROUND_EVEN)
#define UNARY(x) rint(x)
#elif defined(OP_ROUND_AWAY)
#define UNARY(x) round(x)
#elif defined(OP_HSWISH)
#define UNARY(x) ((x) * fmin(fmax((x) + 3.0f, 0.0f), 6.0f) / 6.0f)
#elif defined(OP_HSIGMOID)
#define UNARY(x) (fmin(fmax((x) + 3.0f, 0.0f), 6.0f) / 6.0f)
#elif defined(OP_SOFTPLUS)
#define UNARY(x) (fmax(x, 0.0f) + log1p(exp(-fabs(x))))
#elif defined(OP_MISH)
#define UNARY(x) ((x) * tanh(fmax(x, 0.0f) + log1p(exp(-fabs(x)))))
#elif defined(OP_ELU)
#define UNARY(x) ((x) > 0.0f ? (x) : alpha * (exp(x) - 1.0f))
#elif defined(OP_CLAMP)
#define UNARY(x) fmin(fmax(x, alpha), beta)
#elif defined(OP_SWISH)
#define UNARY(x) ((x) / (1.0f + exp(-alpha * (x))))
#elif defined(OP_LOGICAL_NOT)
#define UNARY(x) ((x) ? 0 : 1)
#endif

#ifdef UNARY
__kernel void eltwise_unary(__global const IN_T* x, __global OUT_T* y, float alpha, float beta) {
  const size_t i = get_global_id(0);
  const T v = LOAD(x, i);
  STORE(y, i, UNARY(v));
}
#endif

// ---- binary ops: y = BINARY(a, b)
#if defined(OP_ADD)
#define BINARY(a, b) WRAP(a, +, b)
#elif defined(OP_SUBTRACT)
#define BINARY(a, b) WRAP(a, -, b)
#elif defined(OP_MULTIPLY)
#define BINARY(a, b) WRAP(a, *, b)
#elif defined(OP_DIVIDE) && defined(INTEGER)
#define BINARY(a, b) int_divide(a, b, 0)
#elif defined(OP_PYTHON_DIVIDE) && defined(INTEGER)
#define BINARY(a, b) int_divide(a, b, 1)
#elif defined(OP_DIVIDE) || defined(OP_PYTHON_DIVIDE)
#define BINARY(a, b) ((a) / (b))
#elif defined(OP_MAXIMUM) && defined(INTEGER)
#define BINARY(a, b) max(a, b)
#elif defined(OP_MINIMUM) && defined(INTEGER)
#define BINARY(a, b) min(a, b)
#elif defined(OP_MAXIMUM)
#define BINARY(a, b) fmax(a, b)
#elif defined(OP_MINIMUM)
#define BINARY(a, b) fmin(a, b)
#elif defined(OP_POWER) && defined(INTEGER)
#define BINARY(a, b) int_power(a, b)
#elif defined(OP_POWER)
#define BINARY(a, b) pow(a, b)
#elif defined(OP_MOD) && defined(INTEGER)
#define BINARY(a, b) int_remainder(a, b, 0)
#elif defined(OP_FLOOR_MOD) && defined(INTEGER)
#define BINARY(a, b) int_remainder(a, b, 1)
#elif defined(OP_LEFT_SHIFT) && defined(INTEGER)
#define BINARY(a, b) int_shift(a, b, 1)
#elif defined(OP_RIGHT_SHIFT) && defined(INTEGER)
#define BINARY(a, b) int_shift(a, b, 0)
#elif defined(OP_MOD)
#define BINARY(a, b) real_remainder(a, b, 0)
#elif defined(OP_FLOOR_MOD)
#define BINARY(a, b) real_remainder(a, b, 1)
#elif defined(OP_PRELU)
#define BINARY(a, b) ((a) < 0.0f ? (a) * (b) : (a))
#elif defined(OP_SWISH_BETA)
#define BINARY(a, b) ((a) / (1.0f + exp(-(b) * (a))))
#elif defined(OP_EQUAL)
#define BINARY(a, b) ((a) == (b))
#elif defined(OP_NOT_EQUAL)
#define BINARY(a, b) ((a) != (b))
#elif defined(OP_LESS)
#define BINARY(a, b) ((a) < (b))
#elif defined(OP_GREATER)
#define BINARY(a, b) ((a) > (b))
#elif defined(OP_LESS_EQUAL)
#define BINARY(a, b) ((a) <= (b))
#elif defined(OP_GREATER_EQUAL)
#define BINARY(a, b) ((a) >= (b))
#elif defined(OP_LOGICAL_AND)
#define BINARY(a, b) ((a) && (b))
#elif defined(OP_LOGICAL_OR)
#define BINARY(a, b) ((a) || (b))
#elif defined(OP_LOGICAL_XOR)
#define BINARY(a, b) ((!(a)) != (!(b)))
#endif

#ifdef BINARY
// Both inputs have the output's shape.
__kernel void eltwise_binary_same(__global const IN_T* a, __global const IN_T* b, __global OUT_T* y) {
  const size_t i = get_global_id(0);
  const T va = LOAD(a, i), vb = LOAD(b, i);
  STORE(y, i, BINARY(va, vb));
}

// Numpy broadcast: `dims` is the output shape, `sa`/`sb` the inputs' element strides per output
// dimension (0 where broadcast); unused trailing dimensions have size 1.
__kernel void eltwise_binary_broadcast(__global const IN_T* a, __global const IN_T* b, __global OUT_T* y, int rank,
                                       int8 dims, int8 sa, int8 sb) {
  UNPACK8(dims, d);
  UNPACK8(sa, stride_a);
  UNPACK8(sb, stride_b);
  const size_t out = get_global_id(0);
  size_t ia, ib, unused;
  broadcast_offsets(out, rank, d, stride_a, stride_b, stride_b, &ia, &ib, &unused);
  const T va = LOAD(a, ia), vb = LOAD(b, ib);
  STORE(y, out, BINARY(va, vb));
}
#endif

#ifdef OP_SELECT
// Select: y = cond ? a : b with numpy broadcasting of all three; moves T's bits (any type of
// T's size), the condition is boolean (uchar).
__kernel void select_broadcast(__global const uchar* cond, __global const T* a, __global const T* b, __global T* y,
                               int rank, int8 dims, int8 sc, int8 sa, int8 sb) {
  UNPACK8(dims, d);
  UNPACK8(sc, stride_c);
  UNPACK8(sa, stride_a);
  UNPACK8(sb, stride_b);
  const size_t out = get_global_id(0);
  size_t ic, ia, ib;
  broadcast_offsets(out, rank, d, stride_c, stride_a, stride_b, &ic, &ia, &ib);
  y[out] = cond[ic] ? a[ia] : b[ib];
}
#endif
