#pragma once

// A primitive turns one node of the model into OpenCL kernel launches. There is one primitive per
// op family (primitives/*.cpp); find_primitive picks the one that supports a node, with the
// node's element types and (static) shapes. A node no primitive supports has no GPU kernel.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ferry/graph/node.hpp"
#include "kernel_step.hpp"

namespace ferry::gpu {

// What a matrix-product primitive applies to its results before storing them, in this order:
// the nodes that followed it in the model, fused into its kernel (src/epilogue_fusion.hpp).
struct Epilogue {
  enum class Activation { NONE, RELU, CLAMP, SIGMOID };
  int64_t bias = -1;      // id of a value added per output channel (Convolution) or per element
                          // of the last dimension (MatMul); -1: none
  int64_t residual = -1;  // id of a value of the output's shape added next; -1: none
  Activation activation = Activation::NONE;
  float lo = 0.0f, hi = 0.0f;  // CLAMP's bounds
  bool empty() const { return bias < 0 && residual < 0 && activation == Activation::NONE; }
};

// Kernels that read a video input frame by frame where the application holds it (the NV12 colour
// conversion): a batch given as one tensor per frame and plane (set_tensors), or frames in OpenCL
// images. Each launch reads one frame, whose planes are bound as its arguments, and writes that
// frame's item of the output: it runs over {W, H, 1} with the global offset {0, 0, frame}.
struct FrameKernels {
  std::vector<size_t> planes;  // the plane values, in argument order (Y first)
  KernelStep buffers;          // planes in buffers (batch strides 0)
  // Planes in images, or none: arguments 0 and 2 take the Y and UV images, arguments 1 and 3 their
  // modes (set per launch: yuv_to_rgb.cl's yuv_to_rgb_image).
  std::optional<KernelStep> images;
};

struct Primitive {
  const char* family;  // "eltwise", "matmul"... (the profiling exec_type)
  // True when the family has kernels for this node as it is (types, ranks, attributes).
  bool (*supports)(const Node& node);
  // The launches for `node`; inputs/outputs are the ids of the buffers of its input and output
  // values. Only called when supports(node).
  std::vector<KernelStep> (*make)(const Node& node, const std::vector<size_t>& inputs,
                                  const std::vector<size_t>& outputs);
  // Families that can apply an Epilogue: make() with the nodes after `node` fused; null for the
  // others. `outputs` are then the last fused node's outputs.
  std::vector<KernelStep> (*make_fused)(const Node& node, const std::vector<size_t>& inputs,
                                        const std::vector<size_t>& outputs, const Epilogue& epilogue) = nullptr;
  // Device memory the launches need besides the node's outputs (e.g. a precomputed product read
  // by later launches of the same node): one size in bytes per scratch buffer; null: none.
  // CompiledGraph gives each buffer a value id and passes the ids to make/make_fused after the
  // outputs, in this order: outputs[n + i] is scratch buffer i, n the output count (of the last
  // fused node for make_fused). A scratch buffer belongs to its step only: its contents are
  // undefined when the step starts, and the memory plan reuses its memory for other steps' values.
  std::vector<size_t> (*scratch_bytes)(const Node& node) = nullptr;
  // True when the primitive reads input `index` through the Convert that feeds it, converting
  // while it reads: CompiledGraph then passes the Convert's input in `inputs`, and the Convert
  // (read by this node only) runs no kernel of its own. Null: never.
  bool (*reads_through_convert)(const Node& node, size_t index) = nullptr;
  // The per-frame kernels of `node` (`images`: with the image variant), or none; same program
  // (file and options) as make()'s single launch. Null: the family has none.
  std::optional<FrameKernels> (*make_frames)(const Node& node, const std::vector<size_t>& inputs,
                                             const std::vector<size_t>& outputs, bool images) = nullptr;
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
const Primitive& gather_primitive();
const Primitive& slice_primitive();
const Primitive& replicate_primitive();
const Primitive& scatter_primitive();
const Primitive& generate_primitive();
const Primitive& normalization_primitive();
const Primitive& interpolate_primitive();
const Primitive& adaptive_pool_primitive();
const Primitive& cum_sum_primitive();
const Primitive& convolution_backprop_primitive();
const Primitive& attention_primitive();
const Primitive& fake_quantize_primitive();
const Primitive& recurrent_primitive();
const Primitive& einsum_primitive();
const Primitive& yuv_to_rgb_primitive();

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
