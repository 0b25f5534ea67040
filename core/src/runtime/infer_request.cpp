#include "ferry/runtime/infer_request.hpp"

#include "ferry/base/exception.hpp"
#include "ferry/plugin/iasync_infer_request.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "port_lookup.hpp"

namespace ferry {

InferRequest::InferRequest(std::shared_ptr<IAsyncInferRequest> impl, std::vector<std::shared_ptr<void>> so)
    : m_so(std::move(so)), m_impl(std::move(impl)) {
  FERRY_ASSERT(m_impl, "InferRequest: null implementation");
}

#define FERRY_CHECK_REQUEST() FERRY_ASSERT(m_impl, "InferRequest is empty (default-constructed)")

const Output<const Node>& InferRequest::find_port(const std::string& tensor_name) const {
  FERRY_CHECK_REQUEST();
  if (const auto* port = find_port_named(m_impl->get_inputs(), tensor_name)) return *port;
  if (const auto* port = find_port_named(m_impl->get_outputs(), tensor_name)) return *port;
  Exception::raise("the model has no input or output named '", tensor_name, "'");
}

const Output<const Node>& InferRequest::input_port(size_t index) const {
  FERRY_CHECK_REQUEST();
  return port_at(m_impl->get_inputs(), index, "input");
}

const Output<const Node>& InferRequest::output_port(size_t index) const {
  FERRY_CHECK_REQUEST();
  return port_at(m_impl->get_outputs(), index, "output");
}

void InferRequest::set_tensor(const std::string& tensor_name, const Tensor& tensor) {
  m_impl->set_tensor(find_port(tensor_name), tensor);
}

void InferRequest::set_tensor(const Output<const Node>& port, const Tensor& tensor) {
  FERRY_CHECK_REQUEST();
  m_impl->set_tensor(port, tensor);
}

void InferRequest::set_tensor(const Output<Node>& port, const Tensor& tensor) {
  set_tensor(Output<const Node>(port.get_node(), port.get_index()), tensor);
}

void InferRequest::set_tensors(const std::string& tensor_name, const std::vector<Tensor>& tensors) {
  m_impl->set_tensors(find_port(tensor_name), tensors);
}

void InferRequest::set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) {
  FERRY_CHECK_REQUEST();
  m_impl->set_tensors(port, tensors);
}

void InferRequest::set_input_tensor(size_t index, const Tensor& tensor) {
  m_impl->set_tensor(input_port(index), tensor);
}

void InferRequest::set_input_tensor(const Tensor& tensor) {
  FERRY_CHECK_REQUEST();
  m_impl->set_tensor(single_port(m_impl->get_inputs(), "input"), tensor);
}

void InferRequest::set_input_tensors(size_t index, const std::vector<Tensor>& tensors) {
  m_impl->set_tensors(input_port(index), tensors);
}

void InferRequest::set_input_tensors(const std::vector<Tensor>& tensors) {
  FERRY_CHECK_REQUEST();
  m_impl->set_tensors(single_port(m_impl->get_inputs(), "input"), tensors);
}

void InferRequest::set_output_tensor(size_t index, const Tensor& tensor) {
  m_impl->set_tensor(output_port(index), tensor);
}

void InferRequest::set_output_tensor(const Tensor& tensor) {
  FERRY_CHECK_REQUEST();
  m_impl->set_tensor(single_port(m_impl->get_outputs(), "output"), tensor);
}

namespace {
// Tensors handed to the user keep the plugin library loaded too.
Tensor with_library(const Tensor& tensor, const std::vector<std::shared_ptr<void>>& so) {
  return so.empty() ? tensor : Tensor(tensor.get_impl(), so.front());
}
}  // namespace

Tensor InferRequest::get_tensor(const std::string& tensor_name) {
  return with_library(m_impl->get_tensor(find_port(tensor_name)), m_so);
}

Tensor InferRequest::get_tensor(const Output<const Node>& port) {
  FERRY_CHECK_REQUEST();
  return with_library(m_impl->get_tensor(port), m_so);
}

Tensor InferRequest::get_tensor(const Output<Node>& port) {
  return get_tensor(Output<const Node>(port.get_node(), port.get_index()));
}

Tensor InferRequest::get_input_tensor(size_t index) {
  return with_library(m_impl->get_tensor(input_port(index)), m_so);
}

Tensor InferRequest::get_input_tensor() {
  FERRY_CHECK_REQUEST();
  return with_library(m_impl->get_tensor(single_port(m_impl->get_inputs(), "input")), m_so);
}

Tensor InferRequest::get_output_tensor(size_t index) {
  return with_library(m_impl->get_tensor(output_port(index)), m_so);
}

Tensor InferRequest::get_output_tensor() {
  FERRY_CHECK_REQUEST();
  return with_library(m_impl->get_tensor(single_port(m_impl->get_outputs(), "output")), m_so);
}

void InferRequest::infer() {
  FERRY_CHECK_REQUEST();
  m_impl->infer();
}

void InferRequest::start_async() {
  FERRY_CHECK_REQUEST();
  m_impl->start_async();
}

void InferRequest::wait() {
  FERRY_CHECK_REQUEST();
  m_impl->wait();
}

bool InferRequest::wait_for(std::chrono::milliseconds timeout) {
  FERRY_CHECK_REQUEST();
  return m_impl->wait_for(timeout);
}

void InferRequest::cancel() {
  FERRY_CHECK_REQUEST();
  m_impl->cancel();
}

void InferRequest::set_callback(std::function<void(std::exception_ptr)> callback) {
  FERRY_CHECK_REQUEST();
  m_impl->set_callback(std::move(callback));
}

std::vector<ProfilingInfo> InferRequest::get_profiling_info() const {
  FERRY_CHECK_REQUEST();
  return m_impl->get_profiling_info();
}

CompiledModel InferRequest::get_compiled_model() {
  FERRY_CHECK_REQUEST();
  auto compiled = std::const_pointer_cast<ICompiledModel>(m_impl->get_compiled_model());
  return CompiledModel(compiled, m_so);
}

}  // namespace ferry
