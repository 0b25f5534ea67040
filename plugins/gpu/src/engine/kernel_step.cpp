#include "kernel_step.hpp"

#include "ferry/base/exception.hpp"

namespace ferry::gpu {

KernelStep& KernelStep::int8(const std::vector<int64_t>& values, int fill) {
  FERRY_ASSERT(values.size() <= kMaxKernelRank, "GPU kernel ", kernel, ": ", values.size(), " dimensions, at most ",
               kMaxKernelRank, " supported");
  cl_int8 packed;
  for (size_t i = 0; i < kMaxKernelRank; ++i) packed.s[i] = i < values.size() ? static_cast<cl_int>(values[i]) : fill;
  return scalar(packed);
}

std::vector<int64_t> dense_strides(const Shape& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * static_cast<int64_t>(shape[i]);
  return strides;
}

std::vector<int64_t> broadcast_strides(const Shape& input, const Shape& output) {
  const std::vector<int64_t> own = dense_strides(input);
  std::vector<int64_t> strides(output.size(), 0);
  const size_t offset = output.size() - input.size();
  for (size_t i = 0; i < input.size(); ++i) strides[offset + i] = input[i] == 1 ? 0 : own[i];
  return strides;
}

std::vector<int64_t> dims_of(const Shape& shape) { return std::vector<int64_t>(shape.begin(), shape.end()); }

size_t element_count(const Shape& shape) {
  size_t count = 1;
  for (size_t d : shape) count *= d;
  return count;
}

std::string move_type_option(size_t bytes) {
  switch (bytes) {
    case 1:
      return "-DT=uchar";
    case 2:
      return "-DT=ushort";
    case 4:
      return "-DT=uint";
    case 8:
      return "-DT=ulong";
    default:
      Exception::raise("GPU: no data movement kernel for elements of ", bytes, " bytes");
  }
}

}  // namespace ferry::gpu
