#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ferry/graph/model.hpp"
#include "plugins/cpu/src/engine/compiled_graph.hpp"

namespace ferry::cpu::engine::test_support {

// oneDNN sums in another order (and may use FMA): relative 1e-4 with an absolute floor of 1e-5,
// as OpenVINO's own CPU outputs are compared in core's tests.
bool close(float actual, float wanted);

// Runs `graph` on inputs drawn from `seed` and core's reference executor (Node::evaluate, no
// oneDNN) on the same; adds a gtest failure for each output element that is not close.
void compare_with_reference(const std::shared_ptr<Model>& model, const CompiledGraph& graph, unsigned seed);

// Each step of `graph` whose op type is in `types`, as "<type>:<exec type>".
std::vector<std::string> steps_of(const CompiledGraph& graph, const std::set<std::string>& types);

}  // namespace ferry::cpu::engine::test_support
