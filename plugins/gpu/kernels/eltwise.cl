// Elementwise kernels. One source for every op: the op is picked with -D OP_<NAME>, the types
// with -D T=<input type> -D OUT_T=<output type> (both default to float).
//
// Broadcasting (numpy): the output is walked in row-major order over up to 8 dimensions; each
// input has one stride per output dimension, 0 where it is broadcast.

#ifndef T
#define T float
#endif
#ifndef OUT_T
#define OUT_T T
#endif

#define UNPACK8(v, a) const int a[8] = {v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7}

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
#elif defined(OP_ABS)
#define UNARY(x) fabs(x)
#elif defined(OP_NEGATIVE)
#define UNARY(x) (-(x))
#elif defined(OP_FLOOR)
#define UNARY(x) floor(x)
#elif defined(OP_CEILING)
#define UNARY(x) ceil(x)
#elif defined(OP_SIGN)
#define UNARY(x) ((x) > 0.0f ? 1.0f : ((x) < 0.0f ? -1.0f : 0.0f))
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
__kernel void eltwise_unary(__global const T* x, __global OUT_T* y, float alpha, float beta) {
  const size_t i = get_global_id(0);
  const T v = x[i];
  y[i] = (OUT_T)(UNARY(v));
}
#endif

// ---- binary ops: y = BINARY(a, b)
#if defined(OP_ADD)
#define BINARY(a, b) ((a) + (b))
#elif defined(OP_SUBTRACT)
#define BINARY(a, b) ((a) - (b))
#elif defined(OP_MULTIPLY)
#define BINARY(a, b) ((a) * (b))
#elif defined(OP_DIVIDE)
#define BINARY(a, b) ((a) / (b))
#elif defined(OP_MAXIMUM)
#define BINARY(a, b) fmax(a, b)
#elif defined(OP_MINIMUM)
#define BINARY(a, b) fmin(a, b)
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
__kernel void eltwise_binary_same(__global const T* a, __global const T* b, __global OUT_T* y) {
  const size_t i = get_global_id(0);
  const T va = a[i], vb = b[i];
  y[i] = (OUT_T)(BINARY(va, vb));
}

// Numpy broadcast: `dims` is the output shape, `sa`/`sb` the inputs' element strides per output
// dimension (0 where broadcast); unused trailing dimensions have size 1.
__kernel void eltwise_binary_broadcast(__global const T* a, __global const T* b, __global OUT_T* y, int rank,
                                       int8 dims, int8 sa, int8 sb) {
  UNPACK8(dims, d);
  UNPACK8(sa, stride_a);
  UNPACK8(sb, stride_b);
  size_t index = get_global_id(0);
  const size_t out = index;
  size_t ia = 0, ib = 0;
  for (int k = rank - 1; k >= 0; --k) {
    const size_t coordinate = index % (size_t)d[k];
    index /= (size_t)d[k];
    ia += coordinate * (size_t)stride_a[k];
    ib += coordinate * (size_t)stride_b[k];
  }
  const T va = a[ia], vb = b[ib];
  y[out] = (OUT_T)(BINARY(va, vb));
}
#endif
