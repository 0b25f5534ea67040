#pragma once

// What the NPU remote-tensor examples share: the model they run (y = 2x - 1 on a 1x3x224x224
// image), its expected output, the Core made from the plugins.xml the command line names, and a
// DMA-BUF stand-in (a memfd: these machines have no DMA-BUF heap).

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "ferry/ferry.hpp"

namespace example {

inline const ferry::Shape kShape{1, 3, 224, 224};

inline std::shared_ptr<ferry::Model> scale_model() {
  using namespace ferry;
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape(kShape));
  x->output(0).set_names({"x"});
  auto twice =
      std::make_shared<op::v1::Multiply>(x, op::v0::Constant::create(element::f32, Shape{1}, std::vector<float>{2}));
  auto y = std::make_shared<op::v1::Subtract>(twice,
                                              op::v0::Constant::create(element::f32, Shape{1}, std::vector<float>{1}));
  y->output(0).set_names({"y"});
  return std::make_shared<Model>(OutputVector{y}, ParameterVector{x}, "scale");
}

inline float expected(float x) { return 2 * x - 1; }
inline float input_value(size_t i) { return static_cast<float>(i % 251) / 251.0f; }

// `argv[1]`, when given, is the plugins.xml to load (tests pass the in-tree one).
inline ferry::Core make_core(int argc, char** argv) { return ferry::Core(argc > 1 ? argv[1] : ""); }

// Checks `count` results against expected(input_value(i)); prints and returns the exit status.
inline int report(const char* what, const float* results, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (std::abs(results[i] - expected(input_value(i))) > 1e-6f) {
      std::printf("%s: element %zu is %g, expected %g\n", what, i, results[i], expected(input_value(i)));
      return 1;
    }
  }
  std::printf("%s: %zu results as expected\n", what, count);
  return 0;
}

// A memfd of `bytes`, mapped: what a DMA-BUF heap allocation gives an application.
struct DmaBuf {
  explicit DmaBuf(size_t bytes) : size(bytes), fd(memfd_create("example-dma-buf", MFD_CLOEXEC)) {
    if (fd < 0 || ftruncate(fd, static_cast<off_t>(bytes)) != 0) std::abort();
    data = static_cast<float*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
    if (data == MAP_FAILED) std::abort();
  }
  ~DmaBuf() {
    munmap(data, size);
    close(fd);
  }
  size_t size;
  int fd;
  float* data;
};

}  // namespace example
