#pragma once

#include <functional>
#include <memory>
#include <oneapi/dnnl/dnnl.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ferry/graph/node.hpp"
#include "ferry/graph/ops/constant.hpp"
#include "step.hpp"

namespace ferry::npu::engine {

// An op (and the ops fused into it) lowered to one oneDNN primitive.
struct LoweredOp {
  std::unique_ptr<Step> step;
  std::vector<Output<Node>> reads;                    // the values the step reads, in order
  std::vector<std::shared_ptr<const Node>> absorbed;  // ops fused after the first, in graph order
};

// A oneDNN primitive as a step: each value it reads is bound to an argument of the primitive,
// its output to DNNL_ARG_DST; constants (weights, bias) are memories of its own, prepared once.
class OneDnnStep : public Step {
 public:
  struct Read {
    int argument;
    dnnl::memory::desc desc;
  };
  OneDnnStep(std::shared_ptr<const Node> node, std::string exec_type, dnnl::primitive primitive,
             dnnl::memory::desc scratchpad, std::vector<Read> reads, dnnl::memory::desc destination,
             std::unordered_map<int, dnnl::memory> constants);

  void run(TensorVector& outputs, const TensorVector& inputs) const override;

 private:
  dnnl::primitive primitive_;
  dnnl::memory::desc scratchpad_;
  std::vector<Read> reads_;
  dnnl::memory::desc destination_;
  std::unordered_map<int, dnnl::memory> constants_;
};

// The oneDNN attributes every primitive of the engine uses, with `post_ops`: a scratchpad per
// execution (oneDNN's own is per creating thread, and a graph created on one thread runs on a
// queue's worker).
dnnl::primitive_attr primitive_attributes(const dnnl::post_ops& post_ops = {});

// The plain (dense, row-major) memory descriptor of an f32 tensor.
dnnl::memory::desc plain_f32(const Shape& shape);

// Whether `node` is the op `type` (IR type name).
bool is_op(const Node& node, const char* type);

// The one op reading `node`'s only output, when there is exactly one reader.
std::shared_ptr<const Node> only_reader(const Node& node);

// What follows a convolution or matmul and runs inside it: a bias Add (the constant that
// `bias_of(add)` accepts) and then a Relu or Clamp, each when it is the only reader of what precedes it.
struct Epilogue {
  std::shared_ptr<const op::v0::Constant> bias;
  dnnl::post_ops post_ops;
  std::string exec_type = "onednn";  // "onednn+bias+relu", "onednn+bias+clamp"...
};
Epilogue fuse_epilogue(const std::shared_ptr<const Node>& node,
                       const std::function<std::shared_ptr<const op::v0::Constant>(const Node& add)>& bias_of,
                       LoweredOp& lowered);

// The constant memories of a primitive: the weights (`plain` over `weights_data`) reordered once
// into the layout it prefers, and the bias when there is one.
std::unordered_map<int, dnnl::memory> prepare_constants(const dnnl::memory::desc& plain, const void* weights_data,
                                                        const dnnl::memory::desc& preferred,
                                                        const op::v0::Constant* bias,
                                                        const dnnl::memory::desc& bias_desc);

// Lowerings, each nullopt when the op (its types, shapes or attributes) is not one it covers.
std::optional<LoweredOp> lower_convolution(const std::shared_ptr<const Node>& node);
std::optional<LoweredOp> lower_pooling(const std::shared_ptr<const Node>& node);
std::optional<LoweredOp> lower_matmul(const std::shared_ptr<const Node>& node);

}  // namespace ferry::npu::engine
