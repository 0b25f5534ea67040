#pragma once

// Fusion of the elementwise nodes that follow a MatMul or Convolution into its kernel: a bias
// Add, a residual Add and an activation are applied to each result in registers before it is
// stored (kernels/epilogue.cl), instead of one more pass over memory each.
//
// A chain is: the anchor (a node whose primitive has make_fused), then in this order and each
// optional: Add of a Constant (or a reshaped one) holding one value per output channel (Convolution, shape [C,1,1]
// or [1,C,1,1]) or per element of the last dimension (MatMul, [N] or [1,..,N]); Add of a
// computed value of the output's shape and type; Relu, Clamp or Sigmoid. Every node before the
// last of the chain must have that next node as its only consumer and must not be a model output
// (its value then never exists).

#include <map>
#include <memory>
#include <set>
#include <vector>

#include "ferry/graph/model.hpp"
#include "primitive.hpp"

namespace ferry::gpu {

struct EpilogueChain {
  std::shared_ptr<Node> anchor;
  std::vector<std::shared_ptr<Node>> fused;  // after the anchor, in order; the last gives the result
  Output<Node> bias;                         // the bias (constant data), when has_bias
  bool has_bias = false;
  Output<Node> residual;  // the residual value, when has_residual
  bool has_residual = false;
  Epilogue::Activation activation = Epilogue::Activation::NONE;
  float lo = 0.0f, hi = 0.0f;
};

class EpilogueFusions {
 public:
  explicit EpilogueFusions(const Model& model);
  // The chain that `node` ends, or null.
  const EpilogueChain* ended_by(const Node& node) const;
  // True for the anchor and every fused node except the last (they run in the last one's step).
  bool absorbed(const Node& node) const { return m_absorbed.count(&node) != 0; }

 private:
  std::map<const Node*, EpilogueChain> m_by_last;
  std::set<const Node*> m_absorbed;
  std::set<const Node*> m_in_chain;  // the fused nodes of every chain
};

}  // namespace ferry::gpu
