// Case generators for Ferry's own ops (version "ferry_ext1"), which ONNX models need and
// OpenVINO's opsets lack: Dropout at inference (identity and an all-true mask) and Det (batched
// determinant).

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

void dropout_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "inference_with_mask", [=](GraphBuilder& g) -> OutputVector {
    const auto dropout = g.op(op, {g.input(element::f32, {2, 3, 4}), g.constant(element::f32, {}, {0.5}),
                                   g.constant(element::boolean, {}, {0})});
    return dropout->outputs();
  });
  add_case(cases, op, element::f32, "training_with_ratio_zero", [=](GraphBuilder& g) -> OutputVector {
    const auto dropout = g.op(
        op, {g.input(element::f32, {5}), g.constant(element::f32, {}, {0.0}), g.constant(element::boolean, {}, {1})});
    return {dropout->output(0)};
  });
}

void det_cases(const OpId& op, std::vector<OpCase>& cases) {
  add_case(cases, op, element::f32, "batch_of_3x3", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {2, 3, 3})})};
  });
  add_case(cases, op, element::f32, "single_2x2", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(element::f32, {2, 2})})};
  });
}

}  // namespace

void add_extension_generators(GeneratorTable& table) {
  table["Dropout"] = dropout_cases;
  table["Det"] = det_cases;
}

}  // namespace ferry::conformance
