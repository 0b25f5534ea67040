#include "batch_model.hpp"

#include <map>

#include "ferry/base/exception.hpp"

namespace ferry::batch {
namespace {

void check_port(const Output<const Node>& port, const char* kind, const std::string& device) {
  const PartialShape& shape = port.get_partial_shape();
  FERRY_ASSERT(shape.is_static() && shape.size() >= 1 && shape[0].get_length() == 1, "device '", device, "': ", kind,
               " '", batch_port_name(port), "' has shape ", shape,
               "; automatic batching needs a static shape with batch 1 on dim 0 ([1, ...]) on every input and "
               "output");
  const element::Type& type = port.get_element_type();
  FERRY_ASSERT(type.is_static() && type.bitwidth() % 8 == 0, "device '", device, "': ", kind, " '",
               batch_port_name(port), "' has element type ", type,
               "; automatic batching needs a static, byte-sized element type");
}

}  // namespace

std::string batch_port_name(const Output<const Node>& port) {
  const auto& names = port.get_names();
  if (!names.empty()) return *names.begin();
  return port.get_node()->get_friendly_name() + ":" + std::to_string(port.get_index());
}

void check_batchable_model(const Model& model, const std::string& device) {
  FERRY_ASSERT(!model.inputs().empty(), "device '", device, "': model '", model.get_friendly_name(),
               "' has no inputs, so there is nothing to batch");
  for (const auto& port : model.inputs()) check_port(port, "input", device);
  for (const auto& port : model.outputs()) check_port(port, "output", device);
}

std::shared_ptr<Model> make_batched_model(const Model& model, size_t batch, const std::string& device) {
  std::shared_ptr<Model> batched = model.clone();
  std::map<size_t, PartialShape> shapes;
  const auto inputs = batched->inputs();
  for (size_t i = 0; i < inputs.size(); ++i) {
    PartialShape shape = inputs[i].get_partial_shape();
    shape[0] = Dimension(static_cast<Dimension::value_type>(batch));
    shapes[i] = shape;
  }
  try {
    batched->reshape(shapes);
  } catch (const Exception& e) {
    Exception::raise("device '", device, "': the model does not reshape to batch ", batch, ": ", e.what());
  }
  const auto original = model.outputs();
  const auto outputs = const_cast<const Model&>(*batched).outputs();
  for (size_t k = 0; k < outputs.size(); ++k) {
    PartialShape expected = original[k].get_partial_shape();
    expected[0] = Dimension(static_cast<Dimension::value_type>(batch));
    FERRY_ASSERT(outputs[k].get_partial_shape() == expected, "device '", device, "': output '",
                 batch_port_name(original[k]), "' has shape ", outputs[k].get_partial_shape(), " at batch ", batch,
                 " instead of ", expected, "; automatic batching needs outputs whose dim 0 follows the inputs' batch");
  }
  return batched;
}

}  // namespace ferry::batch
