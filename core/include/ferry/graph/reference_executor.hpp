#pragma once

#include <memory>
#include <vector>

#include "ferry/graph/model.hpp"
#include "ferry/graph/node.hpp"

namespace ferry {

// Runs a Model with the ops' reference kernels (Node::evaluate). The execution plan (op order,
// where each value lives, when it can be released) is computed once at construction, so run()
// only allocates the intermediate tensors. run() is const and may be called concurrently from
// several threads. Constants are used in place, without copies.
class ReferenceExecutor {
 public:
  explicit ReferenceExecutor(std::shared_ptr<const Model> model);
  ~ReferenceExecutor();

  // inputs: one tensor per model parameter, in order, whose element type and shape the
  // parameter accepts. outputs is resized to the number of results; an empty entry receives
  // the result tensor, a non-empty one is reshaped and gets the data copied into it.
  void run(const TensorVector& inputs, TensorVector& outputs) const;

  const std::shared_ptr<const Model>& get_model() const { return m_model; }

 private:
  struct Plan;
  std::shared_ptr<const Model> m_model;
  std::unique_ptr<Plan> m_plan;
};

}  // namespace ferry
