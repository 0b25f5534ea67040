#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ferry/graph/node.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::npu::engine {

// One step of a compiled graph: reads tensors from its input slots and writes the tensors of
// its output slots. An output slot may already hold a tensor (the caller's output memory or a
// buffer the graph allocated): the step writes into it.
class Step {
 public:
  Step(std::shared_ptr<const Node> node, std::string exec_type)
      : node_(std::move(node)), exec_type_(std::move(exec_type)) {}
  virtual ~Step() = default;

  // `outputs` arrive holding the tensors to write; a step that cannot write into one replaces it.
  virtual void run(TensorVector& outputs, const TensorVector& inputs) const = 0;

  // The op the step stands for (the first of a fused chain) and how it runs ("onednn", "reference").
  const Node& node() const { return *node_; }
  const std::string& exec_type() const { return exec_type_; }

  std::vector<size_t> inputs;   // slots read
  std::vector<size_t> outputs;  // slots written

 private:
  std::shared_ptr<const Node> node_;
  std::string exec_type_;
};

// Runs one op with its reference kernel (Node::evaluate).
std::unique_ptr<Step> make_reference_step(std::shared_ptr<const Node> node);

}  // namespace ferry::npu::engine
