// ISyncInferRequest's set_tensors: a batch given as one tensor per item, joined along dim 0.

#include <sstream>

#include "ferry/base/coordinate.hpp"
#include "ferry/base/exception.hpp"
#include "ferry/plugin/isync_infer_request.hpp"
#include "ferry/plugin/support/port_name.hpp"

namespace ferry {
namespace {

using sdk::port_name;

// The shape of the joined batch, after checking that the items can form one for `port`. (The
// items are not passed to check_tensor: their shape is one item's, not the port's.)
Shape batch_shape(const Output<const Node>& port, const std::vector<Tensor>& tensors) {
  const std::string name = port_name(port);
  const PartialShape& port_shape = port.get_partial_shape();
  FERRY_ASSERT(port_shape.rank().is_static() && port_shape.size() >= 1, "set_tensors: input '", name, "' has shape ",
               port_shape, ", without a batch dimension (dim 0)");
  FERRY_ASSERT(port_shape[0].contains(static_cast<int64_t>(tensors.size())), "set_tensors: input '", name,
               "' takes a batch of ", port_shape[0], " (dim 0 of ", port_shape, "), but ", tensors.size(),
               " tensors were given");
  const Tensor& first = tensors.front();
  for (size_t k = 0; k < tensors.size(); ++k) {
    const Tensor& tensor = tensors[k];
    FERRY_ASSERT(tensor, "set_tensors: tensor ", k, " for input '", name, "' is empty");
    FERRY_ASSERT(tensor.get_element_type() == first.get_element_type(), "set_tensors: tensor ", k, " for input '", name,
                 "' has element type ", tensor.get_element_type(), ", tensor 0 has ", first.get_element_type(),
                 ": all must be equal");
    FERRY_ASSERT(tensor.get_shape() == first.get_shape(), "set_tensors: tensor ", k, " for input '", name,
                 "' has shape ", tensor.get_shape(), ", tensor 0 has ", first.get_shape(), ": all must be equal");
    FERRY_ASSERT(!tensor.get_shape().empty() && tensor.get_shape()[0] == 1, "set_tensors: tensor ", k, " for input '",
                 name, "' has shape ", tensor.get_shape(), ": each item's dim 0 must be 1");
  }
  Shape shape = first.get_shape();
  shape[0] = tensors.size();
  const element::Type& port_type = port.get_element_type();
  FERRY_ASSERT(port_type.is_dynamic() || first.get_element_type() == port_type, "set_tensors: the tensors for input '",
               name, "' have element type ", first.get_element_type(), ", but the port's is ", port_type);
  FERRY_ASSERT(PartialShape(shape).refines(port_shape), "set_tensors: the batch for input '", name, "' has shape ",
               shape, ", which the port's shape ", port_shape, " does not allow");
  return shape;
}

}  // namespace

void ISyncInferRequest::set_tensors(const Output<const Node>& port, const std::vector<Tensor>& tensors) {
  const auto found = find_port(port);
  const auto& own = own_port(found);
  FERRY_ASSERT(found.is_input(), "set_tensors: port '", port_name(own),
               "' is an output; only inputs take a batch of tensors");
  FERRY_ASSERT(!tensors.empty(), "set_tensors: no tensors given for input '", port_name(own), "'");
  if (tensors.size() == 1) {
    set_tensor(port, tensors.front());
    return;
  }
  const Shape shape = batch_shape(own, tensors);
  const element::Type& type = tensors.front().get_element_type();
  Tensor& buffer = m_batch_buffers[found.index];
  // Allocate only when the batch's type or shape changed since the last set_tensors.
  if (!buffer || buffer.get_element_type() != type || buffer.get_shape() != shape) buffer = Tensor(type, shape);
  m_batched[found.index] = tensors;
  m_input_tensors[found.index] = buffer;
  m_input_unset[found.index] = false;
}

bool ISyncInferRequest::convert_batched_tensors(size_t index) {
  const auto& items = m_batched.at(index);
  if (items.empty()) return false;
  Tensor& buffer = m_batch_buffers[index];
  const Shape& shape = buffer.get_shape();
  Coordinate begin(shape.size(), 0);
  Coordinate end(shape.begin(), shape.end());
  for (size_t k = 0; k < items.size(); ++k) {
    begin[0] = k;
    end[0] = k + 1;
    Tensor item_view(buffer, begin, end);
    FERRY_ASSERT(items[k].get_shape() == item_view.get_shape(), "input '", port_name(get_inputs()[index]),
                 "': batch tensor ", k, " changed its shape to ", items[k].get_shape(), " after set_tensors (expected ",
                 item_view.get_shape(), ")");
    items[k].copy_to(item_view);
  }
  return true;
}

}  // namespace ferry
