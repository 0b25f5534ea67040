#pragma once

// A primitive turns one node of the model into OpenCL kernel launches. There is one primitive per
// op family (primitives/*.cpp); find_primitive picks the one that supports a node, with the
// node's element types and (static) shapes. A node no primitive supports has no GPU kernel.

#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/node.hpp"
#include "kernel_step.hpp"

namespace ferry::gpu {

struct Primitive {
  const char* family;  // "eltwise", "matmul"... (the profiling exec_type)
  // True when the family has kernels for this node as it is (types, ranks, attributes).
  bool (*supports)(const Node& node);
  // The launches for `node`; inputs/outputs are the ids of the buffers of its input and output
  // values. Only called when supports(node).
  std::vector<KernelStep> (*make)(const Node& node, const std::vector<size_t>& inputs,
                                  const std::vector<size_t>& outputs);
};

const Primitive& eltwise_primitive();
const Primitive& matmul_primitive();
const Primitive& convolution_primitive();
const Primitive& pooling_primitive();
const Primitive& softmax_primitive();
const Primitive& reduce_primitive();
const Primitive& data_movement_primitive();
const Primitive& convert_primitive();
const Primitive& batch_norm_primitive();

// The primitive that supports `node`, or null. Nodes with a dynamic shape or type have none.
const Primitive* find_primitive(const Node& node);

// Shared by the primitives: true when every input and output of `node` is static and of
// `type` (element::undefined: any type).
bool all_static(const Node& node);
bool all_of_type(const Node& node, const element::Type& type);
// The values of a Constant feeding input `index` (as integers), or false when that input is not
// a Constant.
bool constant_ints(const Node& node, size_t index, std::vector<int64_t>& values);
// Same for a real-valued constant.
bool constant_reals(const Node& node, size_t index, std::vector<double>& values);

}  // namespace ferry::gpu
