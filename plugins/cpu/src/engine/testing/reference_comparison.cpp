#include "plugins/cpu/src/engine/testing/reference_comparison.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ferry/graph/ops/parameter.hpp"
#include "ferry/graph/ops/result.hpp"
#include "ferry/graph/reference_executor.hpp"
#include "ferry/value/tensor.hpp"

namespace ferry::cpu::engine::test_support {

bool close(float actual, float wanted) { return std::fabs(actual - wanted) <= 1e-4f * std::fabs(wanted) + 1e-5f; }

void compare_with_reference(const std::shared_ptr<Model>& model, const CompiledGraph& graph, unsigned seed) {
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> values(-2.f, 2.f);
  std::vector<std::vector<char>> memory;
  TensorVector inputs;
  for (const auto& parameter : model->get_parameters()) {
    const Shape shape = parameter->get_output_shape(0);
    memory.emplace_back(shape_size(shape) * parameter->get_element_type().size());
    Tensor tensor(parameter->get_element_type(), shape, memory.back().data());
    if (parameter->get_element_type() == element::f32) {
      for (size_t i = 0; i < shape_size(shape); ++i) tensor.data<float>()[i] = values(random);
    } else if (parameter->get_element_type() == element::i32) {
      for (size_t i = 0; i < shape_size(shape); ++i) tensor.data<int32_t>()[i] = static_cast<int32_t>(random() % 7);
    }
    inputs.push_back(tensor);
  }
  for (const auto& result : model->get_results())
    memory.emplace_back(shape_size(result->get_input_shape(0)) * result->get_input_element_type(0).size(), '\xff');
  std::vector<void*> arguments;
  for (auto& each : memory) arguments.push_back(each.data());
  graph.run(arguments);

  TensorVector expected;
  ReferenceExecutor(model).run(inputs, expected);
  for (size_t r = 0; r < expected.size(); ++r) {
    ASSERT_EQ(element::f32, expected[r].get_element_type());
    const auto* actual = reinterpret_cast<const float*>(memory[inputs.size() + r].data());
    size_t bad = 0;
    for (size_t i = 0; i < expected[r].get_size(); ++i)
      if (!close(actual[i], expected[r].data<float>()[i]) && bad++ < 3)
        ADD_FAILURE() << "output " << r << "[" << i << "]: " << actual[i] << ", reference "
                      << expected[r].data<float>()[i];
    EXPECT_EQ(0u, bad) << "output " << r;
  }
}

std::vector<std::string> steps_of(const CompiledGraph& graph, const std::set<std::string>& types) {
  std::vector<std::string> found;
  for (const OpProfile& step : graph.describe_steps())
    if (types.count(step.type)) found.push_back(step.type + ":" + step.exec_type);
  return found;
}

}  // namespace ferry::cpu::engine::test_support
