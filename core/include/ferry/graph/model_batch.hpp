#pragma once

// A model's batch, found through its inputs' layouts: the "N" axis of every input whose layout
// (Parameter::set_layout, layout::set_layout, or the IR's port rt_info) names one.
#include <memory>

#include "ferry/base/dimension.hpp"
#include "ferry/graph/model.hpp"

namespace ferry {

// The batch the inputs agree on. Throws naming the model when no input has a layout with N,
// when such an input's rank is dynamic, or when two inputs' batches cannot be the same.
Dimension get_batch(const std::shared_ptr<const Model>& model);

// Reshapes every input whose layout has N to `batch` on that axis, leaving the other inputs as
// they are. Throws naming the model when no input has a layout with N or the reshape fails (the
// model is then unchanged).
void set_batch(const std::shared_ptr<Model>& model, Dimension batch);

}  // namespace ferry
