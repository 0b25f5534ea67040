#pragma once

#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "ferry/graph/node.hpp"
#include "ferry/value/profiling_info.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry {

class IAsyncInferRequest;
class CompiledModel;

// One inference in flight at a time, with tensors bound to the model's ports. Requests of one
// compiled model run concurrently with each other.
class InferRequest {
 public:
  InferRequest() = default;
  InferRequest(std::shared_ptr<IAsyncInferRequest> impl, std::vector<std::shared_ptr<void>> so);

  void set_tensor(const std::string& tensor_name, const Tensor& tensor);
  void set_tensor(const Output<const Node>& port, const Tensor& tensor);
  void set_tensor(const Output<Node>& port, const Tensor& tensor);
  // A node stands for its first output (e.g. a Parameter from model->get_parameters()).
  template <typename T, typename = std::enable_if_t<std::is_base_of<Node, T>::value>>
  void set_tensor(const std::shared_ptr<T>& node, const Tensor& tensor) {
    set_tensor(Output<const Node>(std::static_pointer_cast<const Node>(node), 0), tensor);
  }
  void set_tensors(const std::string& tensor_name, const std::vector<Tensor>& tensors);
  void set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors);
  void set_input_tensor(size_t index, const Tensor& tensor);
  void set_input_tensor(const Tensor& tensor);  // the model must have exactly one input
  void set_input_tensors(size_t index, const std::vector<Tensor>& tensors);
  void set_input_tensors(const std::vector<Tensor>& tensors);
  void set_output_tensor(size_t index, const Tensor& tensor);
  void set_output_tensor(const Tensor& tensor);

  Tensor get_tensor(const std::string& tensor_name);
  Tensor get_tensor(const Output<const Node>& port);
  Tensor get_tensor(const Output<Node>& port);
  template <typename T, typename = std::enable_if_t<std::is_base_of<Node, T>::value>>
  Tensor get_tensor(const std::shared_ptr<T>& node) {
    return get_tensor(Output<const Node>(std::static_pointer_cast<const Node>(node), 0));
  }
  Tensor get_input_tensor(size_t index);
  Tensor get_input_tensor();
  Tensor get_output_tensor(size_t index);
  Tensor get_output_tensor();

  void infer();
  void start_async();
  void wait();
  bool wait_for(std::chrono::milliseconds timeout);
  void cancel();
  // Called once per start_async when the inference ends, with its error or null.
  void set_callback(std::function<void(std::exception_ptr)> callback);

  std::vector<ProfilingInfo> get_profiling_info() const;
  CompiledModel get_compiled_model();

  explicit operator bool() const noexcept { return static_cast<bool>(m_impl); }
  bool operator==(const InferRequest& other) const noexcept { return m_impl == other.m_impl; }
  bool operator!=(const InferRequest& other) const noexcept { return !(*this == other); }

 private:
  const Output<const Node>& find_port(const std::string& tensor_name) const;
  const Output<const Node>& input_port(size_t index) const;
  const Output<const Node>& output_port(size_t index) const;

  std::vector<std::shared_ptr<void>> m_so;
  std::shared_ptr<IAsyncInferRequest> m_impl;
};

}  // namespace ferry
