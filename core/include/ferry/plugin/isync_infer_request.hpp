#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ferry/plugin/iinfer_request.hpp"

namespace ferry {

// Base of a plugin's synchronous infer request. It keeps all tensor bookkeeping: one tensor per
// port (allocated up front for static shapes), lookup by port, validation of every tensor the
// user sets (element type, shape against the port's partial shape, size, batch of set_tensors),
// so a plugin implements little more than infer().
class ISyncInferRequest : public IInferRequest {
 public:
  explicit ISyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model);

  Tensor get_tensor(const Output<const Node>& port) const override;
  void set_tensor(const Output<const Node>& port, const Tensor& tensor) override;
  std::vector<Tensor> get_tensors(const Output<const Node>& port) const override;
  void set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) override;

  const std::vector<Output<const Node>>& get_inputs() const override;
  const std::vector<Output<const Node>>& get_outputs() const override;
  const std::shared_ptr<const ICompiledModel>& get_compiled_model() const override { return m_compiled_model; }

  // Default: no profiling records.
  std::vector<ProfilingInfo> get_profiling_info() const override { return {}; }

  // Index of `port` among the inputs or outputs; throws naming the port when it is neither.
  struct FoundPort {
    size_t index = 0;
    enum class Kind { INPUT, OUTPUT } kind = Kind::INPUT;
    bool is_input() const { return kind == Kind::INPUT; }
  };
  FoundPort find_port(const Output<const Node>& port) const;

 protected:
  // Checks every input and output tensor before an inference: bound, right type and shape.
  // Plugins call it at the start of infer().
  void check_tensors() const;
  // Validates `tensor` for `port`. Plugins override to also refuse remote tensors of another
  // context (call the base first).
  virtual void check_tensor(const Output<const Node>& port, const Tensor& tensor) const;
  // Joins the tensors given with set_tensors for input `index` into its bound tensor (batch
  // along dim 0). Returns false when that input had no set_tensors. Plugins call it in infer().
  bool convert_batched_tensors(size_t index);
  // The tensors given with set_tensors for input `index` (empty when none).
  const std::vector<Tensor>& batched_tensors(size_t index) const { return m_batched[index]; }

  // Direct access for plugins (no lookup on the inference path).
  const Tensor& input_tensor(size_t index) const { return m_input_tensors[index]; }
  const Tensor& output_tensor(size_t index) const { return m_output_tensors[index]; }
  Tensor& output_tensor(size_t index) { return m_output_tensors[index]; }

 private:
  std::shared_ptr<const ICompiledModel> m_compiled_model;
  std::vector<Tensor> m_input_tensors;
  std::vector<Tensor> m_output_tensors;
  std::vector<std::vector<Tensor>> m_batched;  // per input: tensors given with set_tensors
  std::vector<Tensor> m_batch_buffers;        // per input: the joined batch, reused
};

}  // namespace ferry
