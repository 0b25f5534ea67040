#pragma once

// What the GPU remote-tensor examples share: the model they run (y = Relu(x + 0.5), any static
// shape), its expected output, and the Core made from the plugins.xml the command line names.

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "ferry/ferry.hpp"

namespace example {

inline std::shared_ptr<ferry::Model> relu_model(const ferry::Shape& shape) {
  using namespace ferry;
  auto x = std::make_shared<op::v0::Parameter>(element::f32, PartialShape(shape));
  x->output(0).set_names({"x"});
  auto add =
      std::make_shared<op::v1::Add>(x, op::v0::Constant::create(element::f32, Shape{1}, std::vector<float>{0.5f}));
  auto y = std::make_shared<op::v0::Relu>(add);
  y->output(0).set_names({"y"});
  return std::make_shared<Model>(OutputVector{y}, ParameterVector{x}, "relu");
}

inline float expected(float x) { return std::max(x + 0.5f, 0.0f); }

// `argv[1]`, when given, is the plugins.xml to load (tests pass the in-tree one).
inline ferry::Core make_core(int argc, char** argv) { return ferry::Core(argc > 1 ? argv[1] : ""); }

// 0 when every y[i] == expected(x[i]), else 1 (printing the first mismatch).
inline int check(const std::vector<float>& x, const std::vector<float>& y, const char* what) {
  for (size_t i = 0; i < x.size(); ++i) {
    if (y[i] != expected(x[i])) {
      std::printf("%s: y[%zu] = %g, expected %g\n", what, i, y[i], expected(x[i]));
      return 1;
    }
  }
  std::printf("%s: %zu outputs as expected\n", what, x.size());
  return 0;
}

}  // namespace example
