#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ferry/graph/node.hpp"
#include "step.hpp"

namespace ferry::npu::engine {

// A convolution lowered to oneDNN, with the ops fused into it (a bias Add, then a Relu), in
// graph order. The step reads one slot (the data); weights and bias live in the primitive.
struct LoweredConvolution {
  std::unique_ptr<Step> step;
  std::vector<std::shared_ptr<const Node>> absorbed;
};

// Lowers a 2-D f32 Convolution or GroupConvolution with constant weights (and, when they follow
// it as its only readers, a per-channel constant Add and a Relu); nullopt for anything else.
std::optional<LoweredConvolution> lower_convolution(const std::shared_ptr<const Node>& node);

}  // namespace ferry::npu::engine
