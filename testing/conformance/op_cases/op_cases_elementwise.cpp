// Case generators for elementwise ops: binary arithmetic, comparisons, logical ops and unary
// math. Broadcasting corners (numpy with ranks 0..4, both sides, none, pdpd), scalars and empty
// tensors, in f32 with one case per other element type.

#include "op_case.hpp"

namespace ferry::conformance {
namespace {

using element::Type;

// A two-input op with an "auto_broadcast" attribute. The f32 cases cover the shape corners;
// other types get one broadcasting case each.
void binary_cases(const OpId& op, std::vector<OpCase>& cases, Type main, const std::vector<Type>& others,
                  Domain a_domain, Domain b_domain) {
  struct Shapes {
    const char* name;
    PartialShape a, b;
    Attrs attrs;
  };
  const std::vector<Shapes> shapes = {
      {"same_shape", {2, 3}, {2, 3}, {}},
      {"broadcast_rank4", {2, 1, 3, 4}, {3, 1}, {}},
      {"broadcast_both", {2, 1, 4}, {3, 1}, {}},
      {"scalar_rhs", {2, 3}, PartialShape{}, {}},
      {"scalars", PartialShape{}, PartialShape{}, {}},
      {"empty", {0, 3}, {3}, {}},
      {"autob_none", {2, 3}, {2, 3}, {{"auto_broadcast", "none"}}},
      {"autob_pdpd_axis1", {2, 3, 4, 5}, {3, 4}, {{"auto_broadcast", "pdpd"}, {"axis", "1"}}},
  };
  for (const auto& s : shapes) {
    add_case(cases, op, main, s.name, [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(main, s.a, a_domain), g.input(main, s.b, b_domain)}, s.attrs)};
    });
  }
  for (const Type& type : others) {
    add_case(cases, op, type, "broadcast", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {2, 1, 3}, a_domain), g.input(type, {4, 1}, b_domain)})};
    });
  }
}

void arithmetic(GeneratorTable& table, const std::string& name, Domain a, Domain b) {
  table[name] = [=](const OpId& op, std::vector<OpCase>& cases) {
    binary_cases(op, cases, element::f32, {element::f16, element::bf16, element::i32, element::u8}, a, b);
  };
}

// f32 checks x == y only where inputs tie, so comparisons also get integers from a small range.
void comparison(GeneratorTable& table, const std::string& name) {
  table[name] = [](const OpId& op, std::vector<OpCase>& cases) {
    binary_cases(op, cases, element::f32, {element::f16, element::i32}, Domain::Any, Domain::Any);
    add_case(cases, op, element::i32, "ties", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::i32, {3, 4}, Domain::Unit), g.input(element::i32, {4}, Domain::Unit)})};
    });
  };
}

void logical(GeneratorTable& table, const std::string& name) {
  table[name] = [](const OpId& op, std::vector<OpCase>& cases) {
    binary_cases(op, cases, element::boolean, {}, Domain::Bool, Domain::Bool);
  };
}

// A one-input op: a rank-4 tensor, a scalar and an empty tensor in the main type, one case in
// each other type.
void unary_cases(const OpId& op, std::vector<OpCase>& cases, const std::vector<Type>& types, Domain domain,
                 const Attrs& attrs = {}, const std::string& suffix = "") {
  const Type main = types.front();
  add_case(cases, op, main, "rank4" + suffix, [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(main, {2, 3, 2, 2}, domain)}, attrs)};
  });
  if (!suffix.empty()) return;  // attribute variants: one shape is enough
  add_case(cases, op, main, "scalar",
           [=](GraphBuilder& g) -> OutputVector { return {g.op(op, {g.input(main, PartialShape{}, domain)}, attrs)}; });
  add_case(cases, op, main, "empty", [=](GraphBuilder& g) -> OutputVector {
    return {g.op(op, {g.input(main, {0, 3}, domain)}, attrs)};
  });
  for (size_t i = 1; i < types.size(); ++i) {
    const Type type = types[i];
    add_case(cases, op, type, "rank2", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(type, {3, 4}, domain)}, attrs)};
    });
  }
}

