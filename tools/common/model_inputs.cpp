#include "model_inputs.hpp"

#include <map>

#include "arg_parser.hpp"

namespace ferry::tools {
namespace {

std::string port_name(const Output<const Node>& port, size_t index) {
  return port.get_names().empty() ? "#" + std::to_string(index) : port.get_any_name();
}

}  // namespace

void apply_input_shapes(Model& model, const std::vector<ShapeSpec>& shapes, const std::string& flag) {
  const auto inputs = static_cast<const Model&>(model).inputs();
  std::map<size_t, PartialShape> by_index;
  for (const ShapeSpec& shape : shapes) {
    PartialShape parsed;
    try {
      parsed = PartialShape::parse(shape.dims);
    } catch (const std::exception& e) {
      throw UsageError(flag + ": bad dimensions '" + shape.dims + "': " + e.what());
    }
    if (shape.input_name.empty()) {
      for (size_t i = 0; i < inputs.size(); ++i) by_index[i] = parsed;
      continue;
    }
    bool found = false;
    std::string known;
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (inputs[i].get_names().count(shape.input_name)) {
        by_index[i] = parsed;
        found = true;
      }
      known += (known.empty() ? "" : ", ") + port_name(inputs[i], i);
    }
    if (!found) throw UsageError(flag + ": the model has no input '" + shape.input_name + "' (inputs: " + known + ")");
  }
  try {
    model.reshape(by_index);
  } catch (const std::exception& e) {
    throw UsageError(flag + ": cannot reshape the model: " + e.what());
  }
}

void require_static_inputs(const Model& model, const std::string& flag) {
  const auto inputs = model.inputs();
  for (size_t i = 0; i < inputs.size(); ++i)
    if (inputs[i].get_partial_shape().is_dynamic())
      throw UsageError("input '" + port_name(inputs[i], i) + "' has the dynamic shape " +
                       inputs[i].get_partial_shape().to_string() + ": give a static one with " + flag);
}

}  // namespace ferry::tools
