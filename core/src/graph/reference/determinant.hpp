#pragma once

// Determinants of a batch of square matrices by LU decomposition with partial pivoting: each
// column's pivot is the largest remaining magnitude, so the elimination stays stable; every row
// swap flips the sign. A zero pivot column means a singular matrix (determinant 0).
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace ferry {
namespace reference {

// `in` holds `batch` row-major m x m matrices; out[b] = det(matrix b). T: float or double.
template <typename T>
void determinant(const T* in, T* out, size_t batch, size_t m) {
  std::vector<T> lu(m * m);
  for (size_t b = 0; b < batch; ++b) {
    lu.assign(in + b * m * m, in + (b + 1) * m * m);
    T det = T(1);
    for (size_t col = 0; col < m && det != T(0); ++col) {
      size_t pivot = col;
      for (size_t row = col + 1; row < m; ++row)
        if (std::abs(lu[row * m + col]) > std::abs(lu[pivot * m + col])) pivot = row;
      if (lu[pivot * m + col] == T(0)) {
        det = T(0);
        break;
      }
      if (pivot != col) {
        for (size_t k = 0; k < m; ++k) std::swap(lu[pivot * m + k], lu[col * m + k]);
        det = -det;
      }
      const T diagonal = lu[col * m + col];
      det *= diagonal;
      for (size_t row = col + 1; row < m; ++row) {
        const T factor = lu[row * m + col] / diagonal;
        for (size_t k = col + 1; k < m; ++k) lu[row * m + k] -= factor * lu[col * m + k];
      }
    }
    out[b] = det;
  }
}

}  // namespace reference
}  // namespace ferry