const std::vector<Type> kReals = {element::f32, element::f16, element::bf16};
const std::vector<Type> kNumbers = {element::f32, element::f16, element::bf16, element::i32};

void unary(GeneratorTable& table, const std::string& name, const std::vector<Type>& types, Domain domain) {
  table[name] = [=](const OpId& op, std::vector<OpCase>& cases) { unary_cases(op, cases, types, domain); };
}

}  // namespace

void add_elementwise_generators(GeneratorTable& table) {
  arithmetic(table, "Add", Domain::Any, Domain::Any);
  arithmetic(table, "Subtract", Domain::Any, Domain::Any);
  arithmetic(table, "Multiply", Domain::Any, Domain::Any);
  arithmetic(table, "Maximum", Domain::Any, Domain::Any);
  arithmetic(table, "Minimum", Domain::Any, Domain::Any);
  table["FloorMod"] = table["Mod"] = [](const OpId& op, std::vector<OpCase>& cases) {
    binary_cases(op, cases, element::f32, {element::f16, element::i32}, Domain::Any, Domain::NonZero);
  };
  // Shift amounts 1..9, inside every type's width (wider shifts are checked by core's own tests).
  table["BitwiseLeftShift"] = table["BitwiseRightShift"] = [](const OpId& op, std::vector<OpCase>& cases) {
    binary_cases(op, cases, element::i32, {element::u8, element::i64}, Domain::Any, Domain::Positive);
  };
  table["Power"] = [](const OpId& op, std::vector<OpCase>& cases) {
    binary_cases(op, cases, element::f32, {element::f16, element::bf16}, Domain::Positive, Domain::Unit);
    add_case(cases, op, element::i32, "small_exponents", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::i32, {3, 4}), g.input(element::i32, {4}, Domain::Unit)})};
    });
  };
  table["Divide"] = [](const OpId& op, std::vector<OpCase>& cases) {
    binary_cases(op, cases, element::f32, {element::f16, element::bf16, element::i32}, Domain::Any, Domain::NonZero);
    // Integer division: python (floor) by default, truncating when m_pythondiv is false.
    add_case(cases, op, element::i32, "truncating", [=](GraphBuilder& g) -> OutputVector {
      return {g.op(op, {g.input(element::i32, {3, 4}), g.input(element::i32, {4}, Domain::NonZero)},
                   {{"m_pythondiv", "false"}})};
    });
  };

  for (const char* name : {"Equal", "NotEqual", "Less", "Greater", "LessEqual", "GreaterEqual"})
    comparison(table, name);
  for (const char* name : {"LogicalAnd", "LogicalOr", "LogicalXor"}) logical(table, name);
  table["LogicalNot"] = [](const OpId& op, std::vector<OpCase>& cases) {
    unary_cases(op, cases, {element::boolean}, Domain::Bool);
  };

  for (const char* name : {"Relu", "Exp", "Abs", "Negative", "Floor", "Ceiling", "Sign"})
    unary(table, name, kNumbers, Domain::Any);
  for (const char* name : {"Sigmoid", "Tanh", "Erf"}) unary(table, name, kReals, Domain::Any);
  for (const char* name : {"Sqrt", "Log"}) unary(table, name, kNumbers, Domain::Positive);
  for (const char* name : {"Sin", "Cos", "Tan", "Atan", "Sinh", "Cosh", "Asinh", "Asin", "Acos", "Atanh"})
    unary(table, name, kReals, Domain::Unit);
  unary(table, "Acosh", kReals, Domain::AboveOne);
  table["Gelu"] = [](const OpId& op, std::vector<OpCase>& cases) {
    unary_cases(op, cases, kReals, Domain::Any);
    unary_cases(op, cases, {element::f32}, Domain::Any, {{"approximation_mode", "TANH"}}, "_tanh");
  };
  table["Round"] = [](const OpId& op, std::vector<OpCase>& cases) {
    unary_cases(op, cases, kNumbers, Domain::Any);
    unary_cases(op, cases, {element::f32}, Domain::Any, {{"mode", "half_away_from_zero"}}, "_half_away");
  };
}

}  // namespace ferry::conformance
