#pragma once

// Whether the GPU runs an op is decided on static shapes (a primitive's supports() reads ranks,
// dimensions and constant inputs). For a node with dynamic or bounded shapes, query_model and
// compile_model decide on a static stand-in: a copy of the node whose inputs that are not
// Constants become Parameters of a representative static shape inside each input's bounds.
// At infer time every input shape gets its own static instance of the model (shape_instances.hpp),
// where each node is checked again on its real shapes.

#include <memory>

#include "ferry/graph/node.hpp"

namespace ferry::gpu {

// A copy of `node` on static input shapes (same type, attributes and friendly name; Constant
// inputs kept), or null when no representative shape validates (e.g. a dimension the op
// requires to match a static one elsewhere). Tries, in order: every dynamic dimension 1 (a
// dynamic rank: rank 1), then 16 with rank 4, then 1 with rank 4; each dimension clamped into
// its bounds. The first copy whose outputs are static wins; when none has, the first that
// validates is returned: its output shape depends on input values (NonZero), not only shapes.
std::shared_ptr<Node> static_stand_in(const Node& node);

}  // namespace ferry::gpu
