#pragma once

// What HETERO's tests share: make_mlp split over two devices by the nodes' "affinity" rt_info.

#include <memory>
#include <string>

#include "ferry/graph/model.hpp"

namespace ferry::hetero::test {

// make_mlp(batch) with its first layer (matmul1, add1, relu) on `first` and the rest (matmul2,
// add2, softmax) on `second`.
std::shared_ptr<Model> split_mlp(size_t batch, const std::string& first, const std::string& second);

}  // namespace ferry::hetero::test
