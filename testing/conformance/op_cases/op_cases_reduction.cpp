// Case generators for reductions: axes positive, negative, several and all, keep_dims on and
// off, scalar results; axes come as an i64 or i32 constant.

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

void reduce_cases(const OpId& op, std::vector<OpCase>& cases, const std::vector<Type>& types, Domain domain) {
  struct Reduction {
    const char* name;
    PartialShape data;
    std::vector<int64_t> axes;
    bool keep_dims;
  };
  const std::vector<Reduction> reductions = {
      {"axis1", {2, 3, 4}, {1}, false},
      {"axis1_keep_dims", {2, 3, 4}, {1}, true},
      {"negative_axes", {2, 3, 4}, {-1, 0}, false},
      {"all_axes_keep_dims", {2, 3, 2, 2}, {0, 1, 2, 3}, true},
      {"all_axes_to_scalar", {3, 4}, {0, 1}, false},
      {"rank1", {5}, {0}, false},
  };
  for (const auto& r : reductions) {
    add_case(cases, op, types.front(), r.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(types.front(), r.data, domain), g.i64s(r.axes)},
                   {{"keep_dims", r.keep_dims ? "true" : "false"}})};
    });
  }
  for (size_t i = 1; i < types.size(); ++i) {
    const Type type = types[i];
    add_case(cases, op, type, "axes_i32_keep_dims", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {2, 3, 4}, domain), g.ints(element::i32, Shape{2}, {0, -1})},
                   {{"keep_dims", "true"}})};
    });
  }
}

}  // namespace

void add_reduction_generators(GeneratorTable& table) {
  for (const char* name : {"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceL1"}) {
    table[name] = [](const OpId& op, std::vector<OpCase>& cases) {
      reduce_cases(op, cases, {element::f32, element::f16, element::bf16, element::i32}, Domain::Any);
    };
  }
  table["ReduceProd"] = [](const OpId& op, std::vector<OpCase>& cases) {  // near 1 so products stay small
    reduce_cases(op, cases, {element::f32, element::f16, element::i32}, Domain::Unit);
  };
  table["ReduceL2"] = [](const OpId& op, std::vector<OpCase>& cases) {
    reduce_cases(op, cases, {element::f32, element::f16, element::bf16}, Domain::Any);
  };
}

}  // namespace ferry::conformance
