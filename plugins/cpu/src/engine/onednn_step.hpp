#pragma once

#include <functional>
#include <memory>
#include <oneapi/dnnl/dnnl.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/graph/node.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "step.hpp"

namespace ferry::cpu::engine {

// A oneDNN primitive as a step. Each argument is a slot the primitive reads (DNNL_ARG_SRC...)
// or writes (DNNL_ARG_DST), seen through the memory descriptor the primitive was made for;
// constants (weights, bias) are memories of its own, prepared once. With a sum post-op the
// `accumulates_into_output` slot is copied into the destination first, unless the destination
// took over its memory.
class OneDnnStep : public Step {
 public:
  struct Argument {
    int id;  // DNNL_ARG_*
    size_t slot;
    dnnl::memory::desc desc;
  };
  OneDnnStep(std::shared_ptr<const Node> node, std::string exec_type, dnnl::primitive primitive,
             dnnl::memory::desc scratchpad, std::vector<Argument> arguments,
             std::unordered_map<int, dnnl::memory> constants, std::string type = {}, std::string name = {});

  std::unique_ptr<StepBinding> bind(ExecutionMemory& memory) const override;

  const dnnl::primitive& primitive() const { return m_primitive; }
  const dnnl::memory::desc& scratchpad() const { return m_scratchpad; }
  const std::vector<Argument>& arguments() const { return m_arguments; }
  const std::unordered_map<int, dnnl::memory>& constants() const { return m_constants; }

