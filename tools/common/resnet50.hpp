#pragma once

// ResNet-50 (v1.5: the stride on each stage's 3x3 convolution) as a Ferry model, made in memory
// with seeded random weights: the main job's real-sized model, with no download. Batch norms are
// folded into a per-channel bias, as converters emit them. Input "image" f32 [batch, 3, 224, 224]
// (NCHW), output "probabilities" f32 [batch, 1000] (softmax).

#include <cstdint>
#include <memory>

#include "ferry/ferry.hpp"

namespace ferry::tools {

// The same seed gives the same weights on every machine (a fixed generator, no <random>
// distribution whose output the standard leaves to the library).
std::shared_ptr<Model> make_resnet50(uint64_t seed = 1, Dimension batch = Dimension(1));

}  // namespace ferry::tools
