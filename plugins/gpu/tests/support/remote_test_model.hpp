#pragma once

// The small model the remote-tensor tests run: x[2, 8] f32 -> y = Relu(x + 0.5), z = y * 2
// (elementwise kernels only, quick to build on PoCL), and its expected outputs.

#include <memory>
#include <vector>

#include "ferry/ferry.hpp"

namespace ferry::gpu::test {

inline const Shape kRemoteShape{2, 8};

std::shared_ptr<Model> make_remote_test_model();
// 16 values of both signs, from `seed`.
std::vector<float> remote_test_input(unsigned seed);
std::vector<float> expected_y(const std::vector<float>& x);
std::vector<float> expected_z(const std::vector<float>& x);

}  // namespace ferry::gpu::test
