#pragma once

#include <memory>
#include <vector>

#include "ferry/graph/node.hpp"
#include "ferry/value/profiling_info.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {

class ICompiledModel;

// What both sync and async infer requests offer: tensors bound to the compiled model's ports.
class IInferRequest {
 public:
  virtual ~IInferRequest() = default;

  virtual void infer() = 0;
  virtual std::vector<ProfilingInfo> get_profiling_info() const = 0;

  virtual Tensor get_tensor(const Output<const Node>& port) const = 0;
  virtual void set_tensor(const Output<const Node>& port, const Tensor& tensor) = 0;
  // The tensors set with set_tensors (one per batch item), or one tensor.
  virtual std::vector<Tensor> get_tensors(const Output<const Node>& port) const = 0;
  virtual void set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) = 0;

  virtual const std::vector<Output<const Node>>& get_inputs() const = 0;
  virtual const std::vector<Output<const Node>>& get_outputs() const = 0;
  virtual const std::shared_ptr<const ICompiledModel>& get_compiled_model() const = 0;
};

}  // namespace ferry
