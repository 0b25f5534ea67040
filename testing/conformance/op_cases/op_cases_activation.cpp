// Case generators for activation functions: attribute-free ones (HSwish, Mish...), Clamp, Elu,
// PRelu (slope per channel, scalar, full shape) and Swish (with and without beta).

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

const std::vector<Type> kReals = {element::f32, element::f16, element::bf16};

// A rank-4 f32 case per attribute set, then a scalar, an empty tensor and the other types.
void activation_cases(const OpId& op, std::vector<OpCase>& cases, const std::vector<Type>& types,
                      const std::vector<std::pair<std::string, Attrs>>& variants) {
  for (const auto& [name, attrs] : variants) {
    add_case(cases, op, types.front(), "rank4" + name, [=, attrs = attrs](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(types.front(), {2, 3, 2, 2})}, attrs)};
    });
  }
  const Attrs attrs = variants.front().second;
  add_case(cases, op, types.front(), "scalar", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(types.front(), PartialShape{})}, attrs)};
  });
  add_case(cases, op, types.front(), "empty", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(types.front(), {0, 4})}, attrs)};
  });
  for (size_t i = 1; i < types.size(); ++i) {
    const Type type = types[i];
    add_case(cases, op, type, "rank2", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {3, 4})}, attrs)};
    });
  }
}

}  // namespace

void add_activation_generators(GeneratorTable& table) {
  for (const char* name : {"HSwish", "HSigmoid", "Mish", "SoftPlus", "SoftSign"}) {
    table[name] = [](const OpId& op, std::vector<OpCase>& cases) { activation_cases(op, cases, kReals, {{"", {}}}); };
  }
  table["Elu"] = [](const OpId& op, std::vector<OpCase>& cases) {
    activation_cases(op, cases, kReals, {{"_alpha1", {{"alpha", "1"}}}, {"_alpha0_5", {{"alpha", "0.5"}}}});
  };
  table["Clamp"] = [](const OpId& op, std::vector<OpCase>& cases) {
    activation_cases(
        op, cases, {element::f32, element::f16, element::bf16, element::i32},
        {{"_min_max", {{"min", "-1"}, {"max", "1.5"}}}, {"_equal_bounds", {{"min", "0.5"}, {"max", "0.5"}}}});
  };
  table["PRelu"] = [](const OpId& op, std::vector<OpCase>& cases) {
    add_case(cases, op, element::f32, "slope_per_channel", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {2, 3, 2, 2}), g.input(element::f32, {3})})};
    });
    add_case(cases, op, element::f32, "slope_scalar", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {2, 3, 4}), g.input(element::f32, {1})})};
    });
    add_case(cases, op, element::f32, "slope_full_shape", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {2, 3}), g.input(element::f32, {2, 3})})};
    });
    add_case(cases, op, element::f32, "rank1", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {5}), g.input(element::f32, {1})})};
    });
    for (const Type& type : {element::f16, element::bf16, element::i32}) {
      add_case(cases, op, type, "slope_per_channel", [=](GraphBuilder& g) -> OutputVector {
        return {g.op(op, {g.input(type, {2, 3, 4}), g.input(type, {3})})};
      });
    }
  };
  table["Swish"] = [](const OpId& op, std::vector<OpCase>& cases) {
    activation_cases(op, cases, kReals, {{"", {}}});
    add_case(cases, op, element::f32, "beta", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::f32, {2, 3, 4}), g.input(element::f32, PartialShape{}, Domain::Positive)})};
    });
  };
}

}  // namespace ferry::conformance
