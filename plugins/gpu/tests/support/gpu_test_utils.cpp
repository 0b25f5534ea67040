#include "gpu_test_utils.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "ferry/graph/reference_executor.hpp"

namespace ferry::gpu::test {
namespace {

double read(const Tensor& tensor, size_t i) {
  const element::Type type = tensor.get_element_type();
  if (type == element::f32) return tensor.data<float>()[i];
  if (type == element::i32) return tensor.data<int32_t>()[i];
  if (type == element::i64) return static_cast<double>(tensor.data<int64_t>()[i]);
  if (type == element::u8 || type == element::boolean) return static_cast<const uint8_t*>(tensor.data())[i];
  if (type == element::i8) return static_cast<const int8_t*>(tensor.data())[i];
  if (type == element::f16) return static_cast<float>(tensor.data<float16>()[i]);
  ADD_FAILURE() << "gpu_test_utils: no reader for " << type;
  return 0;
}

}  // namespace

void expect_values_close(const Tensor& actual, const Tensor& expected, double atol, double rtol,
                         const std::string& what) {
  ASSERT_EQ(actual.get_shape(), expected.get_shape()) << what;
  size_t mismatches = 0;
  for (size_t i = 0; i < actual.get_size() && mismatches < 5; ++i) {
    const double a = read(actual, i), e = read(expected, i);
    if (std::isnan(e) && std::isnan(a)) continue;
    if (std::isinf(e) && a == e) continue;
    if (!(std::abs(a - e) <= atol + rtol * std::abs(e))) {
      ++mismatches;
      ADD_FAILURE() << what << " element " << i << ": GPU " << a << ", reference " << e;
    }
  }
}

Core make_core() { return Core(); }

bool gpu_shares_host_memory(Core& core) { return core.get_property("GPU", device::type) == device::Type::INTEGRATED; }

std::shared_ptr<Param> param(const Shape& shape, const element::Type& type) {
  return std::make_shared<Param>(type, PartialShape(shape));
}

std::shared_ptr<Model> model_of(const Output<Node>& output, const ParameterVector& parameters) {
  return std::make_shared<Model>(OutputVector{output}, parameters, "primitive_test");
}

std::shared_ptr<op::v0::Constant> ints(const std::vector<int64_t>& values) {
  return op::v0::Constant::create(element::i64, Shape{values.size()}, values);
}

Tensor random_tensor(const element::Type& type, const Shape& shape, unsigned seed, double low, double high) {
  Tensor tensor(type, shape);
  std::mt19937 generator(seed);
  std::uniform_real_distribution<double> uniform(low, high);
  const size_t count = tensor.get_size();
  for (size_t i = 0; i < count; ++i) {
    const double value = uniform(generator);
    if (type == element::f32)
      tensor.data<float>()[i] = static_cast<float>(value);
    else if (type == element::i32)
      tensor.data<int32_t>()[i] = static_cast<int32_t>(std::lround(value));
    else if (type == element::i64)
      tensor.data<int64_t>()[i] = std::lround(value);
    else if (type == element::boolean || type == element::u8)
      static_cast<uint8_t*>(tensor.data())[i] =
          type == element::boolean ? (value > 0) : static_cast<uint8_t>(std::abs(value));
    else if (type == element::i8)
      static_cast<int8_t*>(tensor.data())[i] = static_cast<int8_t>(std::lround(value));
    else if (type == element::f16)
      tensor.data<float16>()[i] = float16(static_cast<float>(value));
    else
      ADD_FAILURE() << "random_tensor: no writer for " << type;
  }
  return tensor;
}

TensorVector random_inputs(const std::shared_ptr<Model>& model, unsigned seed) {
  TensorVector inputs;
  for (const auto& parameter : model->get_parameters())
    inputs.push_back(random_tensor(parameter->get_element_type(), parameter->get_partial_shape().to_shape(), seed++));
  return inputs;
}

void expect_matches_reference(const std::shared_ptr<Model>& model, const TensorVector& inputs, double atol,
                              double rtol) {
  TensorVector expected;
  ReferenceExecutor(model).run(inputs, expected);

  // One Core for the whole test binary: its GPU plugin keeps the programs it built.
  static Core core = make_core();
  CompiledModel compiled = core.compile_model(model, "GPU");
  InferRequest request = compiled.create_infer_request();
  for (size_t i = 0; i < inputs.size(); ++i) request.set_input_tensor(i, inputs[i]);
  request.infer();
  for (size_t k = 0; k < expected.size(); ++k) {
    const Tensor actual = request.get_output_tensor(k);
    ASSERT_EQ(actual.get_element_type(), expected[k].get_element_type()) << "output " << k;
    expect_values_close(actual, expected[k], atol, rtol, "output " + std::to_string(k));
  }
}

}  // namespace ferry::gpu::test
