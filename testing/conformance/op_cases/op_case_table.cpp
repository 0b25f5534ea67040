// The Ops category's case list, generated from the op registry: every op version core knows
// gets its generator's cases, or one skipped "no_generator" case that says a generator is due.

#include <set>

#include "ferry/graph/op_registry.hpp"
#include "op_case.hpp"

namespace ferry::conformance {
namespace {

GeneratorTable make_table() {
  GeneratorTable table;
  add_elementwise_generators(table);
  add_activation_generators(table);
  add_nn_generators(table);
  add_shape_generators(table);
  add_reduction_generators(table);
  add_movement_generators(table);
  add_indexing_generators(table);
  add_normalization_generators(table);
  add_sequence_generators(table);
  add_image_generators(table);
  add_transposed_convolution_generators(table);
  add_detection_generators(table);
  add_scatter_generators(table);
  add_extension_generators(table);
  return table;
}

}  // namespace

const std::vector<OpCase>& all_op_cases() {
  static const std::vector<OpCase> cases = [] {
    const GeneratorTable table = make_table();
    std::vector<OpCase> all;
    for (const auto& info : OpRegistry::global().list()) {
      const OpId id{info.name, info.version_id};
      const size_t before = all.size();
      const auto generator = table.find(id.type);
      if (generator != table.end()) generator->second(id, all);
      if (all.size() == before) all.push_back(OpCase{id, "any", "no_generator", {}});
    }
    // GoogleTest refuses duplicate parameter names; a generator that repeats one still runs.
    std::set<std::string> seen;
    for (auto& c : all) {
      const std::string base = c.name;
      for (int n = 2; !seen.insert(c.test_name()).second; ++n) c.name = base + "_" + std::to_string(n);
    }
    return all;
  }();
  return cases;
}

}  // namespace ferry::conformance
