#include "ferry/graph/model_batch.hpp"

#include <map>
#include <string>
#include <vector>

#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/port_layout.hpp"

namespace ferry {
namespace {

struct BatchAxis {
  std::shared_ptr<op::v0::Parameter> parameter;
  size_t axis = 0;
};

// Every input whose layout has N, with N's axis counted from the front.
std::vector<BatchAxis> batch_axes(const Model& model, const char* caller) {
  std::vector<BatchAxis> found;
  for (const auto& parameter : model.get_parameters()) {
    const Layout layout = parameter->get_layout();
    if (!layout::has_batch(layout)) continue;
    const PartialShape& shape = parameter->get_partial_shape();
    FERRY_ASSERT(shape.rank().is_static(), caller, ": model '", model.get_friendly_name(), "': input ",
                 parameter->output(0), " has layout ", layout, " but a dynamic rank");
    const auto rank = shape.rank().get_length();
    const auto index = layout::batch_idx(layout);
    found.push_back({parameter, static_cast<size_t>(index < 0 ? index + rank : index)});
  }
  FERRY_ASSERT(!found.empty(), caller, ": model '", model.get_friendly_name(),
               "' has no input whose layout names the batch axis N; set one first, e.g. "
               "layout::set_layout(model->input(0), \"NCHW\")");
  return found;
}

}  // namespace

Dimension get_batch(const std::shared_ptr<const Model>& model) {
  FERRY_ASSERT(model, "get_batch: the model is null");
  Dimension batch = Dimension::dynamic();
  for (const BatchAxis& input : batch_axes(*model, "get_batch")) {
    const Dimension& length = input.parameter->get_partial_shape()[input.axis];
    FERRY_ASSERT(Dimension::merge(batch, batch, length), "get_batch: model '", model->get_friendly_name(),
                 "': the inputs' batches differ (", batch, " and ", length, " for ", input.parameter->output(0), ")");
  }
  return batch;
}

void set_batch(const std::shared_ptr<Model>& model, Dimension batch) {
  FERRY_ASSERT(model, "set_batch: the model is null");
  std::map<Output<Node>, PartialShape> shapes;
  for (const BatchAxis& input : batch_axes(*model, "set_batch")) {
    PartialShape shape = input.parameter->get_partial_shape();
    shape[input.axis] = batch;
    shapes[input.parameter->output(0)] = shape;
  }
  try {
    model->reshape(shapes);
  } catch (const Exception& e) {
    Exception::raise("set_batch: cannot set model '", model->get_friendly_name(), "' to batch ", batch, ": ", e.what());
  }
}

}  // namespace ferry
