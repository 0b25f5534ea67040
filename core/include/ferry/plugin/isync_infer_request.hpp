#pragma once

#include <memory>
#include <vector>

#include "ferry/plugin/iinfer_request.hpp"

namespace ferry {

// Base of a plugin's synchronous infer request. It keeps all tensor bookkeeping: one tensor per
// port, lookup by port, validation of every tensor the user sets (element type, shape against the
// port's partial shape, the batch of set_tensors), so a plugin implements little more than infer().
//
// Initial tensors: a port with a static shape gets a host tensor allocated up front. A port with
// a dynamic shape gets a host tensor of the port's type with zero elements: its static dimensions
// kept, its dynamic ones 0 ({0} for a dynamic rank). An input then needs set_tensor, or a
// set_shape on get_tensor()'s tensor, before infer; the plugin set_shape's an output to the
// inferred shape. A port of dynamic element type starts with an empty (null) Tensor.
//
// Not thread-safe: IAsyncInferRequest serialises the calls.
class ISyncInferRequest : public IInferRequest {
 public:
  explicit ISyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model);

  Tensor get_tensor(const Output<const Node>& port) const override;
  void set_tensor(const Output<const Node>& port, const Tensor& tensor) override;
  std::vector<Tensor> get_tensors(const Output<const Node>& port) const override;
  // Inputs only: N tensors of one type and shape [1, ...] form a batch of N along dim 0. N must
  // be allowed by the port's dim 0; one tensor is the same as set_tensor.
  void set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) override;

  // The compiled model's ports.
  const std::vector<Output<const Node>>& get_inputs() const override;
  const std::vector<Output<const Node>>& get_outputs() const override;
  const std::shared_ptr<const ICompiledModel>& get_compiled_model() const override { return m_compiled_model; }

  // The records infer() left in profiling_records(): one per node when PERF_COUNT is on, none
  // otherwise.
  std::vector<ProfilingInfo> get_profiling_info() const override { return m_profiling_records; }

  // Index of `port` among the inputs or outputs: the same node and index, or else a port sharing
  // a tensor name (a port of an equal copy of the model). Throws naming the port when neither.
  struct FoundPort {
    size_t index = 0;
    enum class Kind { INPUT, OUTPUT } kind = Kind::INPUT;
    bool is_input() const { return kind == Kind::INPUT; }
  };
  FoundPort find_port(const Output<const Node>& port) const;

 protected:
  // Where infer() leaves its profiling records (get_profiling_info reads them after it returns).
  std::vector<ProfilingInfo>& profiling_records() { return m_profiling_records; }

  // Checks every input and output tensor before an inference: inputs bound, every tensor of the
  // right type and shape (a dynamic output still without elements is left to the plugin).
  // Plugins call it at the start of infer().
  void check_tensors() const;
  // Validates `tensor` for `port`: not empty, the port's element type, a shape the port's partial
  // shape allows. Plugins override to also refuse remote tensors of another context (call the
  // base first).
  virtual void check_tensor(const Output<const Node>& port, const Tensor& tensor) const;
  // Copies the tensors given with set_tensors for input `index` into its bound tensor, a batch
  // buffer reused while the batch's shape stays the same. Returns false when that input had no
  // set_tensors. Plugins call it in infer(), before reading the input.
  bool convert_batched_tensors(size_t index);
  // The tensors given with set_tensors for input `index` (empty when none).
  const std::vector<Tensor>& batched_tensors(size_t index) const { return m_batched[index]; }

  // Direct access for plugins (no lookup on the inference path).
  const Tensor& input_tensor(size_t index) const { return m_input_tensors[index]; }
  const Tensor& output_tensor(size_t index) const { return m_output_tensors[index]; }
  Tensor& output_tensor(size_t index) { return m_output_tensors[index]; }

 private:
  std::vector<ProfilingInfo> m_profiling_records;
  const Output<const Node>& own_port(const FoundPort& found) const;

  std::shared_ptr<const ICompiledModel> m_compiled_model;
  std::vector<Tensor> m_input_tensors;
  std::vector<Tensor> m_output_tensors;
  std::vector<bool> m_input_unset;             // per input: still the initial tensor
  std::vector<std::vector<Tensor>> m_batched;  // per input: tensors given with set_tensors
  std::vector<Tensor> m_batch_buffers;         // per input: the joined batch, reused
};

}  // namespace ferry
