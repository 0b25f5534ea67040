#include "half_storage_check.hpp"

#include <gtest/gtest.h>

#include <cstring>

#include "ferry/graph/reference_executor.hpp"
#include "gpu_test_utils.hpp"

namespace ferry::gpu::test {

Tensor widened_to_f32(const Tensor& tensor) {
  if (tensor.get_element_type() != element::f16) return tensor;
  Tensor wide(element::f32, tensor.get_shape());
  for (size_t i = 0; i < tensor.get_size(); ++i) wide.data<float>()[i] = static_cast<float>(tensor.data<float16>()[i]);
  return wide;
}

std::shared_ptr<op::v0::Constant> half_exact_constant(const element::Type& type, const Shape& shape, unsigned seed,
                                                      double low, double high) {
  const Tensor wide = widened_to_f32(random_tensor(element::f16, shape, seed, low, high));
  const float* data = wide.data<float>();
  return op::v0::Constant::create(type, shape, std::vector<float>(data, data + wide.get_size()));
}

void expect_half_matches_f32_reference(const ModelOfType& build, const TensorVector& half_inputs, double atol,
                                       double rtol) {
  const std::shared_ptr<Model> half = build(element::f16), full = build(element::f32);
  TensorVector wide_inputs, expected;
  for (const Tensor& input : half_inputs) wide_inputs.push_back(widened_to_f32(input));
  ReferenceExecutor(full).run(wide_inputs, expected);

  static Core core = make_core();  // one per test binary: its plugin keeps the programs it built
  InferRequest request = core.compile_model(half, "GPU").create_infer_request();
  for (size_t i = 0; i < half_inputs.size(); ++i) request.set_input_tensor(i, half_inputs[i]);
  request.infer();
  ASSERT_EQ(expected.size(), half->get_results().size());
  for (size_t k = 0; k < expected.size(); ++k) {
    const Tensor actual = request.get_output_tensor(k);
    ASSERT_EQ(actual.get_shape(), expected[k].get_shape()) << "output " << k;
    if (expected[k].get_element_type() != element::f32) {  // integer outputs (indices) match exactly
      ASSERT_EQ(actual.get_element_type(), expected[k].get_element_type()) << "output " << k;
      EXPECT_EQ(std::memcmp(actual.data(), expected[k].data(), actual.get_byte_size()), 0) << "output " << k;
      continue;
    }
    ASSERT_EQ(actual.get_element_type(), element::f16) << "output " << k;
    expect_values_close(actual, expected[k], atol, rtol, "output " + std::to_string(k) + " (f16 against f32)");
  }
}

void expect_half_matches_f32_reference(const ModelOfType& build, unsigned seed, double atol, double rtol, double low,
                                       double high) {
  const std::shared_ptr<Model> half = build(element::f16);
  TensorVector inputs;
  for (const auto& parameter : half->get_parameters()) {
    const element::Type type = parameter->get_element_type();
    const bool real = type == element::f16 || type == element::f32;
    inputs.push_back(
        random_tensor(type, parameter->get_partial_shape().to_shape(), seed++, real ? low : -2.0, real ? high : 2.0));
  }
  expect_half_matches_f32_reference(build, inputs, atol, rtol);
}

}  // namespace ferry::gpu::test