 private:
  dnnl::primitive m_primitive;
  dnnl::memory::desc m_scratchpad;
  std::vector<Argument> m_arguments;
  std::unordered_map<int, dnnl::memory> m_constants;
};

// A reorder of `from` into the layout `to` (same dims): how values move between layouts (and a
// Transpose runs: `type` names the op in profiles).
std::unique_ptr<OneDnnStep> make_reorder_step(std::shared_ptr<const Node> node, const std::string& name, size_t from,
                                              const dnnl::memory::desc& from_desc, size_t to,
                                              const dnnl::memory::desc& to_desc, const std::string& type = "Reorder");

// An op (and the ops fused into it) lowered to one oneDNN primitive, before its values have
// slots: the compiler binds each read to a slot in the layout it asks for (reordering when the
// value is in another), and gives the destination a slot in the layout the primitive chose.
struct LoweredOp {
  struct Read {
    int argument;  // DNNL_ARG_*
    Output<Node> value;
    dnnl::memory::desc desc;
  };
  dnnl::primitive primitive;
  dnnl::memory::desc scratchpad;
  std::string exec_type = "onednn";
  std::vector<Read> reads;
  dnnl::memory::desc destination;
  // The value a sum post-op adds: read in the destination's layout.
  std::optional<Output<Node>> sum_operand;
  std::unordered_map<int, dnnl::memory> constants;
  std::vector<std::shared_ptr<const Node>> absorbed;  // ops fused after the first, in graph order
};

// The layout of a value computed so far (nullopt: not computed yet). Lowerings read it to make
// primitives for their inputs' layouts, and to fuse only values that are ready.
using LayoutOf = std::function<std::optional<dnnl::memory::desc>(const Output<Node>&)>;

// The oneDNN attributes every primitive of the engine uses, with `post_ops`: a scratchpad per
// execution (oneDNN's own is per creating thread, and a graph created on one thread runs on a
// queue's worker).
dnnl::primitive_attr primitive_attributes(const dnnl::post_ops& post_ops = {});

// The plain (dense, row-major) memory descriptor of an f32 tensor, and whether `desc` is one.
dnnl::memory::desc plain_f32(const Shape& shape);
dnnl::memory::desc plain_f32(const dnnl::memory::dims& dims);
bool is_plain(const dnnl::memory::desc& desc);
// The same for another data type (bf16 operands of the products).
dnnl::memory::desc plain_of(dnnl::memory::data_type type, const dnnl::memory::dims& dims);
bool is_plain(const dnnl::memory::desc& desc, dnnl::memory::data_type type);

// Whether `node` is the op `type` (IR type name).
bool is_op(const Node& node, const char* type);

// The one op reading `node`'s only output, when there is exactly one reader.
std::shared_ptr<const Node> only_reader(const Node& node);

// An f32 layout left to the primitive (format_tag::any). Destinations take the one it prefers
// even when a Result reads them: a reorder into the caller's memory costs less than a
// primitive on plain memory (oneDNN's slow paths).
dnnl::memory::desc any_layout(const Shape& shape);

// An element-wise activation oneDNN computes (eltwise algorithm and its alpha, beta): Relu,
// Sigmoid, Tanh, Exp, Abs, Clamp, Gelu (erf or tanh); nullopt for other ops.
struct Activation {
  dnnl::algorithm algorithm;
  float alpha = 0.f, beta = 0.f;
};
std::optional<Activation> activation_of(const Node& node);

// What follows a convolution or matmul and runs inside it: a bias Add (the constant that
// `bias_of(add)` accepts), then an Add of another value already computed (a residual: the
// sum post-op), then a Relu, Clamp or Gelu; each when it is the only reader of what precedes it.
struct Epilogue {
  std::shared_ptr<const op::v0::Constant> bias;
  dnnl::post_ops post_ops;
};
Epilogue fuse_epilogue(const std::shared_ptr<const Node>& node,
                       const std::function<std::shared_ptr<const op::v0::Constant>(const Node& add)>& bias_of,
                       const LayoutOf& layout_of, LoweredOp& lowered);

// A primitive reading one value (DNNL_ARG_SRC, in the layout `primitive` was made for) as a
// lowered op.
LoweredOp lowered_reading(const Output<Node>& input, dnnl::primitive primitive,
                          const dnnl::primitive_desc_base& description);

// The last op of `lowered`'s chain: the one whose output the step writes.
std::shared_ptr<const Node> last_of_chain(const std::shared_ptr<const Node>& node, const LoweredOp& lowered);

// The constant memories of a primitive: the weights (`plain` over `weights_data`) reordered once
// into the layout it prefers, and the bias when there is one.
std::unordered_map<int, dnnl::memory> prepare_constants(const dnnl::memory::desc& plain, const void* weights_data,
                                                        const dnnl::memory::desc& preferred,
                                                        const op::v0::Constant* bias,
                                                        const dnnl::memory::desc& bias_desc);

// Lowerings, each nullopt when the op (its types, shapes or attributes) is not one it covers.
// `products`: the type of a product's data and weights (f32 or bf16; sums and outputs are f32).
// How a model's f32 convolutions over several images lay out their activations.
enum class BatchedConvolutions {
  kBlocked,         // nChw16c: oneDNN's direct and 1x1 kernels, faster there than brgconv on AVX-512
  kAsOneDnnPrefers  // format any: channels-last brgconv, in every convolution alike
};
// kBlocked when every convolution reading 16 channels or more (an image's few channels do not
// count) reads and writes a multiple of 16, which nChw16c needs; else kAsOneDnnPrefers: a model
// mixing the two (MobileNetV2's 24-channel layers) would reorder at every switch between them
// (at batch 8: 286 frames/s mixed, 317 channels-last throughout, docs/PERFORMANCE.md).
BatchedConvolutions choose_convolution_layout(const Model& model);
std::optional<LoweredOp> lower_convolution(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of,
                                           dnnl::memory::data_type products, BatchedConvolutions batched);
std::optional<LoweredOp> lower_pooling(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of);
std::optional<LoweredOp> lower_matmul(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of,
                                      dnnl::memory::data_type products);
std::optional<LoweredOp> lower_reduce_mean(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of);
std::optional<LoweredOp> lower_softmax(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of);
std::optional<LoweredOp> lower_eltwise(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of);
std::optional<LoweredOp> lower_binary(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of);
std::optional<LoweredOp> lower_layer_norm(const std::shared_ptr<const Node>& node, const LayoutOf& layout_of);

// ScaledDotProductAttention as three oneDNN primitives over plain memory: the scores
// Q·Kᵀ·scale (+ the mask, or the causal triangle as a constant: a binary post-op) as a batched
// matmul reading K through transposed strides, Softmax over the scores' last axis, and the
// probabilities times V. The planner gives the scores and probabilities slots of their own.
struct AttentionLowering {
  dnnl::primitive scores, softmax, context;
  dnnl::memory::desc scores_scratchpad, softmax_scratchpad, context_scratchpad;
  dnnl::memory::desc query, key_transposed, value, mask, scores_desc, output;
  Shape scores_shape;
  std::optional<Output<Node>> mask_input;                  // the mask read from a value (f32), if any
  std::unordered_map<int, dnnl::memory> scores_constants;  // the causal triangle, if causal
};
std::optional<AttentionLowering> lower_attention(const std::shared_ptr<const Node>& node);

// A Transpose with a constant order as a reorder step: `input` is the input's plain memory seen
// in the output's axis order, `output` the plain output.
struct TransposeView {
  dnnl::memory::desc input, output;
};
std::optional<TransposeView> transpose_view(const std::shared_ptr<const Node>& node);

}  // namespace ferry::cpu::engine
