#include "ferry/plugin/isync_infer_request.hpp"

#include <algorithm>
#include <sstream>

#include "ferry/base/exception.hpp"
#include "ferry/plugin/icompiled_model.hpp"
#include "ferry/plugin/support/port_name.hpp"

namespace ferry {
namespace {

using sdk::port_name;

bool shares_a_name(const Output<const Node>& a, const Output<const Node>& b) {
  const auto& names = b.get_names();
  return std::any_of(a.get_names().begin(), a.get_names().end(),
                     [&](const std::string& name) { return names.count(name) != 0; });
}

bool is_result(const Output<const Node>& port) {
  return port.get_node() && std::string(port.get_node()->get_type_name()) == "Result";
}

// What a port's tensor is before the user sets one: allocated when the shape is static; else a
// tensor of no elements, every dynamic dimension 0 ({0} for a dynamic rank), so that a plugin can
// set_shape it to the inferred shape and the user can set_shape it before filling it.
Tensor make_port_tensor(const Output<const Node>& port) {
  const auto& type = port.get_element_type();
  if (type.is_dynamic()) return {};  // nothing to allocate: the user must set a tensor
  const PartialShape& shape = port.get_partial_shape();
  if (shape.is_static()) {
    try {
      return Tensor(type, shape.to_shape());
    } catch (const Exception& e) {
      Exception::raise("the tensor of port '", port_name(port), "': ", e.what());
    }
  }
  Shape placeholder;
  if (shape.rank().is_dynamic()) {
    placeholder = Shape{0};
  } else {
    for (const auto& dim : shape) placeholder.push_back(dim.is_static() ? dim.get_length() : 0);
  }
  return Tensor(type, placeholder);
}

}  // namespace

ISyncInferRequest::ISyncInferRequest(const std::shared_ptr<const ICompiledModel>& compiled_model)
    : m_compiled_model(compiled_model) {
  FERRY_ASSERT(m_compiled_model, "ISyncInferRequest: the compiled model is null");
  for (const auto& port : get_inputs()) m_input_tensors.push_back(make_port_tensor(port));
  for (const auto& port : get_outputs()) m_output_tensors.push_back(make_port_tensor(port));
  m_input_unset.assign(m_input_tensors.size(), true);
  m_batched.resize(m_input_tensors.size());
  m_batch_buffers.resize(m_input_tensors.size());
}

const std::vector<Output<const Node>>& ISyncInferRequest::get_inputs() const { return m_compiled_model->inputs(); }

const std::vector<Output<const Node>>& ISyncInferRequest::get_outputs() const { return m_compiled_model->outputs(); }

ISyncInferRequest::FoundPort ISyncInferRequest::find_port(const Output<const Node>& port) const {
  const auto& inputs = get_inputs();
  const auto& outputs = get_outputs();
  // The very port first (node and index) ...
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (inputs[i] == port) return {i, FoundPort::Kind::INPUT};
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i] == port) return {i, FoundPort::Kind::OUTPUT};
  }
  // ... then a port of an equal model (model->input() against compiled_model.input()), by tensor
  // name. A Parameter read straight by a Result shares its names: the node type decides.
  const bool output_first = is_result(port);
  for (int pass = 0; pass < 2; ++pass) {
    const bool search_outputs = (pass == 0) == output_first;
    const auto& ports = search_outputs ? outputs : inputs;
    for (size_t i = 0; i < ports.size(); ++i) {
      if (shares_a_name(port, ports[i])) {
        return {i, search_outputs ? FoundPort::Kind::OUTPUT : FoundPort::Kind::INPUT};
      }
    }
  }
  std::ostringstream names;
  for (const auto& name : port.get_names()) names << " '" << name << "'";
  Exception::raise("infer request: the model has no port ", port_name(port),
                   " (tensor names:", port.get_names().empty() ? std::string(" none") : names.str(), ")");
}

const Output<const Node>& ISyncInferRequest::own_port(const FoundPort& found) const {
  return found.is_input() ? get_inputs()[found.index] : get_outputs()[found.index];
}

Tensor ISyncInferRequest::get_tensor(const Output<const Node>& port) const {
  const auto found = find_port(port);
  return found.is_input() ? m_input_tensors[found.index] : m_output_tensors[found.index];
}

void ISyncInferRequest::set_tensor(const Output<const Node>& port, const Tensor& tensor) {
  const auto found = find_port(port);
  check_tensor(own_port(found), tensor);
  if (found.is_input()) {
    m_input_tensors[found.index] = tensor;
    m_input_unset[found.index] = false;
    m_batched[found.index].clear();  // one tensor replaces a batch given with set_tensors
  } else {
    m_output_tensors[found.index] = tensor;
  }
}

std::vector<Tensor> ISyncInferRequest::get_tensors(const Output<const Node>& port) const {
  const auto found = find_port(port);
  if (found.is_input() && !m_batched[found.index].empty()) return m_batched[found.index];
  return {get_tensor(port)};
}

void ISyncInferRequest::check_tensor(const Output<const Node>& port, const Tensor& tensor) const {
  FERRY_ASSERT(tensor, "tensor for port '", port_name(port), "' is empty (a default-constructed ferry::Tensor)");
  const auto& expected_type = port.get_element_type();
  FERRY_ASSERT(expected_type.is_dynamic() || tensor.get_element_type() == expected_type, "tensor for port '",
               port_name(port), "' has element type ", tensor.get_element_type(), ", but the port's is ",
               expected_type);
  const PartialShape& expected_shape = port.get_partial_shape();
  FERRY_ASSERT(PartialShape(tensor.get_shape()).refines(expected_shape), "tensor for port '", port_name(port),
               "' has shape ", tensor.get_shape(), ", which the port's shape ", expected_shape, " does not allow");
}

void ISyncInferRequest::check_tensors() const {
  const auto& inputs = get_inputs();
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Tensor& tensor = m_input_tensors[i];
    FERRY_ASSERT(!(m_input_unset[i] && (!tensor || tensor.get_size() == 0)), "input '", port_name(inputs[i]),
                 "' has no data: its shape ", inputs[i].get_partial_shape(),
                 " is dynamic, so set a tensor (set_tensor) or a shape on get_tensor()'s tensor");
    check_tensor(inputs[i], tensor);
  }
  const auto& outputs = get_outputs();
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& tensor = m_output_tensors[i];
    // A dynamic output's placeholder has no shape (or type) yet: the plugin sets the inferred one.
    const bool dynamic = outputs[i].get_partial_shape().is_dynamic() || outputs[i].get_element_type().is_dynamic();
    if (dynamic && (!tensor || tensor.get_size() == 0)) continue;
    check_tensor(outputs[i], tensor);
  }
}

}  // namespace ferry
