// Conformance, ops: every op version in core's registry, on generated cases (op_cases_*.cpp),
// compiled and run on the device and compared with core's reference evaluation of the same
// model. Ops the device does not claim in query_model are skipped as unsupported.

#include <gtest/gtest.h>

#include <cmath>

#include "ferry/base/element_convert.hpp"
#include "ferry/graph/ops/parameter.hpp"
#include "ferry/runtime/compiled_model.hpp"
#include "ferry/runtime/core.hpp"
#include "ferry/runtime/infer_request.hpp"
#include "options.hpp"
#include "testing/conformance/op_cases/op_case.hpp"

namespace ferry::conformance {
namespace {

// Allowed |actual - expected| <= atol + rtol * |expected|, by the output's element type.
struct Tolerance {
  double rtol, atol;
};
Tolerance tolerance_for(const element::Type& type) {
  switch (type.get_type()) {
    case element::Type_t::f32:
      return {1e-4, 1e-5};
    case element::Type_t::f64:
      return {1e-4, 1e-5};
    case element::Type_t::f16:
      return {1e-2, 1e-2};
    case element::Type_t::bf16:
      return {2e-2, 2e-2};
    default:
      return {0, 0};  // integers and boolean: exact
  }
}

std::vector<double> values_as_doubles(const Tensor& tensor) {
  Tensor host(tensor.get_element_type(), tensor.get_shape());
  tensor.copy_to(host);
  std::vector<double> values(host.get_size());
  element::visit_storage(host.get_element_type(), "conformance output", [&](auto tag) {
    using S = typename decltype(tag)::type;
    const S* data = static_cast<const S*>(host.data());
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(data[i]);
  });
  return values;
}

bool close(double actual, double expected, const Tolerance& tolerance) {
  if (std::isnan(expected)) return std::isnan(actual);
  if (std::isinf(expected)) return actual == expected;
  return std::abs(actual - expected) <= tolerance.atol + tolerance.rtol * std::abs(expected);
}

void expect_same_output(const Tensor& actual, const Tensor& expected, size_t index) {
  ASSERT_EQ(actual.get_element_type(), expected.get_element_type()) << "output " << index;
  ASSERT_EQ(actual.get_shape(), expected.get_shape()) << "output " << index;
  const Tolerance tolerance = tolerance_for(expected.get_element_type());
  const auto a = values_as_doubles(actual), e = values_as_doubles(expected);
  int reported = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    if (close(a[i], e[i], tolerance)) continue;
    ADD_FAILURE() << "output " << index << " element " << i << ": device " << a[i] << ", reference " << e[i]
                  << " (rtol " << tolerance.rtol << ", atol " << tolerance.atol << ")";
    if (++reported == 5) {
      ADD_FAILURE() << "output " << index << ": further mismatches not shown";
      return;
    }
  }
}

class OpConformance : public testing::TestWithParam<OpCase> {};

TEST_P(OpConformance, Run) {
  const OpCase& c = GetParam();
  if (!c.graph) GTEST_SKIP() << "no case generator yet";
  const BuiltCase built = c.build();
  const std::string& device = options().device;
  Core core = make_core();
  const SupportedOpsMap supported = core.query_model(built.model, device);
  if (!supported.count(built.op_name))
    GTEST_SKIP() << "unsupported: " << device << " does not claim " << c.op.type << "-" << c.op.opset;

  TensorVector inputs;
  const auto& parameters = built.model->get_parameters();
  for (size_t i = 0; i < parameters.size(); ++i) {
    const Shape shape = parameters[i]->get_output_partial_shape(0).to_shape();
    inputs.push_back(random_tensor(parameters[i]->get_output_element_type(0), shape, built.domains[i],
                                   built.seed + 1000003 * (i + 1)));
  }
  TensorVector expected;
  ASSERT_TRUE(built.model->evaluate(expected, inputs));

  CompiledModel compiled = core.compile_model(built.model, device);
  InferRequest request = compiled.create_infer_request();
  for (size_t i = 0; i < inputs.size(); ++i) request.set_input_tensor(i, inputs[i]);
  request.infer();
  ASSERT_EQ(compiled.outputs().size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) expect_same_output(request.get_output_tensor(i), expected[i], i);
}

INSTANTIATE_TEST_SUITE_P(Ops, OpConformance, testing::ValuesIn(all_op_cases()),
                         [](const testing::TestParamInfo<OpCase>& info) { return info.param.test_name(); });

}  // namespace

// How GoogleTest prints a case in a failure message.
void PrintTo(const OpCase& c, std::ostream* out) { *out << c.test_name(); }

}  // namespace ferry::conformance
