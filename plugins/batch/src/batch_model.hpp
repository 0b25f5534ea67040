#pragma once

#include <memory>
#include <string>

#include "ferry/graph/model.hpp"

namespace ferry::batch {

// Automatic batching works on models whose every input and output is a static shape [1, ...] of a
// byte-addressable element type: N user requests then fill the N items of one batched tensor,
// each through a view of its item. Throws naming `device` (the BATCH device's full name), the
// port and its shape when `model` is not such a model.
void check_batchable_model(const Model& model, const std::string& device);

// A clone of `model` with every input's dim 0 set to `batch`. Throws naming `device` and the
// output when an output's dim 0 does not become `batch` with the rest of its shape unchanged
// (the model mixes the items, e.g. a Reshape to a fixed shape).
std::shared_ptr<Model> make_batched_model(const Model& model, size_t batch, const std::string& device);

// A port's first tensor name, else "<node>:<index>", for error messages.
std::string batch_port_name(const Output<const Node>& port);

}  // namespace ferry::batch
