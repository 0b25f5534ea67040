#pragma once

// One kernel launch of a compiled model, decided at compile time: which kernel of which program,
// its arguments (value buffers by value id, everything else as bytes) and its NDRange. An infer
// request turns it into a cl_kernel once and only rebinds the buffers per inference.

#include <CL/cl.h>

#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "ferry/base/shape.hpp"

namespace ferry::gpu {

// Up to this many dimensions travel as an OpenCL int8 argument (shapes, strides).
inline constexpr size_t kMaxKernelRank = 8;

struct KernelArg {
  bool is_value = false;
  size_t value = 0;                  // is_value: the id of the value whose buffer is bound
  std::vector<unsigned char> bytes;  // otherwise: the argument's bytes
};

struct KernelStep {
  std::string file;     // kernel_library file, e.g. "eltwise.cl"
  std::string options;  // build options, e.g. "-DOP_RELU"
  std::string kernel;   // kernel function name
  std::vector<KernelArg> args;
  cl_uint dims = 1;
  std::array<size_t, 3> global{1, 1, 1};
  std::array<size_t, 3> local{0, 0, 0};  // local[0] == 0: the OpenCL runtime picks

  KernelStep(std::string file_name, std::string build_options, std::string kernel_name)
      : file(std::move(file_name)), options(std::move(build_options)), kernel(std::move(kernel_name)) {}

  KernelStep& value(size_t id) {
    KernelArg arg;
    arg.is_value = true;
    arg.value = id;
    args.push_back(std::move(arg));
    return *this;
  }
  template <typename T>
  KernelStep& scalar(const T& value) {
    KernelArg arg;
    arg.bytes.resize(sizeof(T));
    std::memcpy(arg.bytes.data(), &value, sizeof(T));
    args.push_back(std::move(arg));
    return *this;
  }
  KernelStep& i32(int64_t value) { return scalar(static_cast<cl_int>(value)); }
  KernelStep& f32(double value) { return scalar(static_cast<cl_float>(value)); }
  // Up to 8 numbers as an int8 vector, padded with `fill`.
  KernelStep& int8(const std::vector<int64_t>& values, int fill = 1);
  KernelStep& range(std::array<size_t, 3> global_size, cl_uint dimensions = 1) {
    global = global_size;
    dims = dimensions;
    return *this;
  }
  KernelStep& range1(size_t count) { return range({count, 1, 1}, 1); }
  bool empty_range() const { return global[0] * global[1] * global[2] == 0; }
};

// Row-major element strides of `shape`.
std::vector<int64_t> dense_strides(const Shape& shape);
// Strides of `input` broadcast (numpy, aligned right) to `output`'s rank: 0 where broadcast.
std::vector<int64_t> broadcast_strides(const Shape& input, const Shape& output);
// Dimensions of `shape` as numbers.
std::vector<int64_t> dims_of(const Shape& shape);
size_t element_count(const Shape& shape);
// "-DT=<OpenCL type>" for moving elements of `bytes` bytes (1, 2, 4, 8).
std::string move_type_option(size_t bytes);

}  // namespace ferry::gpu
