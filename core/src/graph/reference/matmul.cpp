#include "core/src/graph/reference/matmul.hpp"

#include <cstdint>
#include <vector>

#include "core/src/graph/reference/broadcast.hpp"
#include "ferry/base/exception.hpp"

namespace ferry {
namespace reference {

template <typename T, typename Acc>
void matmul(const T* a, const Shape& a_shape, const T* b, const Shape& b_shape, T* out, const Shape& out_shape,
            bool transpose_a, bool transpose_b) {
  const size_t ar = a_shape.size(), br = b_shape.size(), orank = out_shape.size();
  FERRY_ASSERT(ar >= 2 && br >= 2 && orank >= 2, "matmul: inputs and output need rank >= 2");
  const size_t M = out_shape[orank - 2], N = out_shape[orank - 1];
  const size_t K = transpose_a ? a_shape[ar - 2] : a_shape[ar - 1];
  const size_t a_cols = a_shape[ar - 1];
  const size_t b_cols = b_shape[br - 1];
  // Element (m, k) of op(A) and (k, n) of op(B) within one matrix.
  const size_t a_m_step = transpose_a ? 1 : a_cols, a_k_step = transpose_a ? a_cols : 1;
  const size_t b_k_step = transpose_b ? 1 : b_cols, b_n_step = transpose_b ? b_cols : 1;

  // Batch offsets through broadcasting: treat each matrix as one element of the batch shapes.
  const Shape a_batch(a_shape.begin(), a_shape.end() - 2), b_batch(b_shape.begin(), b_shape.end() - 2);
  const Shape out_batch(out_shape.begin(), out_shape.end() - 2);
  const size_t batches = shape_size(out_batch);
  std::vector<size_t> a_index(batches), b_index(batches);
  {
    std::vector<size_t> a_ids(shape_size(a_batch)), b_ids(shape_size(b_batch));
    for (size_t i = 0; i < a_ids.size(); ++i) a_ids[i] = i;
    for (size_t i = 0; i < b_ids.size(); ++i) b_ids[i] = i;
    broadcast_binary(a_ids.data(), a_batch, b_ids.data(), b_batch, a_index.data(), out_batch,
                     [](size_t x, size_t) { return x; });
    broadcast_binary(a_ids.data(), a_batch, b_ids.data(), b_batch, b_index.data(), out_batch,
                     [](size_t, size_t y) { return y; });
  }
  const size_t a_matrix = a_shape[ar - 2] * a_cols, b_matrix = b_shape[br - 2] * b_cols;
  for (size_t batch = 0; batch < batches; ++batch) {
    const T* A = a + a_index[batch] * a_matrix;
    const T* B = b + b_index[batch] * b_matrix;
    T* C = out + batch * M * N;
    for (size_t m = 0; m < M; ++m) {
      for (size_t n = 0; n < N; ++n) {
        Acc sum = 0;
        for (size_t k = 0; k < K; ++k) sum += Acc(A[m * a_m_step + k * a_k_step]) * Acc(B[k * b_k_step + n * b_n_step]);
        C[m * N + n] = static_cast<T>(sum);
      }
    }
  }
}

template void matmul<float, double>(const float*, const Shape&, const float*, const Shape&, float*, const Shape&, bool,
                                    bool);
template void matmul<double, double>(const double*, const Shape&, const double*, const Shape&, double*, const Shape&,
                                     bool, bool);
template void matmul<int8_t, int64_t>(const int8_t*, const Shape&, const int8_t*, const Shape&, int8_t*, const Shape&,
                                      bool, bool);
template void matmul<uint8_t, uint64_t>(const uint8_t*, const Shape&, const uint8_t*, const Shape&, uint8_t*,
                                        const Shape&, bool, bool);
template void matmul<int32_t, int64_t>(const int32_t*, const Shape&, const int32_t*, const Shape&, int32_t*,
                                       const Shape&, bool, bool);
template void matmul<int64_t, int64_t>(const int64_t*, const Shape&, const int64_t*, const Shape&, int64_t*,
                                       const Shape&, bool, bool);

}  // namespace reference
}  // namespace ferry
